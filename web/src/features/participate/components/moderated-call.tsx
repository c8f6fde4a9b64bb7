/**
 * The participant's side of a moderated session (issue 49, ADR 0024), loaded only when the link
 * has `?session=`: once the recording runs it joins the room through the link, sends the screen,
 * microphone and camera the recorder already uses (the call never stops them: the recording goes
 * on whatever the call does), plays the moderator's voice and camera, follows the task the
 * moderator chooses, and says 'Reconectando…' while the call is lost. Nothing here can tell
 * the participant that anyone but the moderator is there: the room never tells them.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallVoices, StreamVideo, streamOf } from '@/components/call/stream-media';
import { callStreamsAtom, moveToTaskAtom } from '@/features/participate/stores/call-actions';
import { recordingAtom } from '@/features/participate/stores/participation-state';
import { get } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import type { SessionLinkResponse } from '@/lib/api-types/SessionLinkResponse';
import '@/features/participate/styles/moderated-call.css';
import { CallClient, type CallSnapshot } from '@/lib/call/call-client';

/** The call's client and snapshot once the recording runs and the link was found. */
function useParticipantCall(token: string) {
  const recording = useAtomValue(recordingAtom).phase === 'recording';
  const [started, setStarted] = useState(false);
  const [link, setLink] = useState<SessionLinkResponse | null | 'missing'>(null);
  const [call, setCall] = useState<{ client: CallClient; snapshot: CallSnapshot } | null>(null);
  useEffect(() => {
    if (recording) setStarted(true);
  }, [recording]);
  useEffect(() => {
    if (!started) return undefined;
    let gone = false;
    let client: CallClient | null = null;
    get<SessionLinkResponse>(apiPaths.sessionLinkView(token))
      .then((answer) => {
        if (gone) return;
        setLink(answer);
        const joined = new CallClient({
          roomPath: apiPaths.sessionLinkRoom(token),
          icePath: apiPaths.sessionLinkIce(token),
        });
        client = joined;
        setCall({ client: joined, snapshot: joined.snapshot() });
        joined.subscribe((snapshot) => setCall({ client: joined, snapshot }));
        void joined.start();
      })
      .catch(() => {
        if (!gone) setLink('missing');
      });
    return () => {
      gone = true;
      client?.close();
    };
  }, [started, token]);
  return { link, call };
}

export function ModeratedCall({ token }: { token: string }) {
  const { t } = useTranslation();
  const { link, call } = useParticipantCall(token);
  const streams = useAtomValue(callStreamsAtom);
  const moveToTask = useSetAtom(moveToTaskAtom);
  const client = call?.client ?? null;
  const snapshot = call?.snapshot ?? null;
  const task = snapshot?.room.task ?? null;

  useEffect(() => {
    if (!client) return;
    client.setLocalStream('screen', streams.screen);
    client.setLocalStream('voice', streams.microphone);
    client.setLocalStream('camera', streams.camera);
  }, [client, streams]);

  useEffect(() => {
    if (task !== null) moveToTask(task);
  }, [task, moveToTask]);

  if (link === null) return null;
  if (link === 'missing') {
    return (
      <p className="moderated-call__status" role="status">
        {t('participate.call.notFound')}
      </p>
    );
  }
  const health = snapshot?.health ?? 'connecting';
  const remote = snapshot?.remote ?? [];
  const camera = streamOf(remote, 'moderator', 'camera');
  return (
    <section className="moderated-call" aria-labelledby="moderated-call-title">
      <h2 id="moderated-call-title" className="moderated-call__title">
        {t('participate.call.title', { name: link.moderatorName })}
      </h2>
      <p className="moderated-call__status" role="status" data-testid="participant-call-status">
        {t(`participate.call.${health}`)}
      </p>
      {camera ? <StreamVideo stream={camera} label={t('participate.call.camera')} testId="moderator-video" /> : null}
      <CallVoices remote={remote} enableLabel={t('participate.call.enableSound')} />
    </section>
  );
}
