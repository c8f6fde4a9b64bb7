/**
 * 'Crear un equipo' (ADR 0019): a name (1 to 80 characters); the new team becomes the account's
 * current workspace and its 'Equipo' page opens, to invite people. A refusal stays in the dialog.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { Dialog } from '@/components/ui/dialog';
import { useCreateWorkspace } from '@/features/team/api/workspaces';

export function CreateTeamDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const create = useCreateWorkspace();
  const busy = create.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 80) {
      setInvalid(true);
      nameRef.current?.focus();
      return;
    }
    setInvalid(false);
    create.mutate(trimmed);
  };

  return (
    <Dialog
      icon={<Users size={22} />}
      title={t('team.createDialog.title')}
      description={<p>{t('team.createDialog.description')}</p>}
      onClose={onClose}
      busy={busy}
      initialFocus={nameRef}
      size="md"
      testId="create-team-dialog"
    >
      <form className="team-form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            {t('team.createDialog.name')}
          </label>
          <input
            ref={nameRef}
            id={`${id}-name`}
            className="field__input"
            type="text"
            autoComplete="off"
            maxLength={120}
            value={name}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-name-error` : undefined}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          {invalid ? (
            <p id={`${id}-name-error`} className="field__error">
              {t('team.createDialog.nameInvalid')}
            </p>
          ) : null}
        </div>
        {create.isError ? (
          <Alert tone="error">{serverMessage(create.error) ?? t('team.createDialog.error')}</Alert>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('team.removeDialog.cancel')}
          </button>
          <button type="submit" className="button button--primary" aria-busy={busy || undefined}>
            {busy ? t('team.createDialog.creating') : t('team.createDialog.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
