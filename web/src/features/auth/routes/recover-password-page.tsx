/** /auth/recover-password: asks for a reset e-mail; the success note replaces the form. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/alert';
import { EmailField, Form, requiredEmail, SubmitButton, submitTo, useZodForm } from '@/components/form';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FailureAlert } from '@/features/auth/components/failure-alert';
import { recoverFailure } from '@/features/auth/lib/outcomes';

const recoverSchema = z.object({ email: requiredEmail('auth.recover.emailRequired') });
type RecoverValues = z.output<typeof recoverSchema>;

export function RecoverPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useZodForm(recoverSchema, { defaultValues: { email: '' } });

  const onSubmit = submitTo(request.mutateAsync);

  return (
    <AuthCard
      title={t('auth.recover.title')}
      intro={request.isSuccess ? undefined : t('auth.recover.intro')}
      footer={
        <p>
          <Link to={paths.auth.login}>{t('auth.recover.backToLogin')}</Link>
        </p>
      }
    >
      {request.isSuccess ? (
        <Alert tone="success" title={t('auth.recover.success')} autoFocus testId="recover-success" />
      ) : (
        <>
          {request.isError ? <FailureAlert failure={recoverFailure(request.error)} testId="recover-failure" /> : null}
          <Form form={form} onSubmit={onSubmit} aria-label={t('auth.recover.title')}>
            <EmailField<RecoverValues> name="email" label={t('auth.recover.email')} />
            <SubmitButton busyLabel={t('auth.recover.submitting')}>{t('auth.recover.submit')}</SubmitButton>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
