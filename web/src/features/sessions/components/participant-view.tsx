/**
 * What the team sees of the participant (ADR 0024): their screen and camera live, the voices of
 * the call (the participant's; for observers also the moderator's), and 'Activar sonido' when the
 * browser wants a click before playing sound.
 */
import { useTranslation } from 'react-i18next';
import { CallVoices, StreamVideo, streamOf } from '@/components/call/stream-media';
import type { RemoteMedia } from '@/lib/call/call-client';

export function ParticipantView({ remote }: { remote: RemoteMedia[] }) {
  const { t } = useTranslation();
  const screen = streamOf(remote, 'participant', 'screen');
  const camera = streamOf(remote, 'participant', 'camera');
  const moderatorCamera = streamOf(remote, 'moderator', 'camera');
  return (
    <section className="room-stage" aria-label={t('moderated.media.stage')}>
      {screen ? (
        <StreamVideo stream={screen} label={t('moderated.media.screen')} testId="remote-screen" />
      ) : (
        <p className="room-stage__empty">{t('moderated.media.noScreen')}</p>
      )}
      <div className="cluster room-stage__cameras">
        {camera ? <StreamVideo stream={camera} label={t('moderated.media.camera')} testId="remote-camera" /> : null}
        {moderatorCamera ? (
          <StreamVideo
            stream={moderatorCamera}
            label={t('moderated.media.moderatorCamera')}
            testId="moderator-camera"
          />
        ) : null}
      </div>
      <CallVoices remote={remote} enableLabel={t('moderated.media.enableSound')} />
    </section>
  );
}
