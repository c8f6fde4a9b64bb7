/**
 * A disclosure of the design system: a native <details> whose <summary> is a full-width row with a
 * chevron that turns when open, so Enter and Space open and close it and screen readers announce
 * it as expanded or collapsed without any script. Its content is spaced like a form's fields.
 */
import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import '@/components/ui/disclosure.css';

interface DisclosureProps {
  summary: ReactNode;
  children: ReactNode;
  /** Starts open (uncontrolled afterwards: the reader opens and closes it). */
  open?: boolean;
  className?: string;
  testId?: string;
}

export function Disclosure({ summary, children, open, className, testId }: DisclosureProps) {
  return (
    <details
      className={['disclosure', className].filter(Boolean).join(' ')}
      open={open || undefined}
      data-testid={testId}
    >
      <summary className="disclosure__summary">
        <ChevronRight className="disclosure__chevron" aria-hidden="true" size={18} />
        {summary}
      </summary>
      <div className="disclosure__content">{children}</div>
    </details>
  );
}
