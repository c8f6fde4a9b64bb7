/** The card shown before each clip of a reel: which clip of how many, its title, the participant and the task. */
import { useTranslation } from 'react-i18next';
import type { PlaylistClipDto } from '@/lib/api-types/PlaylistClipDto';

export function clipSource(
  clip: Pick<PlaylistClipDto, 'participantNumber' | 'taskNumber' | 'taskContent'>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const who =
    clip.participantNumber === null
      ? t('clips.recording')
      : t('entry.participantN', { number: clip.participantNumber });
  if (clip.taskNumber === null) return who;
  const task = t('clips.taskN', { number: clip.taskNumber });
  return clip.taskContent ? `${who} · ${task}: ${clip.taskContent}` : `${who} · ${task}`;
}

export function TitleCard({ clip, position, count }: { clip: PlaylistClipDto; position: number; count: number }) {
  const { t } = useTranslation();
  return (
    <div className="reel-card" data-testid="reel-title-card">
      <p className="text-note">{t('clips.reels.position', { position, count })}</p>
      <p className="reel-card__title">{clip.title ?? t('clips.untitled')}</p>
      <p className="reel-card__source">{clipSource(clip, t as never)}</p>
    </div>
  );
}
