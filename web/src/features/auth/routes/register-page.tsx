/**
 * Customer registration at /auth/register: e-mail + password; the green success with an
 * 'Iniciar sesión' button to the login page, or product §8's red errors.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LogIn } from 'lucide-react';
import { z } from 'zod';
import { Alert } from '@/components/alert';
import { EmailField, Form, PasswordField, requiredText, SubmitButton, submitTo, useZodForm } from '@/components/form';
import { paths } from '@/config/paths';
import { useRegister } from '@/features/auth/api/register';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FailureAlert } from '@/features/auth/components/failure-alert';
import { registerFailure } from '@/features/auth/lib/outcomes';
import { safeNextPath, withNext } from '@/lib/url';

// Only "required" here: what makes an address or a password acceptable is the server's call (422).
const registerSchema = z.object({
  username: z.string().trim().min(1, 'auth.register.emailRequired'),
  password: requiredText('auth.register.passwordRequired'),
});
type RegisterValues = z.output<typeof registerSchema>;

export function RegisterPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // Kept for the login that follows (an invitation's page sends people here to come back to it).
  const login = withNext(paths.auth.login, safeNextPath(search.get('next')));
  const registration = useRegister();
  const form = useZodForm(registerSchema, { defaultValues: { username: '', password: '' } });

  const onSubmit = submitTo(registration.mutateAsync, () => form.reset());

  return (
    <AuthCard
      title={t('auth.register.title')}
      intro={t('auth.register.intro')}
      footer={
        <p>
          {t('auth.register.haveAccount')} <Link to={login}>{t('auth.register.loginLink')}</Link>
        </p>
      }
    >
      {registration.isSuccess ? (
        <Alert tone="success" title={t('auth.register.success')} testId="register-success">
          <Link to={login} className="button button--primary auth-card__success-action">
            <LogIn aria-hidden="true" size={18} />
            {t('auth.register.successLogin')}
          </Link>
        </Alert>
      ) : null}
      {registration.isError ? (
        <FailureAlert failure={registerFailure(registration.error)} testId="register-failure" />
      ) : null}
      <Form form={form} onSubmit={onSubmit} aria-label={t('auth.register.title')}>
        <EmailField<RegisterValues> name="username" label={t('auth.register.email')} />
        <PasswordField<RegisterValues> name="password" label={t('auth.register.password')} kind="new" />
        <SubmitButton busyLabel={t('auth.register.submitting')}>{t('auth.register.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
