/**
 * What both question forms (the task/SUS screens and the study's own questions) keep: which error
 * shows, and where focus goes. A new screen (`screenKey`) clears the error and focuses its heading,
 * as a new step's does; after 'required', once React has marked the unanswered questions, the
 * first of them takes focus.
 */
import { useEffect, useRef, useState } from 'react';

export type QuestionFormError = 'required' | 'failed' | null;

export function useQuestionForm(screenKey: string) {
  const [error, setError] = useState<QuestionFormError>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setError(null);
    heading.current?.focus();
  }, [screenKey]);

  const focusFirstUnanswered = () =>
    requestAnimationFrame(() =>
      form.current?.querySelector<HTMLElement>('[data-invalid] input, [data-invalid] textarea')?.focus(),
    );

  return { error, setError, heading, form, focusFirstUnanswered };
}
