/**
 * The vertical rhythm of a screen or card: children one under the other, separated by one step of
 * the spacing scale; the global margins of headings, paragraphs and lists are dropped. It exists so that no feature stylesheet
 * repeats "display: grid; gap: …" (ADR 0007: no CSS block repeated between features).
 */
import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';
import '@/components/ui/stack.css';

export type StackGap = 1 | 2 | 3 | 4 | 6;

type StackProps<E extends ElementType> = {
  as?: E;
  gap?: StackGap;
  className?: string;
  children?: ReactNode;
} & Omit<ComponentPropsWithoutRef<E>, 'as' | 'className' | 'children'>;

export function Stack<E extends ElementType = 'div'>({ as, gap = 4, className, children, ...rest }: StackProps<E>) {
  const Element: ElementType = as ?? 'div';
  return (
    <Element className={['stack', `stack--${gap}`, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Element>
  );
}
