/**
 * "Eliminar <email>": an alertdialog (the one ui Dialog) that names the account and warns that its
 * analyses, participations, recordings and subscriptions go with it. Focus starts on Cancel (the
 * safe choice); a refusal (own account, last admin) is shown inside the dialog.
 */
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { Alert } from '@/components/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteUser } from '@/features/admin/api/delete-user';
import { errorText } from '@/features/admin/lib/error-text';
import type { AdminUserDto } from '@/lib/api-types/AdminUserDto';

interface DeleteUserDialogProps {
  user: AdminUserDto;
  onClose: () => void;
  onDeleted: (user: AdminUserDto) => void;
  /** The button that opened the dialog: focus goes back to it on close. */
  opener?: HTMLElement | null;
  fallbackFocus?: () => HTMLElement | null | undefined;
}

export function DeleteUserDialog({ user, onClose, onDeleted, opener, fallbackFocus }: DeleteUserDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteUser();
  const busy = remove.isPending;

  const confirm = () => {
    if (busy) return;
    remove.mutate(user.id, { onSuccess: () => onDeleted(user) });
  };

  return (
    <ConfirmDialog
      tone="danger"
      icon={<Trash2 size={22} />}
      title={t('admin.deleteDialog.title')}
      body={
        <>
          <p>{t('admin.deleteDialog.body', { email: user.email })}</p>
          <p className="admin-dialog__warning">{t('admin.deleteDialog.warning')}</p>
        </>
      }
      cancelLabel={t('admin.dialog.cancel')}
      confirmLabel={t('admin.deleteDialog.confirm')}
      busyLabel={t('admin.deleteDialog.deleting')}
      destructive
      busy={busy}
      error={
        remove.isError ? (
          <Alert tone="error" testId="delete-dialog-error">
            {errorText(remove.error, t('admin.refused'), t('admin.deleteDialog.error'))}
          </Alert>
        ) : undefined
      }
      returnFocus={opener}
      fallbackFocus={fallbackFocus}
      testId="delete-dialog"
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
