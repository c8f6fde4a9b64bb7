/**
 * The detail screen's toolbar: Editar, 'Cerrar análisis' or 'Reabrir análisis' (by status) and
 * 'Eliminar análisis'. Status changes and deletion ask first in a ConfirmDialog; the outcome is
 * reported through `onNotice` (the server's message on failure, e.g. reopening a full analysis).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Lock, LockOpen, Pencil, Trash2 } from 'lucide-react';
import { serverMessage } from '@/components/form';
import { paths } from '@/config/paths';
import { useChangeAnalysisStatus } from '@/features/analysis/api/change-analysis-status';
import { useDeleteAnalysis } from '@/features/analysis/api/delete-analysis';
import { analysisQueryKey } from '@/lib/query-keys';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isPublished } from '@/features/analysis/lib/format';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import { useTeamRole } from '@/components/session/use-team-role';

export type Notice = { tone: 'success' | 'error'; text: string };

type Pending = 'close' | 'reopen' | 'delete' | null;

interface AnalysisActionsProps {
  analysis: AnalysisDto;
  onEdit: () => void;
  onNotice: (notice: Notice | null) => void;
}

export function AnalysisActions({ analysis, onEdit, onNotice }: AnalysisActionsProps) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const status = useChangeAnalysisStatus(analysis.id);
  const remove = useDeleteAnalysis(analysis.id);
  const published = isPublished(analysis.status);

  const failed = (error: unknown) => {
    setPending(null);
    onNotice({ tone: 'error', text: serverMessage(error) ?? t('analysis.detail.actionFailed') });
  };

  const confirm = () => {
    onNotice(null);
    if (pending === 'delete') {
      remove.mutate(undefined, {
        onSuccess: async () => {
          await navigate(paths.dashboard);
          // Only now: dropping it while the page is mounted would make the page ask for it again.
          queryClient.removeQueries({ queryKey: analysisQueryKey(analysis.id), exact: true });
        },
        onError: failed,
      });
    } else if (pending === 'close' || pending === 'reopen') {
      const change = pending;
      status.mutate(change, {
        onSuccess: () => {
          setPending(null);
          onNotice({
            tone: 'success',
            text: t(change === 'close' ? 'analysis.detail.closed' : 'analysis.detail.reopened'),
          });
        },
        onError: failed,
      });
    }
  };

  const dialog =
    pending === 'delete'
      ? {
          title: t('analysis.confirm.deleteTitle'),
          body: t('analysis.confirm.deleteBody'),
          label: t('analysis.detail.delete'),
        }
      : pending === 'close'
        ? {
            title: t('analysis.confirm.closeTitle'),
            body: t('analysis.confirm.closeBody'),
            label: t('analysis.detail.close'),
          }
        : pending === 'reopen'
          ? {
              title: t('analysis.confirm.reopenTitle'),
              body: t('analysis.confirm.reopenBody'),
              label: t('analysis.detail.reopen'),
            }
          : null;

  // Every action here changes the analysis: an observer of the team gets none (ADR 0019).
  if (!canResearch) return null;

  return (
    <div className="analysis-actions" role="group" aria-label={t('analysis.detail.actions')}>
      <button type="button" className="button button--ghost" onClick={onEdit}>
        <Pencil aria-hidden="true" size={16} />
        {t('analysis.detail.edit')}
      </button>
      <button type="button" className="button button--ghost" onClick={() => setPending(published ? 'close' : 'reopen')}>
        {published ? <Lock aria-hidden="true" size={16} /> : <LockOpen aria-hidden="true" size={16} />}
        {published ? t('analysis.detail.close') : t('analysis.detail.reopen')}
      </button>
      <button type="button" className="button button--danger-ghost" onClick={() => setPending('delete')}>
        <Trash2 aria-hidden="true" size={16} />
        {t('analysis.detail.delete')}
      </button>
      {dialog ? (
        <ConfirmDialog
          title={dialog.title}
          body={dialog.body}
          confirmLabel={dialog.label}
          cancelLabel={t('analysis.confirm.cancel')}
          destructive={pending === 'delete'}
          busy={status.isPending || remove.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
