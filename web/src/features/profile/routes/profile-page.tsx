/** /user/profile: change password with the current and a new one; the server's answer as an alert. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/alert';
import { Form, requiredText, SubmitButton, TextField, useZodForm } from '@/components/form';
import { Stack } from '@/components/ui/stack';
import { useUpdatePassword } from '@/features/profile/api/update-password';
import { passwordChangeFailure } from '@/features/profile/lib/password-change-failure';
import '@/features/profile/profile.css';

const passwordSchema = z.object({
  currentPassword: requiredText('profile.currentRequired'),
  newPassword: requiredText('profile.newRequired'),
});
type PasswordValues = z.output<typeof passwordSchema>;

export function ProfilePage() {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const form = useZodForm(passwordSchema, { defaultValues: { currentPassword: '', newPassword: '' } });

  const onSubmit = async (values: PasswordValues) => {
    try {
      await update.mutateAsync(values);
      form.reset();
    } catch {
      // Shown from update.error.
    }
  };

  const failure = update.isError ? passwordChangeFailure(update.error) : null;

  return (
    <Stack as="section" gap={4} className="card card--roomy content--narrow profile-card" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      <p className="profile-card__intro">{t('profile.intro')}</p>
      {update.isSuccess ? <Alert tone="success" title={update.data.message} testId="profile-success" /> : null}
      {failure ? (
        <Alert
          tone="error"
          title={failure.key ? t(failure.key) : failure.text}
          details={failure.details}
          testId="profile-failure"
        />
      ) : null}
      <Form form={form} onSubmit={onSubmit} aria-labelledby="profile-title">
        <TextField<PasswordValues>
          name="currentPassword"
          type="password"
          label={t('profile.currentPassword')}
          autoComplete="current-password"
          required
        />
        <TextField<PasswordValues>
          name="newPassword"
          type="password"
          label={t('profile.newPassword')}
          autoComplete="new-password"
          hint={t('forms.passwordHint')}
          required
        />
        <SubmitButton busyLabel={t('profile.submitting')}>{t('profile.submit')}</SubmitButton>
      </Form>
    </Stack>
  );
}
