/**
 * 'Invitar': an e-mail and a role (Administrador, Investigador, Observador) in the one Dialog. The
 * server mails the link; a refusal (already a member, too many invitations) stays in the dialog.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { Dialog } from '@/components/ui/dialog';
import { useInvite, type GrantableRole } from '@/features/team/api/team';
import { RoleSelect } from '@/features/team/components/role-select';

interface InviteDialogProps {
  onClose: () => void;
  onSent: (email: string) => void;
}

const looksLikeEmail = (value: string) => /^\S+@\S+\.\S+$/.test(value.trim());

export function InviteDialog({ onClose, onSent }: InviteDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GrantableRole>('researcher');
  const [invalid, setInvalid] = useState(false);
  const invite = useInvite();
  const busy = invite.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!looksLikeEmail(email)) {
      setInvalid(true);
      emailRef.current?.focus();
      return;
    }
    setInvalid(false);
    invite.mutate({ email: email.trim(), role }, { onSuccess: (sent) => onSent(sent.email) });
  };

  return (
    <Dialog
      icon={<UserPlus size={22} />}
      title={t('team.inviteDialog.title')}
      description={<p>{t('team.inviteDialog.description')}</p>}
      onClose={onClose}
      busy={busy}
      initialFocus={emailRef}
      size="md"
      testId="invite-dialog"
    >
      <form className="team-form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>
            {t('team.inviteDialog.email')}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            className="field__input"
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-email-error` : undefined}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          {invalid ? (
            <p id={`${id}-email-error`} className="field__error">
              {t('team.inviteDialog.emailRequired')}
            </p>
          ) : null}
        </div>
        <RoleSelect id={`${id}-role`} value={role} onChange={setRole} disabled={busy} />
        {invite.isError ? (
          <Alert tone="error" testId="invite-error">
            {serverMessage(invite.error) ?? t('team.inviteDialog.error')}
          </Alert>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('team.inviteDialog.cancel')}
          </button>
          <button type="submit" className="button button--primary" aria-busy={busy || undefined}>
            {busy ? t('team.inviteDialog.sending') : t('team.inviteDialog.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
