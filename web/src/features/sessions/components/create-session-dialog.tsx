/**
 * 'Sesión moderada' (issue 49, ADR 0024): a small dialog with an optional planned time and
 * participant e-mail; once created it shows the participant's link to copy (the only time it is
 * shown: the server keeps only its hash) and the way into the moderator's room.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { Dialog } from '@/components/ui/dialog';
import { useCopyFeedback } from '@/components/use-copy-feedback';
import { useCreateSession } from '@/features/sessions/api/sessions';
import type { ModeratedSessionDto } from '@/lib/api-types/ModeratedSessionDto';

export function CreateSessionDialog({ analysisId, onClose }: { analysisId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateSession(analysisId);
  const [plannedAt, setPlannedAt] = useState('');
  const [email, setEmail] = useState('');
  const [created, setCreated] = useState<ModeratedSessionDto | null>(null);
  const [copied, copy] = useCopyFeedback();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const planned = plannedAt ? new Date(plannedAt).getTime() : null;
    const session = await create
      .mutateAsync({ plannedAt: Number.isFinite(planned) ? planned : null, participantEmail: email.trim() || null })
      .catch(() => null);
    if (session) setCreated(session);
  };

  if (created) {
    const url = created.participantUrl ?? '';
    return (
      <Dialog
        title={t('moderated.create.createdTitle')}
        description={t('moderated.create.createdBody')}
        onClose={onClose}
        testId="session-created"
        actions={
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('moderated.create.close')}
          </button>
        }
      >
        <label className="field__label" htmlFor="session-participant-url">
          {t('moderated.create.participantLink')}
        </label>
        <input id="session-participant-url" className="field__input" readOnly value={url} />
        <div className="cluster">
          <button type="button" className="button button--secondary" onClick={() => void copy(url)}>
            {t(`moderated.create.copy.${copied}`)}
          </button>
          <Link className="button button--primary" to={created.roomPath}>
            {t('moderated.create.enterRoom')}
          </Link>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={t('moderated.create.title')}
      description={t('moderated.create.body')}
      onClose={onClose}
      busy={create.isPending}
    >
      <form className="form" onSubmit={(event) => void submit(event)} id="create-session-form">
        {create.isError ? (
          <Alert tone="error" title={serverMessage(create.error) ?? t('moderated.create.failed')} />
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor="session-planned-at">
            {t('moderated.create.plannedAt')}
          </label>
          <input
            id="session-planned-at"
            className="field__input"
            type="datetime-local"
            value={plannedAt}
            onChange={(event) => setPlannedAt(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="session-email">
            {t('moderated.create.email')}
          </label>
          <input
            id="session-email"
            className="field__input"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="cluster">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('moderated.create.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? t('moderated.create.creating') : t('moderated.create.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
