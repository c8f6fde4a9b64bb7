/**
 * Top of the entry page, on the shared PageHeader: the way back to the analysis, the heading with
 * when the recording was submitted and how long it is, and 'Descargar grabación' / 'Eliminar
 * grabación' (after a confirmation, then back to the analysis).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Download, Trash2 } from 'lucide-react';
import { Alert } from '@/components/alert';
import { PageHeader } from '@/components/ui/page-header';
import { serverMessage } from '@/components/form';
import { paths } from '@/config/paths';
import { useDeleteEntry } from '@/features/entries/api/delete-entry';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { downloadName } from '@/lib/player/playback-url';
import { formatDuration } from '@/lib/time';
import type { EntryPageResponse } from '@/lib/api-types/EntryPageResponse';
import { useTeamRole } from '@/components/session/use-team-role';

interface EntryHeaderProps {
  entry: EntryPageResponse;
  /** The same-origin signed URL the player uses. */
  src: string;
  /** More buttons before Download ('Compartir'). */
  extraActions?: ReactNode;
}

const dateLocale = (language: string) => (language.startsWith('en') ? 'en-GB' : 'es-ES');

export function EntryHeader({ entry, src, extraActions }: EntryHeaderProps) {
  const { t, i18n } = useTranslation();
  const { canResearch } = useTeamRole();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteEntry(entry.id, entry.analysisId);
  // Back to the tab the participation was opened from (the analysis page's `?tab=`, issue 45).
  const analysisPath = `${paths.analysis.detail(entry.analysisId)}?tab=participants`;

  const confirmDelete = () =>
    remove.mutate(undefined, {
      // The entry no longer exists: going back must not land on it again.
      onSuccess: () => void navigate(analysisPath, { replace: true }),
    });

  return (
    <div className="entry-header">
      <PageHeader
        titleId="entry-title"
        title={t('entry.title')}
        back={{ to: analysisPath, label: t('entry.back', { name: entry.analysisName }) }}
        subtitle={
          <dl className="entry-facts">
            <div>
              <dt>{t('entry.analysis')}</dt>
              <dd>{entry.analysisName}</dd>
            </div>
            {entry.participantNumber > 0 ? (
              <div>
                <dt>{t('entry.participant')}</dt>
                <dd data-testid="entry-participant">{t('entry.participantN', { number: entry.participantNumber })}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('entry.submitted')}</dt>
              <dd>
                {entry.submittedAt === null ? (
                  t('entry.unknown')
                ) : (
                  <time dateTime={new Date(entry.submittedAt).toISOString()}>
                    {new Intl.DateTimeFormat(dateLocale(i18n.language), {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }).format(new Date(entry.submittedAt))}
                  </time>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('entry.duration')}</dt>
              <dd>{entry.durationMs === null ? t('entry.unknown') : formatDuration(entry.durationMs)}</dd>
            </div>
          </dl>
        }
        actions={
          <>
            {extraActions}
            <a className="button button--ghost" href={src} download={downloadName(entry.id, entry.mimeType)}>
              <Download size={18} aria-hidden="true" />
              {t('entry.download')}
            </a>
            {canResearch ? (
              <button
                type="button"
                className="button button--danger-ghost"
                onClick={() => {
                  remove.reset();
                  setConfirming(true);
                }}
              >
                <Trash2 size={18} aria-hidden="true" />
                {t('entry.delete')}
              </button>
            ) : null}
          </>
        }
      />
      {confirming ? (
        <ConfirmDialog
          title={t('entry.deleteTitle')}
          body={t('entry.deleteBody')}
          confirmLabel={t('entry.deleteConfirm')}
          cancelLabel={t('entry.cancel')}
          busyLabel={t('entry.working')}
          destructive
          busy={remove.isPending}
          error={
            remove.isError ? (
              <Alert tone="error" title={serverMessage(remove.error) ?? t('entry.deleteFailed')} />
            ) : null
          }
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
