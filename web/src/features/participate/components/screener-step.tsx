/**
 * The screener (ADR 0017), after 'Participar' and before any permission is asked: single- and
 * multiple-choice questions as native radio groups and checkbox groups in fieldsets with their
 * legends, so the keyboard alone answers them and screen readers announce each question. Nothing
 * is recorded yet. Someone the screener sends back sees `ScreenedOut` (or the panel's URL).
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '@/components/form/form.css';
import '@/components/form/choice-field.css';
import '@/components/ui/stack.css';
import { BusySubmitButton } from '@/components/form/busy-submit-button';
import { ParticipateCard } from '@/features/participate/components/participate-card';
import { busyAtom } from '@/features/participate/stores/participation-state';
import { chooseScreenerAtom, submitScreenerAtom } from '@/features/participate/stores/study-actions';
import { screenerAtom } from '@/features/participate/stores/study-state';

export function ScreenerStep() {
  const { t } = useTranslation();
  const { questions, draft, error } = useAtomValue(screenerAtom);
  const busy = useAtomValue(busyAtom) === 'validate';
  const choose = useSetAtom(chooseScreenerAtom);
  const submit = useSetAtom(submitScreenerAtom);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <ParticipateCard titleId="screener-title" title={t('participate.screener.title')} testId="screener">
      <p className="participate-lead">{t('participate.screener.intro')}</p>
      <form className="stack stack--4" onSubmit={onSubmit} noValidate>
        {questions.map((question, q) => {
          const missing = error === 'required' && !draft[q]?.length;
          return (
            <fieldset
              key={question.text}
              className="choice-field"
              data-invalid={missing || undefined}
              data-testid={`screener-${q}`}
            >
              <legend className="form-legend choice-field__legend">{question.text}</legend>
              {question.multiple ? <p className="form-hint">{t('participate.screener.pickMany')}</p> : null}
              <div className="cluster">
                {question.options.map((option, o) => (
                  <label key={option} className="choice-field__option">
                    <input
                      type={question.multiple ? 'checkbox' : 'radio'}
                      name={`screener-${q}`}
                      checked={draft[q]?.includes(o) ?? false}
                      onChange={() => choose({ question: q, option: o, multiple: question.multiple })}
                    />
                    <span>{option}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
        {error ? (
          <p className="question-screen__error" role="alert" data-testid="screener-error">
            {error === 'required' ? t('participate.screener.required') : t('participate.screener.failed')}
          </p>
        ) : null}
        <div className="participate-actions">
          <BusySubmitButton busy={busy} busyLabel={t('participate.input.submitting')}>
            {t('participate.screener.submit')}
          </BusySubmitButton>
        </div>
      </form>
    </ParticipateCard>
  );
}

/** 'Gracias, este estudio busca otro perfil': nothing was recorded and no place was taken. */
export function ScreenedOut() {
  const { t } = useTranslation();
  return (
    <ParticipateCard
      titleId="screened-out-title"
      title={t('participate.screener.outTitle')}
      className="thank-you"
      testId="screened-out"
    >
      <p className="participate-lead">{t('participate.screener.outBody')}</p>
    </ParticipateCard>
  );
}
