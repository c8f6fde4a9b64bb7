/**
 * 'Éxito' dialog after creating an analysis: '¡Análisis creado con éxito!' and 'Redirigiendo en N
 * segundos...' counting down from 5, then `onDone` (product §2, §9). 'Ir al análisis' leaves at once
 * for the new analysis and takes focus, so Enter is enough. It cannot be dismissed: the countdown
 * leaves anyway.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Check } from 'lucide-react';
import { Dialog } from '@/components/ui/dialog';

/** Seconds before leaving for the dashboard (product §9). */
export const REDIRECT_SECONDS = 5;

interface SuccessModalProps {
  /** The countdown ran out: product §2's redirect. */
  onDone: () => void;
  /** 'Ir al análisis' was pressed. */
  onOpen: () => void;
}

export function SuccessModal({ onDone, onOpen }: SuccessModalProps) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const done = useRef(onDone);

  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (seconds <= 0) {
      done.current();
      return undefined;
    }
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  return (
    <Dialog
      title={t('analysis.success.title')}
      tone="success"
      icon={<Check size={24} />}
      testId="success-modal"
      description={
        <>
          <p>{t('analysis.success.body')}</p>
          <p className="success-modal__note">{t('analysis.success.redirecting', { seconds: Math.max(seconds, 1) })}</p>
        </>
      }
      actions={
        <button type="button" className="button button--primary" onClick={onOpen}>
          {t('analysis.success.open')}
          <ArrowRight aria-hidden="true" size={18} />
        </button>
      }
    />
  );
}
