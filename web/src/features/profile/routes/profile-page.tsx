/** /user/profile: change password with the current and a new one; the server's answer as an alert. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/alert';
import { Form, PasswordField, requiredText, SubmitButton, submitTo, useZodForm } from '@/components/form';
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

  const onSubmit = submitTo(update.mutateAsync, () => form.reset());

  const failure = update.isError ? passwordChangeFailure(update.error) : null;

  return (
    <Stack
      as="section"
      gap={4}
      className="card card--roomy content--narrow profile-card"
      aria-labelledby="profile-title"
    >
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
        <PasswordField<PasswordValues> name="currentPassword" label={t('profile.currentPassword')} kind="current" />
        <PasswordField<PasswordValues> name="newPassword" label={t('profile.newPassword')} kind="new" />
        <SubmitButton busyLabel={t('profile.submitting')}>{t('profile.submit')}</SubmitButton>
      </Form>
    </Stack>
  );
}
