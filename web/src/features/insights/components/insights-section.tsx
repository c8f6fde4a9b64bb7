/**
 * The analysis page's clips, reels and share links (ADR 0012), in their own section so the page
 * only mounts this: `part="clips"` is 'Notas y clips' (filters; each clip can go into the open reel
 * or be shared) and 'Reels', the page's 'Notas y clips' tab; `part="shares"` is every share link of
 * the analysis with its views, the 'Compartir' tab (issue 45). One polite live region announces
 * what the buttons did. An observer of the team reads the notes and reels but shares nothing and
 * makes no reel (ADR 0019). A link to one reel (`?reel=<id>`, from 'Temas' after 'Crear reel')
 * opens it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SectionHeader } from '@/components/ui/section-header';
import { Stack } from '@/components/ui/stack';
import { useAddToReel, useReel } from '@/features/insights/api/reels';
import { useShares } from '@/features/insights/api/shares';
import { AnalysisNotes } from '@/features/insights/components/analysis-notes';
import { ReelsSection } from '@/features/insights/components/reels-section';
import { ShareDialog, type ShareTarget } from '@/features/insights/components/share-dialog';
import { ShareList } from '@/features/insights/components/share-list';
import type { AnalysisNoteDto } from '@/lib/api-types/AnalysisNoteDto';
import '@/features/insights/insights.css';
import { useTeamRole } from '@/components/session/use-team-role';

interface InsightsSectionProps {
  analysisId: string;
  analysisName: string;
  taskCount: number;
  /** Which of the analysis page's tabs this is. */
  part: 'clips' | 'shares';
}

export function InsightsSection({ analysisId, analysisName, taskCount, part }: InsightsSectionProps) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const [search] = useSearchParams();
  const linkedReelId = search.get('reel');
  const [openReelId, setOpenReelId] = useState<string | null>(linkedReelId);
  // A new link to a reel opens it, while the section stays mounted; the reel can then be closed.
  const [seenLink, setSeenLink] = useState(linkedReelId);
  if (linkedReelId !== seenLink) {
    setSeenLink(linkedReelId);
    if (linkedReelId) setOpenReelId(linkedReelId);
  }
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const openReel = useReel(openReelId);
  const add = useAddToReel(analysisId);
  const shares = useShares(analysisId, canResearch && part === 'shares');
  const announce = (text: string) => setAnnouncement(text);

  const clipActions = (clip: AnalysisNoteDto) => {
    const title = clip.title ?? t('clips.untitled');
    const reel = openReel.data;
    const inReel = reel?.clips.some((item) => item.clipId === clip.id) ?? false;
    return (
      <>
        {reel ? (
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-disabled={inReel || undefined}
            onClick={() => {
              if (inReel) return;
              add.mutate(
                { reelId: reel.id, clipId: clip.id },
                {
                  onSuccess: (next) =>
                    announce(t('clips.reels.added', { title, reel: next.title, count: next.clips.length })),
                },
              );
            }}
          >
            {inReel ? t('clips.reels.inReel', { reel: reel.title }) : t('clips.reels.addTo', { reel: reel.title })}{' '}
            <span className="visually-hidden">{title}</span>
          </button>
        ) : null}
        {canResearch ? (
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() =>
              setSharing({ kind: 'clip', targetId: clip.id, label: t('clips.share.clipLabel', { title }) })
            }
          >
            {t('clips.share.action')} <span className="visually-hidden">{title}</span>
          </button>
        ) : null}
      </>
    );
  };

  return (
    <Stack gap={6} className="insights" data-testid={part === 'clips' ? 'insights' : 'insights-shares'}>
      {part === 'clips' ? (
        <>
          <AnalysisNotes analysisId={analysisId} taskCount={taskCount} clipActions={clipActions} />
          <ReelsSection
            analysisId={analysisId}
            openReelId={openReelId}
            onOpen={setOpenReelId}
            onShare={(reel) =>
              setSharing({ kind: 'reel', targetId: reel.id, label: t('clips.share.reelLabel', { title: reel.title }) })
            }
            announce={announce}
          />
        </>
      ) : null}
      {canResearch && part === 'shares' ? (
        <section className="card card--snug" aria-labelledby="insights-shares-title" data-testid="analysis-shares">
          <SectionHeader
            title={t('clips.share.sectionTitle')}
            titleId="insights-shares-title"
            description={t('clips.share.sectionDescription')}
            actions={
              <button
                type="button"
                className="button button--ghost"
                onClick={() =>
                  setSharing({
                    kind: 'summary',
                    targetId: null,
                    label: t('clips.share.summaryLabel', { name: analysisName }),
                  })
                }
              >
                {t('clips.share.summary')}
              </button>
            }
          />
          {(shares.data ?? []).length === 0 ? (
            <p className="text-note">{t('clips.share.none')}</p>
          ) : (
            <ShareList analysisId={analysisId} shares={shares.data ?? []} heading={t('clips.share.all')} />
          )}
        </section>
      ) : null}
      {sharing ? <ShareDialog analysisId={analysisId} target={sharing} onClose={() => setSharing(null)} /> : null}
      <p
        className="visually-hidden"
        aria-live="polite"
        data-testid={part === 'clips' ? 'insights-live' : 'insights-shares-live'}
      >
        {announcement}
      </p>
    </Stack>
  );
}
