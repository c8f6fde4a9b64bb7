/**
 * One reel's clips in order, to reorder and trim (ADR 0012): drag a clip to another place, or use
 * its 'Subir'/'Bajar' buttons or Alt+↑/↓ anywhere in its row; 'Quitar' takes it out. Each change
 * writes the whole order at once (PATCH clipIds) and is announced in a polite live region.
 */
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { Alert } from '@/components/alert';
import { Stack } from '@/components/ui/stack';
import { serverMessage } from '@/components/form';
import { useQueryClient } from '@tanstack/react-query';
import { formatClock } from '@/lib/time';
import { reelKey } from '@/features/insights/api/query-keys';
import { useUpdateReel } from '@/features/insights/api/reels';
import { noteRange } from '@/features/insights/components/analysis-notes';
import { clipSource } from '@/features/insights/components/title-card';
import { moveBy, moveTo } from '@/features/insights/lib/reel-order';
import type { ReelDto } from '@/lib/api-types/ReelDto';

interface ReelEditorProps {
  analysisId: string;
  reel: ReelDto;
  announce: (text: string) => void;
}

export function ReelEditor({ analysisId, reel, announce }: ReelEditorProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const update = useUpdateReel(analysisId, reel.id);
  const [dragged, setDragged] = useState<string | null>(null);
  const ids = reel.clips.map((clip) => clip.clipId);

  const write = (next: string[], message: string) => {
    if (next.join() === ids.join()) return;
    // Shown at once; the server's answer (the same order) replaces it.
    const byId = new Map(reel.clips.map((clip) => [clip.clipId, clip]));
    client.setQueryData<ReelDto>(reelKey(reel.id), { ...reel, clips: next.flatMap((id) => byId.get(id) ?? []) });
    update.mutate({ clipIds: next }, { onError: () => client.setQueryData(reelKey(reel.id), reel) });
    announce(message);
  };

  const titleOf = (id: string) => reel.clips.find((clip) => clip.clipId === id)?.title ?? t('clips.untitled');

  const move = (id: string, direction: -1 | 1) => {
    const next = moveBy(ids, id, direction);
    write(next, t('clips.reels.moved', { title: titleOf(id), position: next.indexOf(id) + 1, count: next.length }));
  };

  const remove = (id: string) => {
    write(
      ids.filter((other) => other !== id),
      t('clips.reels.removed', { title: titleOf(id) }),
    );
  };

  const onKeyDown = (event: KeyboardEvent, id: string) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(id, event.key === 'ArrowUp' ? -1 : 1);
  };

  const onDrop = (event: DragEvent, target: string) => {
    event.preventDefault();
    const id = dragged ?? event.dataTransfer.getData('text/plain');
    setDragged(null);
    if (!id || id === target) return;
    const next = moveTo(ids, id, ids.indexOf(target));
    write(next, t('clips.reels.moved', { title: titleOf(id), position: next.indexOf(id) + 1, count: next.length }));
  };

  return (
    <Stack gap={2} className="reel-editor">
      {update.isError ? (
        <Alert tone="error" title={serverMessage(update.error) ?? t('clips.reels.saveFailed')} />
      ) : null}
      {reel.clips.length === 0 ? (
        <p className="text-note" data-testid="reel-empty">
          {t('clips.reels.noClips')}
        </p>
      ) : (
        <>
          <p className="text-note" id={`reel-${reel.id}-hint`}>
            {t('clips.reels.reorderHint')}
          </p>
          <ol
            className="list-plain reel-editor__list"
            aria-label={t('clips.reels.clipsOf', { title: reel.title })}
            data-testid="reel-clips"
          >
            {reel.clips.map((clip, i) => (
              <li
                key={clip.clipId}
                className="reel-editor__item"
                data-dragging={dragged === clip.clipId || undefined}
                data-testid="reel-clip"
                draggable
                onDragStart={(event) => {
                  setDragged(clip.clipId);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', clip.clipId);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, clip.clipId)}
                onKeyDown={(event) => onKeyDown(event, clip.clipId)}
              >
                <GripVertical aria-hidden="true" size={18} className="reel-editor__grip" />
                <span className="reel-editor__number">{i + 1}</span>
                <div className="reel-editor__text">
                  <p className="reel-editor__title">{clip.title ?? t('clips.untitled')}</p>
                  <p className="text-note">
                    {clipSource(clip, t as never)} · {noteRange({ atMs: clip.startMs, endMs: clip.endMs })} (
                    {formatClock(clip.endMs - clip.startMs)})
                  </p>
                </div>
                <div className="cluster reel-editor__actions">
                  <button
                    type="button"
                    className="button button--ghost button--sm button--icon"
                    aria-label={t('clips.reels.moveUp', { title: clip.title ?? t('clips.untitled') })}
                    aria-keyshortcuts="Alt+ArrowUp"
                    aria-describedby={`reel-${reel.id}-hint`}
                    aria-disabled={i === 0 || undefined}
                    onClick={() => move(clip.clipId, -1)}
                  >
                    <ArrowUp aria-hidden="true" size={18} />
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--sm button--icon"
                    aria-label={t('clips.reels.moveDown', { title: clip.title ?? t('clips.untitled') })}
                    aria-keyshortcuts="Alt+ArrowDown"
                    aria-describedby={`reel-${reel.id}-hint`}
                    aria-disabled={i === reel.clips.length - 1 || undefined}
                    onClick={() => move(clip.clipId, 1)}
                  >
                    <ArrowDown aria-hidden="true" size={18} />
                  </button>
                  <button type="button" className="button button--ghost button--sm" onClick={() => remove(clip.clipId)}>
                    {t('clips.reels.remove')}{' '}
                    <span className="visually-hidden">{clip.title ?? t('clips.untitled')}</span>
                  </button>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </Stack>
  );
}
