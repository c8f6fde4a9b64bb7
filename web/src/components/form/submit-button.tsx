/**
 * The form's submit button: busy while react-hook-form's submit handler runs (see
 * `BusySubmitButton` for what busy looks like).
 */
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { BusySubmitButton } from '@/components/form/busy-submit-button';

interface SubmitButtonProps {
  children: ReactNode;
  busyLabel: string;
}

export function SubmitButton({ children, busyLabel }: SubmitButtonProps) {
  const { formState } = useFormContext();
  return (
    <BusySubmitButton busy={formState.isSubmitting} busyLabel={busyLabel}>
      {children}
    </BusySubmitButton>
  );
}
