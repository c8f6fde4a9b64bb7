/**
 * /session/{id} (issue 49, ADR 0024): the moderated session's room for the team. The session's
 * `myRole` decides the view: the moderator sees and hears the participant, talks (microphone and
 * camera), sees who is watching, moves the participant through the tasks and reads the
 * backchannel; an observer gets the same picture receive-only, sends no media, and chats.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { LoadingBlock } from '@/components/ui/loading-block';
import { PageHeader } from '@/components/ui/page-header';
import { useModeratedSession, useSessionTasks } from '@/features/sessions/api/sessions';
import { Backchannel } from '@/features/sessions/components/backchannel';
import { CallStatus } from '@/features/sessions/components/call-status';
import { ModeratorControls } from '@/features/sessions/components/moderator-controls';
import { ParticipantView } from '@/features/sessions/components/participant-view';
import { TaskControl } from '@/features/sessions/components/task-control';
import { Watchers } from '@/features/sessions/components/watchers';
import { useCall } from '@/features/sessions/hooks/use-call';
import { apiPaths } from '@/lib/api-paths';
import { observersOf, peerOf } from '@/lib/call/room-state';
import '@/features/sessions/sessions.css';

export function SessionRoomPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useModeratedSession(id);
  const tasks = useSessionTasks(session.data?.analysisId);
  const options = useMemo(
    () => (session.data ? { roomPath: apiPaths.sessionRoom(id), icePath: apiPaths.sessionIce(id) } : null),
    [session.data, id],
  );
  const { client, snapshot } = useCall(options);

  if (session.isPending) return <LoadingBlock label={t('moderated.room.loading')} />;
  if (session.isError) {
    return <Alert tone="error" title={serverMessage(session.error) ?? t('moderated.room.loadError')} />;
  }
  const moderator = session.data.myRole === 'moderator';
  const room = snapshot?.room;
  const chat = room?.chat ?? [];
  return (
    <div className="session-room">
      <PageHeader
        title={t('titles.sessionRoom')}
        subtitle={moderator ? t('moderated.room.asModerator') : t('moderated.room.asObserver')}
        back={{ to: `/analysis/${session.data.analysisId}`, label: t('moderated.room.back') }}
      />
      <CallStatus snapshot={snapshot} waitingFor={!room || !peerOf(room, 'participant')} />
      <div className="session-room__grid">
        <div className="session-room__main">
          <ParticipantView remote={snapshot?.remote ?? []} />
          {moderator && client ? <ModeratorControls client={client} /> : null}
          <TaskControl
            tasks={tasks.data ?? []}
            current={room?.task ?? null}
            onMove={moderator && client ? (index) => void client.sendTask(index) : null}
          />
        </div>
        <aside className="session-room__side">
          <Watchers observers={room ? observersOf(room) : []} />
          <Backchannel chat={chat} onSend={(text) => client?.sendChat(text) ?? false} />
        </aside>
      </div>
    </div>
  );
}
