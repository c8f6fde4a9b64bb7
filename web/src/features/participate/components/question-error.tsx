/** The line under a question form when an answer is missing or could not be saved; read out at once. */
import { useTranslation } from 'react-i18next';
import type { QuestionFormError } from '@/features/participate/hooks/use-question-form';

export function QuestionError({ error }: { error: QuestionFormError }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="question-screen__error" role="alert" data-testid="question-error">
      {error === 'required' ? t('questions.required') : t('questions.saveFailed')}
    </p>
  );
}
