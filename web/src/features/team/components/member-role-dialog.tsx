/** 'Cambiar rol' of one member: the role <select> in the one Dialog; a refusal stays in it. */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserCog } from 'lucide-react';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { Dialog } from '@/components/ui/dialog';
import { useUpdateMember, type GrantableRole } from '@/features/team/api/team';
import { RoleSelect } from '@/features/team/components/role-select';
import type { MemberDto } from '@/lib/api-types/MemberDto';

interface MemberRoleDialogProps {
  member: MemberDto;
  onClose: () => void;
  onSaved: (member: MemberDto) => void;
}

export function MemberRoleDialog({ member, onClose, onSaved }: MemberRoleDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [role, setRole] = useState<GrantableRole>(member.role === 'owner' ? 'admin' : member.role);
  const update = useUpdateMember();
  const busy = update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (role === member.role) return onClose();
    update.mutate({ id: member.userId, role }, { onSuccess: onSaved });
  };

  return (
    <Dialog
      icon={<UserCog size={22} />}
      title={t('team.roleDialog.title')}
      description={<p>{t('team.roleDialog.description', { email: member.email })}</p>}
      onClose={onClose}
      busy={busy}
      testId="member-role-dialog"
    >
      <form className="team-form" onSubmit={submit} noValidate>
        <RoleSelect id={`${id}-role`} value={role} onChange={setRole} disabled={busy} />
        {update.isError ? (
          <Alert tone="error">{serverMessage(update.error) ?? t('team.roleDialog.error')}</Alert>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('team.roleDialog.cancel')}
          </button>
          <button type="submit" className="button button--primary" aria-busy={busy || undefined}>
            {busy ? t('team.roleDialog.saving') : t('team.roleDialog.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
