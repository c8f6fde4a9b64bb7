/**
 * A wide-screen safety net for data tables: when a table's columns cannot fit between the side
 * navigation and the window edge (tablets, small laptops), it scrolls sideways inside this box
 * instead of pushing the whole page wider. Under 640 px the Table already stacks into cards, so
 * nothing scrolls there. Focus stays on the table's own links and buttons (no extra tab stop).
 */
import type { ReactNode } from 'react';
import '@/components/ui/scroll-x.css';

export function ScrollX({ children }: { children: ReactNode }) {
  return <div className="scroll-x">{children}</div>;
}
