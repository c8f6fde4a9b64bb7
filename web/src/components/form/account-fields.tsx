/**
 * The account forms' fields (log in, register, recover, reset, change password): a required e-mail
 * and a required password whose `kind` says which password it is, so the browser's password
 * manager fills or suggests the right one and the password rules show where one is chosen.
 */
import type { HTMLInputAutoCompleteAttribute } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field';

interface AccountFieldProps<TFieldValues extends FieldValues> {
  name: Path<TFieldValues>;
  label: string;
}

export function EmailField<TFieldValues extends FieldValues>({
  autoComplete = 'email',
  ...field
}: AccountFieldProps<TFieldValues> & { autoComplete?: HTMLInputAutoCompleteAttribute }) {
  return <TextField<TFieldValues> {...field} type="email" autoComplete={autoComplete} required />;
}

/** `current` to sign in or confirm who you are; `new` is being chosen (rules shown); `repeat` confirms it. */
export function PasswordField<TFieldValues extends FieldValues>({
  kind,
  ...field
}: AccountFieldProps<TFieldValues> & { kind: 'current' | 'new' | 'repeat' }) {
  const { t } = useTranslation();
  return (
    <TextField<TFieldValues>
      {...field}
      type="password"
      autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
      hint={kind === 'new' ? t('forms.passwordHint') : undefined}
      required
    />
  );
}
