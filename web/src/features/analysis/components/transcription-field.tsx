/**
 * 'Transcribir grabaciones' (ADR 0018): whether this analysis's recordings are transcribed, on by
 * default, and in which language they are spoken (Español or English; kept while transcription is
 * off, so turning it back on restores it), and 'Resúmenes con IA' (ADR 0021), on by default, which
 * summarises only what is transcribed. It sits in 'Opciones avanzadas' so
 * product §2's form looks as before.
 */
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form';
import type { AnalysisFormInput } from '@/features/analysis/lib/analysis-form';
import { TRANSCRIPTION_LANGUAGES } from '@/lib/transcription';

export function TranscriptionField() {
  const { t } = useTranslation();
  const { register } = useFormContext<AnalysisFormInput>();
  const id = useId();
  return (
    <fieldset className="analysis-form__questions" data-testid="transcription-field">
      <legend className="field__label">{t('analysis.form.transcription.title')}</legend>
      <CheckboxField<AnalysisFormInput>
        name="transcribe"
        label={t('analysis.form.transcription.enabled')}
        hint={t('analysis.form.transcription.hint')}
      />
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('analysis.form.transcription.language')}
        </label>
        <select id={id} className="field__input" {...register('transcriptionLanguage')}>
          {TRANSCRIPTION_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`analysis.form.transcription.languages.${language}`)}
            </option>
          ))}
        </select>
      </div>
      <CheckboxField<AnalysisFormInput>
        name="summaries"
        label={t('analysis.form.transcription.summaries')}
        hint={t('analysis.form.transcription.summariesHint')}
      />
    </fieldset>
  );
}
