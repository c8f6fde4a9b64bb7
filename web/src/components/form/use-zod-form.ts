/** `useForm` with a zod schema as its resolver: validate on submit, then re-validate as the user types. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import { z } from 'zod';

// Our CSP has no 'unsafe-eval': zod would probe for `new Function` before its first object parse,
// and the refused probe is a CSP violation on every form page. Its interpreted path is as correct.
z.config({ jitless: true });

export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  props?: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver'>,
) {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...props,
    resolver: zodResolver(schema),
  });
}
