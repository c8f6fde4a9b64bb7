/**
 * Asked before saving new screener or question wording on an analysis that already has
 * participations (ADR 0017): the answers already given keep the wording they were answered under,
 * so the researcher confirms ('Guardar cambios') or goes back to the form ('Cancelar'), which
 * saves nothing.
 */
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';

interface ConfirmQuestionsDialogProps {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmQuestionsDialog({ busy, onConfirm, onCancel }: ConfirmQuestionsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      role="alertdialog"
      title={t('analysis.form.advanced.confirmTitle')}
      description={t('analysis.form.advanced.confirmBody')}
      onClose={onCancel}
      busy={busy}
      testId="confirm-questions"
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
            {t('analysis.form.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
            {busy ? t('analysis.form.saving') : t('analysis.form.save')}
          </button>
        </>
      }
    />
  );
}
