/**
 * A frame for a Table with many columns. The Table turns its rows into cards only when the WINDOW
 * is under 640 px; beside the side navigation a table can run out of room on a much wider window
 * (a tablet, a small laptop). This frame is a size container: when its own width is under the
 * `stackBelow` threshold the rows become cards too (several per line when there is room). Pick the
 * threshold above the table's narrowest width, so the page never scrolls sideways.
 * (Candidate for folding into Table as a prop; see the lead's notes.)
 */
import type { ReactNode } from 'react';
import '@/components/ui/wide-table.css';

interface WideTableProps {
  children: ReactNode;
  /** md: stack under 48rem of frame width (3–4 columns); lg: under 68rem (6–7 columns with buttons). */
  stackBelow: 'md' | 'lg';
}

export function WideTable({ children, stackBelow }: WideTableProps) {
  return <div className={`wide-table wide-table--${stackBelow}`}>{children}</div>;
}
