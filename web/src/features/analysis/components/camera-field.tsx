/**
 * The analysis form's 'Cámara' field (ADR 0008): whether participants' cameras are recorded —
 * 'Sin cámara' (default), 'Opcional' (they may go on without it) or 'Obligatoria'.
 */
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CAMERA_OPTIONS, type AnalysisFormInput } from '@/features/analysis/lib/analysis-form';

const LABELS = {
  off: 'analysis.form.cameraOff',
  optional: 'analysis.form.cameraOptional',
  required: 'analysis.form.cameraRequired',
} as const;

export function CameraField() {
  const { t } = useTranslation();
  const { register } = useFormContext<AnalysisFormInput>();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('analysis.form.camera')}
      </label>
      <select id={id} className="field__input" aria-describedby={`${id}-hint`} {...register('camera')}>
        {CAMERA_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t(LABELS[option])}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field__hint">
        {t('analysis.form.cameraHint')}
      </p>
    </div>
  );
}
