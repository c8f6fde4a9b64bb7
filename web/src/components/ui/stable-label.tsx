/**
 * A button label that always takes the width of the longest text it can show (its `alternatives`),
 * so a control whose text changes for a moment ('Copiar enlace' → '¡Enlace copiado!') never grows,
 * never reflows its row and is never clipped. The alternatives are drawn from attributes by CSS:
 * they add nothing to the text content or the accessible name.
 */
import type { ReactNode } from 'react';
import '@/components/ui/stable-label.css';

interface StableLabelProps {
  /** What the control says now. */
  children: ReactNode;
  /** Every text the control can say (the current one may be among them). */
  alternatives: readonly string[];
}

export function StableLabel({ children, alternatives }: StableLabelProps) {
  return (
    <span className="stable-label">
      <span className="stable-label__current">{children}</span>
      {alternatives.map((text) => (
        <span key={text} className="stable-label__ghost" data-text={text} aria-hidden="true" />
      ))}
    </span>
  );
}
