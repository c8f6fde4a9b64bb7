/** Shows a Failure (lib/outcomes) as an alert, translating its locale keys. */
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import type { Failure } from '@/features/auth/lib/outcomes';

export function FailureAlert({ failure, testId }: { failure: Failure; testId?: string }) {
  const { t } = useTranslation();
  const title = failure.key ? t(failure.key) : failure.text;
  return (
    <Alert tone={failure.tone} title={title} details={failure.details} testId={testId}>
      {failure.bodyKey ? <p>{t(failure.bodyKey)}</p> : null}
    </Alert>
  );
}
