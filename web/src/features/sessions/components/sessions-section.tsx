/**
 * An analysis's moderated sessions (issue 49, ADR 0024), shown on its 'Compartir' tab: the
 * 'Sesión moderada' button (researchers), and the sessions, newest first, each with its planned
 * time, its moderator, the way into its room and 'Eliminar'.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { serverMessage } from '@/components/form';
import { useTeamRole } from '@/components/session/use-team-role';
import { useAnalysisSessions, useDeleteSession } from '@/features/sessions/api/sessions';
import { CreateSessionDialog } from '@/features/sessions/components/create-session-dialog';

const when = (atMs: number) => new Date(atMs).toLocaleString('es-ES', { dateStyle: 'short', timeStyle: 'short' });

export function SessionsSection({ analysisId }: { analysisId: string }) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const sessions = useAnalysisSessions(analysisId);
  const remove = useDeleteSession(analysisId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const list = sessions.data?.sessions ?? [];
  return (
    <section className="card card--snug" aria-labelledby="sessions-title">
      <div className="cluster-between">
        <h2 id="sessions-title">{t('moderated.list.title')}</h2>
        {canResearch ? (
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            {t('moderated.create.open')}
          </button>
        ) : null}
      </div>
      <p className="text-note">{t('moderated.list.body')}</p>
      {sessions.isError ? <Alert tone="error" title={t('moderated.list.loadError')} /> : null}
      {list.length === 0 && sessions.isSuccess ? <p className="text-note">{t('moderated.list.empty')}</p> : null}
      {list.length > 0 ? (
        <ul className="list-plain" data-testid="sessions-list">
          {list.map((session) => (
            <li key={session.id} className="cluster-between">
              <span>
                {session.plannedAt ? when(session.plannedAt) : t('moderated.list.unplanned')} ·{' '}
                {t('moderated.list.moderator', { name: session.moderatorName })}
                {session.participantEmail ? ` · ${session.participantEmail}` : ''}
              </span>
              <span className="cluster">
                <Link className="button button--secondary button--sm" to={session.roomPath}>
                  {t('moderated.list.enter')}
                </Link>
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  onClick={() => {
                    remove.reset();
                    setDeleting(session.id);
                  }}
                >
                  {t('moderated.list.delete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('moderated.list.deleteTitle')}
          body={t('moderated.list.deleteBody')}
          confirmLabel={t('moderated.list.delete')}
          cancelLabel={t('moderated.create.cancel')}
          busyLabel={t('moderated.list.deleting')}
          destructive
          busy={remove.isPending}
          error={remove.isError ? (serverMessage(remove.error) ?? t('moderated.list.deleteFailed')) : null}
          onConfirm={() => remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
      {creating ? <CreateSessionDialog analysisId={analysisId} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
