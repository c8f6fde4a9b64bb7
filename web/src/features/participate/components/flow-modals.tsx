/**
 * The flow's four modals: 'Confirmación de Seguridad' (consent, product §2.3), the exit confirmation,
 * the unclosable 'La grabación se ha detenido' (product §2.5) and 'Success!', which closes itself and
 * goes back to the input step after 3 seconds (product §9).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, ShieldCheck, Square, TriangleAlert } from 'lucide-react';
import { ConfirmActions } from '@/components/confirm-actions';
import { Dialog } from '@/components/ui/dialog';

/** The success modal closes after this long (product §9). */
export const SUCCESS_CLOSE_MS = 3000;

/** `camera`: the participant's camera is recorded too, and the modal says so (ADR 0008). */
export function ConsentModal({
  busy,
  camera = false,
  onAccept,
  onReject,
}: {
  busy: boolean;
  camera?: boolean;
  onAccept: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('participate.consent.title')}
      // Escape rejects, like the button; not while the acceptance is on its way (Dialog's `busy`).
      onClose={onReject}
      busy={busy}
      icon={<ShieldCheck size={24} />}
      size="md"
      testId="consent-modal"
      actions={
        <ConfirmActions
          cancelLabel={t('participate.consent.reject')}
          onCancel={onReject}
          confirmLabel={busy ? t('participate.consent.accepting') : t('participate.consent.accept')}
          confirmClass="button button--primary"
          busy={busy}
          spinner
          onConfirm={onAccept}
        />
      }
    >
      <p>{t('participate.consent.intro')}</p>
      <ul className="consent-points">
        <li>{t('participate.consent.point1')}</li>
        {camera ? <li>{t('participate.camera.consentPoint')}</li> : null}
        <li>{t('participate.consent.point2')}</li>
        <li>{t('participate.consent.point3')}</li>
        <li>{t('participate.consent.point4')}</li>
      </ul>
    </Dialog>
  );
}

export function ExitModal({
  busy,
  onConfirm,
  onCancel,
}: {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={t('participate.analysis.exitTitle')}
      onClose={onCancel}
      busy={busy}
      initialFocus={cancelRef}
      tone="danger"
      icon={<TriangleAlert size={24} />}
      actions={
        <ConfirmActions
          cancelLabel={t('participate.analysis.exitCancel')}
          onCancel={onCancel}
          cancelRef={cancelRef}
          confirmLabel={busy ? t('participate.analysis.exiting') : t('participate.analysis.exitConfirm')}
          confirmClass="button button--danger"
          busy={busy}
          onConfirm={onConfirm}
        />
      }
    >
      <p>{t('participate.analysis.exitBody')}</p>
    </Dialog>
  );
}

/** Cannot be dismissed: the only way on is 'Salir del Análisis'. */
export function StoppedModal({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation();
  const exitRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={t('participate.stopped.title')}
      initialFocus={exitRef}
      tone="danger"
      icon={<Square size={20} fill="currentColor" />}
      testId="stopped-modal"
      actions={
        <button ref={exitRef} type="button" className="button button--primary" onClick={onExit}>
          {t('participate.stopped.exit')}
        </button>
      }
    >
      <p>{t('participate.stopped.body')}</p>
    </Dialog>
  );
}

export function SuccessModal({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    const timer = setTimeout(() => done.current(), SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Dialog
      title={t('participate.success.title')}
      tone="success"
      icon={<Check size={24} />}
      onClose={onDone}
      testId="success-modal"
    >
      <p>{t('participate.success.body')}</p>
      <p className="participate-note">{t('participate.success.closing')}</p>
    </Dialog>
  );
}
