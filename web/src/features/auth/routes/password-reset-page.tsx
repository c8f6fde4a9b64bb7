/**
 * /auth/password-reset?passwordResetToken=…: checks the token on load, then asks for the new
 * password twice; a missing, invalid, expired or used token shows 'Enlace inválido' (product §2, §4, §8).
 * The token is read once and then taken out of the address bar (`replace`), so it does not stay in
 * the history, a shared screen or a bookmark (ADR 0006).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/alert';
import { Form, PasswordField, requiredText, SubmitButton, submitTo, useZodForm } from '@/components/form';
import { paths } from '@/config/paths';
import { useResetTokenCheck } from '@/features/auth/api/check-reset-token';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FailureAlert } from '@/features/auth/components/failure-alert';
import { isInvalidTokenError, resetFailure, tokenCheckFailure, type Failure } from '@/features/auth/lib/outcomes';

const resetSchema = z
  .object({
    newPassword: requiredText('auth.reset.newPasswordRequired'),
    confirmNewPassword: requiredText('auth.reset.confirmRequired'),
  })
  .refine((values) => values.newPassword === values.confirmNewPassword, {
    message: 'auth.reset.mismatch',
    path: ['confirmNewPassword'],
  });
type ResetValues = z.output<typeof resetSchema>;

export function PasswordResetPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [token] = useState(() => searchParams.get('passwordResetToken')?.trim() || null);
  const inUrl = searchParams.has('passwordResetToken');
  useEffect(() => {
    if (inUrl) setSearchParams({}, { replace: true });
  }, [inUrl, setSearchParams]);
  const check = useResetTokenCheck(token);
  const reset = useResetPassword();

  if (!token) return <InvalidLink failure={{ tone: 'error', key: 'auth.reset.missingToken' }} />;
  if (check.isPending) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <div className="auth-loading" role="status" data-testid="reset-checking">
          <span className="page-loader__spinner" aria-hidden="true" />
          <span>{t('auth.reset.checking')}</span>
        </div>
      </AuthCard>
    );
  }
  if (check.isError) return <InvalidLink failure={tokenCheckFailure(check.error)} />;
  if (!check.data.success) return <InvalidLink failure={{ tone: 'error', text: check.data.message }} />;
  // The link went bad between the check and the submit (used elsewhere, expired meanwhile).
  if (reset.isError && isInvalidTokenError(reset.error)) return <InvalidLink failure={resetFailure(reset.error)} />;

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert tone="success" title={reset.data.message} autoFocus testId="reset-success">
          <p>
            <Link to={paths.auth.login}>{t('auth.reset.backToLogin')}</Link>
          </p>
        </Alert>
      </AuthCard>
    );
  }

  return <ResetForm token={token} reset={reset} />;
}

function ResetForm({ token, reset }: { token: string; reset: ReturnType<typeof useResetPassword> }) {
  const { t } = useTranslation();
  const form = useZodForm(resetSchema, { defaultValues: { newPassword: '', confirmNewPassword: '' } });

  const onSubmit = submitTo((values: ResetValues) => reset.mutateAsync({ passwordResetToken: token, ...values }));

  return (
    <AuthCard
      title={t('auth.reset.title')}
      intro={t('auth.reset.intro')}
      footer={
        <p>
          <Link to={paths.auth.login}>{t('auth.reset.backToLogin')}</Link>
        </p>
      }
    >
      {reset.isError ? <FailureAlert failure={resetFailure(reset.error)} testId="reset-failure" /> : null}
      <Form form={form} onSubmit={onSubmit} aria-label={t('auth.reset.title')}>
        <PasswordField<ResetValues> name="newPassword" label={t('auth.reset.newPassword')} kind="new" />
        <PasswordField<ResetValues>
          name="confirmNewPassword"
          label={t('auth.reset.confirmNewPassword')}
          kind="repeat"
        />
        <SubmitButton busyLabel={t('auth.reset.submitting')}>{t('auth.reset.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

function InvalidLink({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.reset.invalidTitle')}>
      <FailureAlert failure={failure} testId="reset-invalid-reason" />
      <p>{t('auth.reset.invalidText')}</p>
      <p>
        <Link to={paths.auth.recoverPassword} className="button button--primary">
          {t('auth.reset.requestNewLink')}
        </Link>
      </p>
    </AuthCard>
  );
}
