/**
 * 'Éxito' modal after creating an analysis: '¡Análisis creado con éxito!' and 'Redirigiendo en N
 * segundos...' counting down from 5, then `onDone` (spec §2, §9). It takes focus when it opens.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds before leaving for the dashboard (spec §9). */
export const REDIRECT_SECONDS = 5;

export function SuccessModal({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const dialogRef = useRef<HTMLDivElement>(null);
  const done = useRef(onDone);

  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    dialogRef.current?.focus();
  }, []);

  useEffect(() => {
    if (seconds <= 0) {
      done.current();
      return undefined;
    }
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="success-modal-title"
        aria-describedby="success-modal-body"
        tabIndex={-1}
        data-testid="success-modal"
        // Nothing inside can take focus, so Tab must not wander to the page behind the modal.
        onKeyDown={(event) => {
          if (event.key === 'Tab') event.preventDefault();
        }}
      >
        <span className="modal__icon" aria-hidden="true">
          ✓
        </span>
        <h2 id="success-modal-title" className="modal__title">
          {t('analysis.success.title')}
        </h2>
        <div id="success-modal-body">
          <p>{t('analysis.success.body')}</p>
          <p className="modal__note">{t('analysis.success.redirecting', { seconds: Math.max(seconds, 1) })}</p>
        </div>
      </div>
    </div>
  );
}
