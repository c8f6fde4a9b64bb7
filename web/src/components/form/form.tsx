/**
 * The one form wrapper: hands the react-hook-form state to its fields (FormProvider), turns off the
 * browser's own bubbles (noValidate; our messages are product §5's) and calls `onSubmit` with valid data.
 */
import type { ComponentProps } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import '@/components/form/form.css';

interface FormProps<TFieldValues extends FieldValues, TOutput> extends Omit<ComponentProps<'form'>, 'onSubmit'> {
  form: UseFormReturn<TFieldValues, unknown, TOutput>;
  /** While its promise is pending the form counts as submitting (busy button). Catch errors inside. */
  onSubmit: SubmitHandler<TOutput>;
}

export function Form<TFieldValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  children,
  className,
  ...rest
}: FormProps<TFieldValues, TOutput>) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...rest}
        className={['form', className].filter(Boolean).join(' ')}
        onSubmit={(event) => {
          // Enter in a field while the last submit is still running must not send it twice.
          if (form.formState.isSubmitting) {
            event.preventDefault();
            return;
          }
          void form.handleSubmit(onSubmit)(event);
        }}
      >
        {children}
      </form>
    </FormProvider>
  );
}
