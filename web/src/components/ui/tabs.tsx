/**
 * Tabs after the WAI-ARIA Authoring Practices' tabs pattern: a `tablist` of `tab` buttons, one
 * `tabpanel` each. Only the selected tab is in the Tab order (roving tabindex); Left/Right move
 * between tabs and select them (automatic activation), Home/End go to the ends. Every panel stays
 * mounted (hidden when not selected), so an open editor or a scroll position survives a switch.
 * `onSelect` says how the tab was chosen, so a page that keeps the tab in its address can tell a
 * click from a walk along the tabs with the arrow keys.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import '@/components/ui/tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  panel: ReactNode;
}

/** How a tab was chosen: a click (or Enter/Space on it), or the arrow, Home and End keys. */
export type TabSelection = 'click' | 'keys';

interface TabsProps<K extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K, how: TabSelection) => void;
  className?: string;
}

export function Tabs<K extends string>({ label, items, selected, onSelect, className }: TabsProps<K>) {
  const base = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = (key: K) => `${base}-panel-${key}`;

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    // The player's own shortcuts (arrows seek) must not also act on this key.
    event.stopPropagation();
    const item = items[target];
    if (!item) return;
    onSelect(item.key, 'keys');
    tabs.current[target]?.focus();
  };

  return (
    <div className={['tabs', className].filter(Boolean).join(' ')}>
      <div className="tabs__list" role="tablist" aria-label={label}>
        {items.map((item, index) => {
          const active = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(node) => {
                tabs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              className="tabs__tab"
              aria-selected={active}
              aria-controls={panelId(item.key)}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(item.key, 'click')}
              onKeyDown={(event) => move(event, index)}
              data-testid={`tab-${item.key}`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={panelId(item.key)}
          aria-labelledby={tabId(item.key)}
          className="tabs__panel"
          hidden={item.key !== selected}
          tabIndex={-1}
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
