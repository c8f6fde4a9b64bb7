/**
 * Participations of an analysis on the shared Table: ID, 'Fecha de subida' (or N/A while in
 * progress) and 'Ver grabación', which asks for a presigned URL and opens it in a new tab. Empty:
 * 'Aún no hay participantes' with a prompt to share the invitation link and the copy button.
 */
import { useTranslation } from 'react-i18next';
import { PlayCircle, Users } from 'lucide-react';
import { Alert } from '@/components/alert';
import { CopyInviteButton } from '@/components/copy-invite-button';
import { serverMessage } from '@/components/form';
import { EmptyState } from '@/components/ui/empty-state';
import { WideTable } from '@/components/ui/wide-table';
import { SectionHeader } from '@/components/ui/section-header';
import { Table, type Column } from '@/components/ui/table';
import { useEntryRecording } from '@/features/analysis/api/get-entry-recording';
import { formatDateTime } from '@/features/analysis/lib/format';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';

type Entry = NonNullable<AnalysisDto['AnalysisEntries']>[number];

export function ParticipationsTable({ analysis }: { analysis: AnalysisDto }) {
  const { t, i18n } = useTranslation();
  const recording = useEntryRecording();
  const entries = analysis.AnalysisEntries ?? [];

  const open = (entryId: string) => {
    recording.mutate(entryId, {
      onSuccess: ({ analysisEntryPresignedUrl }) => {
        window.open(analysisEntryPresignedUrl, '_blank', 'noopener,noreferrer');
      },
    });
  };

  const columns: Column<Entry>[] = [
    {
      key: 'id',
      header: t('analysis.detail.columns.id'),
      label: t('analysis.detail.columns.id'),
      primary: true,
      cell: (entry) => <code className="code">{entry.id}</code>,
    },
    {
      key: 'uploaded',
      header: t('analysis.detail.columns.uploaded'),
      label: t('analysis.detail.columns.uploaded'),
      cell: (entry) =>
        entry.updated_at === null ? (
          t('analysis.detail.notAvailable')
        ) : (
          <time dateTime={new Date(entry.updated_at).toISOString()}>{formatDateTime(entry.updated_at, i18n.language)}</time>
        ),
    },
    {
      key: 'actions',
      header: t('analysis.detail.columns.actions'),
      label: t('analysis.detail.columns.actions'),
      actions: true,
      cell: (entry) => {
        const busy = recording.isPending && recording.variables === entry.id;
        return (
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-busy={busy || undefined}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) open(entry.id);
            }}
          >
            <PlayCircle aria-hidden="true" size={16} />
            {busy ? t('analysis.detail.opening') : t('analysis.detail.viewRecording')}
          </button>
        );
      },
    },
  ];

  return (
    <section className="analysis-section" aria-labelledby="analysis-participations-title">
      <SectionHeader title={t('analysis.detail.participations')} titleId="analysis-participations-title" />
      {recording.isError ? (
        <Alert tone="error" title={serverMessage(recording.error) ?? t('analysis.detail.recordingFailed')} />
      ) : null}
      {entries.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title={t('analysis.detail.empty')}
          action={<CopyInviteButton analysisId={analysis.id} />}
          testId="participations-empty"
        >
          <p>{t('analysis.detail.sharePrompt')}</p>
        </EmptyState>
      ) : (
        <WideTable stackBelow="md">
          <Table
            caption={t('analysis.detail.participations')}
            columns={columns}
            rows={entries}
            rowKey={(entry) => entry.id}
            testId="participations-table"
          />
        </WideTable>
      )}
    </section>
  );
}
