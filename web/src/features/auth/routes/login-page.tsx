/**
 * Login at /auth and /auth/login: e-mail + password, then off to the role's home (product §2, §4, §8),
 * or back to the page that sent here (`?next=`, a path of this site: an invitation's page).
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { EmailField, Form, PasswordField, requiredText, SubmitButton, submitTo, useZodForm } from '@/components/form';
import { paths } from '@/config/paths';
import { useLogin } from '@/features/auth/api/login';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FailureAlert } from '@/features/auth/components/failure-alert';
import { homeFor, loginFailure } from '@/features/auth/lib/outcomes';
import { safeNextPath, withNext } from '@/lib/url';

const loginSchema = z.object({
  username: z.string().trim().min(1, 'auth.login.emailRequired'),
  password: requiredText('auth.login.passwordRequired'),
});
type LoginValues = z.output<typeof loginSchema>;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = safeNextPath(search.get('next'));
  const login = useLogin();
  const form = useZodForm(loginSchema, { defaultValues: { username: '', password: '' } });

  const onSubmit = submitTo(login.mutateAsync, ({ user }) => navigate(next ?? homeFor(user.role), { replace: true }));

  return (
    <AuthCard
      title={t('auth.login.title')}
      intro={t('auth.login.intro')}
      footer={
        <>
          <p>
            <Link to={paths.auth.recoverPassword}>{t('auth.login.forgotPassword')}</Link>
          </p>
          <p>
            {t('auth.login.noAccount')}{' '}
            <Link to={withNext(paths.auth.register, next)}>{t('auth.login.registerLink')}</Link>
          </p>
        </>
      }
    >
      {login.isError ? <FailureAlert failure={loginFailure(login.error)} testId="login-failure" /> : null}
      <Form form={form} onSubmit={onSubmit} aria-label={t('auth.login.title')}>
        <EmailField<LoginValues> name="username" label={t('auth.login.email')} autoComplete="username" />
        <PasswordField<LoginValues> name="password" label={t('auth.login.password')} kind="current" />
        <SubmitButton busyLabel={t('auth.login.submitting')}>{t('auth.login.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
