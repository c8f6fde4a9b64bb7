/**
 * Participations of an analysis: ID, 'Fecha de subida' (or N/A while in progress) and 'Ver grabación',
 * which asks for a presigned URL and opens it in a new tab. Empty: 'Aún no hay participantes' with
 * a prompt to share the invitation link.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { CopyInviteButton } from '@/components/copy-invite-button';
import { serverMessage } from '@/components/form';
import { useEntryRecording } from '@/features/analysis/api/get-entry-recording';
import { formatDateTime } from '@/features/analysis/lib/format';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';

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

  return (
    <section className="analysis-section" aria-labelledby="analysis-participations-title">
      <h2 id="analysis-participations-title">{t('analysis.detail.participations')}</h2>
      {recording.isError ? (
        <Alert tone="error" title={serverMessage(recording.error) ?? t('analysis.detail.recordingFailed')} />
      ) : null}
      {entries.length === 0 ? (
        <div className="analysis-empty" data-testid="participations-empty">
          <p className="analysis-empty__title">{t('analysis.detail.empty')}</p>
          <p>{t('analysis.detail.sharePrompt')}</p>
          <CopyInviteButton analysisId={analysis.id} />
        </div>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="analysis-participations-title" tabIndex={0}>
          <table className="participations-table">
            <thead>
              <tr>
                <th scope="col">{t('analysis.detail.columns.id')}</th>
                <th scope="col">{t('analysis.detail.columns.uploaded')}</th>
                <th scope="col">{t('analysis.detail.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const busy = recording.isPending && recording.variables === entry.id;
                return (
                  <tr key={entry.id}>
                    <td>
                      <code>{entry.id}</code>
                    </td>
                    <td>
                      {entry.updated_at === null ? (
                        t('analysis.detail.notAvailable')
                      ) : (
                        <time dateTime={new Date(entry.updated_at).toISOString()}>
                          {formatDateTime(entry.updated_at, i18n.language)}
                        </time>
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-busy={busy || undefined}
                        aria-disabled={busy || undefined}
                        onClick={() => {
                          if (!busy) open(entry.id);
                        }}
                      >
                        {busy ? t('analysis.detail.opening') : t('analysis.detail.viewRecording')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
