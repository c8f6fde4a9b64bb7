/** The shared form helper: react-hook-form + zod, labelled fields with linked errors, a busy submit button. */
export { Form } from '@/components/form/form';
export { TextField, useErrorText } from '@/components/form/text-field';
export { EmailField, PasswordField } from '@/components/form/account-fields';
export { CheckboxField } from '@/components/form/checkbox-field';
export { SubmitButton } from '@/components/form/submit-button';
export { submitTo } from '@/components/form/submit-to';
export { useZodForm } from '@/components/form/use-zod-form';
export { requiredEmail, requiredText } from '@/components/form/schema';
export { errorStatus, serverMessage, validationMessages } from '@/components/form/server-errors';
export type { TranslationKey } from '@/components/form/translation-key';
