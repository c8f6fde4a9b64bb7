/** "Who is watching" (ADR 0024): the observers in the room, which only the team ever sees. */
import { useTranslation } from 'react-i18next';
import type { RoomPeerDto } from '@/lib/api-types/RoomPeerDto';

export function Watchers({ observers }: { observers: RoomPeerDto[] }) {
  const { t } = useTranslation();
  return (
    <section className="room-panel" aria-labelledby="watchers-title">
      <h2 id="watchers-title" className="room-panel__title">
        {t('moderated.watchers.title')}
      </h2>
      {observers.length === 0 ? (
        <p className="text-note">{t('moderated.watchers.none')}</p>
      ) : (
        <ul className="list-indented" data-testid="watchers">
          {observers.map((peer) => (
            <li key={peer.peerId}>{peer.name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
