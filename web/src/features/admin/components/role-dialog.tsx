/**
 * "Editar <email>": a dialog (the one ui Dialog) with a role <select> (admin / customer), Save and
 * Cancel. Save sends PATCH /admin/users/{id}; a refusal (e.g. 'Debe quedar al menos un
 * administrador') stays in the dialog so the admin can pick again or cancel.
 */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { UserCog } from 'lucide-react';
import { Alert } from '@/components/alert';
import { Form, SubmitButton, useZodForm } from '@/components/form';
import { Dialog } from '@/components/ui/dialog';
import { useUpdateUserRole, type EditableRole } from '@/features/admin/api/update-user-role';
import { errorText } from '@/features/admin/lib/error-text';
import type { AdminUserDto } from '@/lib/api-types/AdminUserDto';

const ROLES = ['admin', 'customer'] as const satisfies readonly EditableRole[];
const schema = z.object({ role: z.enum(ROLES) });

interface RoleDialogProps {
  user: AdminUserDto;
  /** The signed-in admin's id: changing one's own role also refreshes the session. */
  currentUserId?: string;
  onClose: () => void;
  /** Called after the server accepted the change (not when the role was left as it was). */
  onSaved: (user: AdminUserDto) => void;
  /** The button that opened the dialog: focus goes back to it on close. */
  opener?: HTMLElement | null;
  fallbackFocus?: () => HTMLElement | null | undefined;
}

export function RoleDialog({ user, currentUserId, onClose, onSaved, opener, fallbackFocus }: RoleDialogProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const selectRef = useRef<HTMLSelectElement | null>(null);
  const update = useUpdateUserRole(currentUserId);
  const initialRole: EditableRole = user.role === 'admin' ? 'admin' : 'customer';
  const form = useZodForm(schema, { defaultValues: { role: initialRole } });
  const busy = form.formState.isSubmitting;
  const { ref: registerRef, ...roleField } = form.register('role');

  const onSubmit = async ({ role }: z.output<typeof schema>) => {
    if (role === user.role) {
      onClose();
      return;
    }
    try {
      onSaved(await update.mutateAsync({ id: user.id, role }));
    } catch {
      // Shown from update.error below; the dialog stays open.
    }
  };

  return (
    <Dialog
      icon={<UserCog size={22} />}
      title={t('admin.roleDialog.title')}
      description={<p>{t('admin.roleDialog.description', { email: user.email })}</p>}
      onClose={onClose}
      busy={busy}
      initialFocus={selectRef}
      returnFocus={opener}
      fallbackFocus={fallbackFocus}
      testId="role-dialog"
    >
      {/* The buttons stay inside the form (Enter in the select saves), in the dialog's action row. */}
      <Form form={form} onSubmit={onSubmit} className="admin-role-form">
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            {t('admin.roleDialog.roleLabel')}
          </label>
          <select
            id={selectId}
            className="field__input"
            {...roleField}
            ref={(element) => {
              registerRef(element);
              selectRef.current = element;
            }}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`admin.roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        {update.isError ? (
          <Alert tone="error" testId="role-dialog-error">
            {errorText(update.error, t('admin.refused'), t('admin.roleDialog.error'))}
          </Alert>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('admin.dialog.cancel')}
          </button>
          <SubmitButton busyLabel={t('admin.roleDialog.saving')}>{t('admin.roleDialog.save')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
