/**
 * "Eliminar <email>": an alertdialog (the one ui Dialog) that names the account and warns that its
 * analyses, participations, recordings and subscriptions go with it. Focus starts on Cancel (the
 * safe choice); a refusal (own account, last admin) is shown inside the dialog.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { Alert } from '@/components/alert';
import { ConfirmActions } from '@/components/confirm-actions';
import { Dialog } from '@/components/ui/dialog';
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
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = useDeleteUser();
  const busy = remove.isPending;

  const confirm = () => {
    if (busy) return;
    remove.mutate(user.id, { onSuccess: () => onDeleted(user) });
  };

  return (
    <Dialog
      role="alertdialog"
      tone="danger"
      icon={<Trash2 size={22} />}
      title={t('admin.deleteDialog.title')}
      description={
        <>
          <p>{t('admin.deleteDialog.body', { email: user.email })}</p>
          <p className="admin-dialog__warning">{t('admin.deleteDialog.warning')}</p>
        </>
      }
      onClose={onClose}
      busy={busy}
      initialFocus={cancelRef}
      returnFocus={opener}
      fallbackFocus={fallbackFocus}
      testId="delete-dialog"
      actions={
        <ConfirmActions
          cancelLabel={t('admin.dialog.cancel')}
          onCancel={onClose}
          cancelRef={cancelRef}
          confirmLabel={busy ? t('admin.deleteDialog.deleting') : t('admin.deleteDialog.confirm')}
          confirmClass="button button--danger"
          busy={busy}
          onConfirm={confirm}
        />
      }
    >
      {remove.isError ? (
        <Alert tone="error" testId="delete-dialog-error">
          {errorText(remove.error, t('admin.refused'), t('admin.deleteDialog.error'))}
        </Alert>
      ) : undefined}
    </Dialog>
  );
}
