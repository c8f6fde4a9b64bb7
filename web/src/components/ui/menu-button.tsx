/**
 * A menu button after the WAI-ARIA Authoring Practices' menu button pattern: a button that opens a
 * `menu` of `menuitem`s under it. Opening puts the focus on the first item; Up and Down move
 * between items (wrapping), Home and End to the ends; Escape closes it and gives the focus back to
 * the button; Tab, a click elsewhere or choosing an item closes it. For actions that should not
 * sit on every row as a link of their own, such as a note's 'Eliminar' (issue 45).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import '@/components/ui/menu-button.css';

export interface MenuAction {
  key: string;
  label: string;
  /** A fuller accessible name, when the label alone is ambiguous ('Eliminar la nota de 00:12'). */
  name?: string;
  onSelect: () => void;
  /** Drawn in the danger colour (a deletion). */
  danger?: boolean;
}

interface MenuButtonProps {
  /** The button's accessible name, e.g. 'Más acciones para la nota de 00:12'. */
  label: string;
  /** What the button shows (an icon); hidden from screen readers, which read `label`. */
  children: ReactNode;
  items: readonly MenuAction[];
  className?: string;
}

export function MenuButton({ label, children, items, className }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const entries = useRef<Array<HTMLButtonElement | null>>([]);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    entries.current[0]?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = entries.current.findIndex((node) => node === document.activeElement);
    const last = items.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (event.key === 'Escape') {
      event.preventDefault();
      // A dialog or the player around the menu must not also act on this Escape.
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (target !== null) {
      event.preventDefault();
      event.stopPropagation();
      entries.current[target]?.focus();
    }
  };

  return (
    <div className={['menu-button', className].filter(Boolean).join(' ')} ref={root}>
      <button
        ref={button}
        type="button"
        className="menu-button__toggle"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          // The pattern's Down and Up on the button open the menu too.
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            event.stopPropagation();
            setOpen(true);
          }
        }}
      >
        <span aria-hidden="true" className="menu-button__icon">
          {children}
        </span>
      </button>
      {open ? (
        <div id={`${id}-menu`} role="menu" aria-label={label} className="menu-button__menu" onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={(node) => {
                entries.current[index] = node;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-label={item.name}
              className={`menu-button__item${item.danger ? ' menu-button__item--danger' : ''}`}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
