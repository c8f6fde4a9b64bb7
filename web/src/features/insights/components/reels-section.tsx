/**
 * 'Reels' on the analysis page (ADR 0012): the analysis's highlight reels, a form to start one, and
 * the open reel with its clips to reorder ('Añadir a…' in the notes list adds clips to it), play
 * back to back, share or delete.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { serverMessage } from '@/components/form';
import { SectionHeader } from '@/components/ui/section-header';
import { formatDuration } from '@/lib/time';
import { useCreateReel, useDeleteReel, useReel, useReels } from '@/features/insights/api/reels';
import { ReelEditor } from '@/features/insights/components/reel-editor';
import { ReelPlayer } from '@/features/insights/components/reel-player';
import type { ReelSummaryDto } from '@/lib/api-types/ReelSummaryDto';
import { useTeamRole } from '@/components/session/use-team-role';
import { AuthorBadge } from '@/components/author-badge';

interface ReelsSectionProps {
  analysisId: string;
  openReelId: string | null;
  onOpen: (reelId: string | null) => void;
  onShare: (reel: { id: string; title: string }) => void;
  announce: (text: string) => void;
}

export function ReelsSection({ analysisId, openReelId, onOpen, onShare, announce }: ReelsSectionProps) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const id = useId();
  const reels = useReels(analysisId);
  const create = useCreateReel(analysisId);
  const remove = useDeleteReel(analysisId);
  const open = useReel(openReelId);
  const [title, setTitle] = useState('');
  const [playing, setPlaying] = useState(false);
  const [deleting, setDeleting] = useState<ReelSummaryDto | null>(null);
  const titleId = `${id}-title`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { title, clipIds: [] },
      {
        onSuccess: (reel) => {
          setTitle('');
          setPlaying(false);
          onOpen(reel.id);
          announce(t('clips.reels.created', { title: reel.title }));
        },
      },
    );
  };

  const list = reels.data ?? [];
  const reel = open.data;

  return (
    <section className="card card--snug insights-reels" aria-labelledby={titleId} data-testid="analysis-reels">
      <SectionHeader title={t('clips.reels.title')} titleId={titleId} description={t('clips.reels.description')} />
      {/* Reels are a researcher's (ADR 0019): an observer watches them. */}
      {canResearch ? (
        <form className="insights-inline-form" onSubmit={submit} noValidate>
          <label htmlFor={`${id}-new`}>{t('clips.reels.newTitle')}</label>
          <div className="cluster">
            <input
              id={`${id}-new`}
              type="text"
              value={title}
              maxLength={200}
              autoComplete="off"
              onChange={(event) => setTitle(event.currentTarget.value)}
            />
            <button type="submit" className="button button--primary" aria-busy={create.isPending || undefined}>
              {t('clips.reels.create')}
            </button>
          </div>
          {create.isError ? (
            <p className="insights-inline-form__error" role="alert">
              {serverMessage(create.error) ?? t('clips.reels.saveFailed')}
            </p>
          ) : null}
        </form>
      ) : null}
      {reels.isError ? <Alert tone="error" title={t('clips.reels.loadError')} /> : null}
      {list.length === 0 && !reels.isPending ? <p className="text-note">{t('clips.reels.none')}</p> : null}
      {list.length > 0 ? (
        <ul className="list-plain insights-reels__list" aria-label={t('clips.reels.listLabel')}>
          {list.map((item) => (
            <li
              key={item.id}
              className="insights-reels__item cluster-between"
              data-open={item.id === openReelId || undefined}
              data-testid="reel-item"
            >
              <div>
                <p className="insights-reels__name">{item.title}</p>
                <p className="text-note">
                  {t('clips.reels.summary', { count: item.clipCount, duration: formatDuration(item.durationMs) })}
                </p>
                {item.author ? <AuthorBadge author={item.author} /> : null}
              </div>
              <div className="cluster">
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  aria-expanded={item.id === openReelId}
                  onClick={() => {
                    setPlaying(false);
                    onOpen(item.id === openReelId ? null : item.id);
                  }}
                >
                  {item.id === openReelId ? t('clips.reels.close') : t('clips.reels.open')}{' '}
                  <span className="visually-hidden">{item.title}</span>
                </button>
                {canResearch ? (
                  <>
                    <button type="button" className="button button--ghost button--sm" onClick={() => onShare(item)}>
                      {t('clips.share.action')} <span className="visually-hidden">{item.title}</span>
                    </button>
                    <button type="button" className="button button--ghost button--sm" onClick={() => setDeleting(item)}>
                      {t('clips.reels.delete')} <span className="visually-hidden">{item.title}</span>
                    </button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {openReelId && reel ? (
        <div className="insights-reels__open" data-testid="open-reel">
          <h3>{reel.title}</h3>
          <ReelEditor analysisId={analysisId} reel={reel} announce={announce} />
          {reel.clips.length > 0 ? (
            playing ? (
              <ReelPlayer title={reel.title} clips={reel.clips} />
            ) : (
              <button type="button" className="button button--primary" onClick={() => setPlaying(true)}>
                {t('clips.reels.play')}
              </button>
            )
          ) : null}
        </div>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('clips.reels.deleteTitle')}
          body={t('clips.reels.deleteBody', { title: deleting.title })}
          confirmLabel={t('clips.reels.delete')}
          cancelLabel={t('entry.cancel')}
          busyLabel={t('entry.working')}
          destructive
          busy={remove.isPending}
          error={
            remove.isError ? (
              <Alert tone="error" title={serverMessage(remove.error) ?? t('clips.reels.saveFailed')} />
            ) : null
          }
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                if (deleting.id === openReelId) onOpen(null);
                announce(t('clips.reels.deleted', { title: deleting.title }));
                setDeleting(null);
              },
            })
          }
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
