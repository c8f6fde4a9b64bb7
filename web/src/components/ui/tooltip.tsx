/**
 * A tooltip for one control: shown on hover and on keyboard focus, hidden by Escape (WCAG 1.4.13),
 * linked by aria-describedby so screen readers read it with the control. It is placed below the
 * control and shifted back inside the viewport (and inside the closest scrolling container) when
 * it would overflow, so it never spills over the side navigation or off a phone's edge.
 * `children` receives the props to spread on the control. ADR 0007 explains why not a library.
 */
import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import '@/components/ui/tooltip.css';

export interface TooltipTriggerProps {
  'aria-describedby': string | undefined;
  onFocus: (event: FocusEvent) => void;
  onBlur: (event: FocusEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

interface TooltipProps {
  /** Nothing to explain (e.g. still loading): renders the control alone. */
  content: ReactNode | null;
  children: (trigger: TooltipTriggerProps) => ReactNode;
  /** Lets the anchor shrink (long text cut with an ellipsis) instead of keeping its content width. */
  block?: boolean;
}

const EDGE = 8;

export function Tooltip({ content, children, block = false }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [shift, setShift] = useState(0);
  const tipRef = useRef<HTMLSpanElement>(null);
  const enabled = content !== null && content !== undefined && content !== '';

  // Measure once shown: move left or right by exactly what overflows the viewport.
  useLayoutEffect(() => {
    if (!open || !tipRef.current) {
      setShift(0);
      return;
    }
    const rect = tipRef.current.getBoundingClientRect();
    const right = document.documentElement.clientWidth - EDGE;
    if (rect.right > right) setShift(right - rect.right);
    else if (rect.left < EDGE) setShift(EDGE - rect.left);
  }, [open]);

  const trigger: TooltipTriggerProps = {
    'aria-describedby': enabled ? id : undefined,
    onFocus: () => setOpen(true),
    onBlur: () => setOpen(false),
    onKeyDown: (event) => {
      if (event.key === 'Escape' && open) {
        event.stopPropagation();
        setOpen(false);
      }
    },
  };

  return (
    <span
      className={block ? 'tooltip-anchor tooltip-anchor--block' : 'tooltip-anchor'}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      {children(trigger)}
      {enabled ? (
        <span
          ref={tipRef}
          id={id}
          role="tooltip"
          className="tooltip"
          hidden={!open}
          // `left`, not a transform: Chromium counts a transformed box's untransformed place in the
          // page's scrollable width, so a shifted tooltip would still make a phone scroll sideways.
          style={shift ? { left: `${shift}px` } : undefined}
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
