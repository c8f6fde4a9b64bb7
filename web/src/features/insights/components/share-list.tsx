/**
 * Share links with what they show, their state, views and expiry, each revocable while active;
 * revoking asks first (ADR 0015), since whoever holds the link loses it at once for good.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { Badge } from '@/components/ui/badge';
import { AuthorBadge } from '@/components/author-badge';
import { useRevokeShare } from '@/features/insights/api/shares';
import type { ShareDto } from '@/lib/api-types/ShareDto';

const TONES = { active: 'success', revoked: 'neutral', expired: 'warning' } as const;

export function ShareList({
  analysisId,
  shares,
  heading,
}: {
  analysisId: string;
  shares: readonly ShareDto[];
  heading: string;
}) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeShare(analysisId);
  const [confirming, setConfirming] = useState<ShareDto | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (shares.length === 0) return null;
  return (
    <div className="share-list">
      <h3>{heading}</h3>
      {revoke.isError ? (
        <Alert tone="error" title={serverMessage(revoke.error) ?? t('clips.share.revokeFailed')} />
      ) : null}
      <ul className="list-plain">
        {shares.map((share) => {
          const state = (share.state in TONES ? share.state : 'expired') as keyof typeof TONES;
          return (
            <li key={share.id} className="share-list__item cluster-between" data-testid="share-item">
              <div>
                <p className="share-list__title">
                  {t(`clips.share.kinds.${share.kind as 'recording'}`, { defaultValue: share.kind })}:{' '}
                  {share.targetTitle}
                </p>
                <p className="text-note">
                  <Badge tone={TONES[state]}>{t(`clips.share.states.${state}`)}</Badge>{' '}
                  <span data-testid="share-views">{t('clips.share.views', { count: share.viewCount })}</span> ·{' '}
                  {t('clips.share.expires', { date: date.format(new Date(share.expiresAt)) })}
                  {share.hideCamera ? ` · ${t('clips.share.cameraHidden')}` : ''}
                </p>
                {share.author ? <AuthorBadge author={share.author} /> : null}
              </div>
              {state === 'active' ? (
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  onClick={() => setConfirming(share)}
                  aria-busy={(revoke.isPending && revoke.variables === share.id) || undefined}
                >
                  {t('clips.share.revoke')} <span className="visually-hidden">{share.targetTitle}</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {confirming ? (
        <ConfirmDialog
          title={t('clips.share.revokeTitle')}
          body={t('clips.share.revokeBody', { title: confirming.targetTitle })}
          confirmLabel={t('clips.share.revokeConfirm')}
          cancelLabel={t('entry.cancel')}
          busyLabel={t('entry.working')}
          destructive
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(confirming.id, { onSettled: () => setConfirming(null) })}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
