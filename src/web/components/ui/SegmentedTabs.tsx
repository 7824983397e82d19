/**
 * A segmented tab switch (WAI-ARIA tabs pattern: arrow keys move between tabs). Used where the
 * choices are few and short, like the two ways to sign in.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import './segmented.css';

export interface TabItem<K extends string> {
  key: K;
  title: ReactNode;
}

export interface SegmentedTabsProps<K extends string> {
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  /** Prefix of element ids: tab `${idPrefix}-tab-${key}`, panel `${idPrefix}-panel-${key}`. */
  idPrefix: string;
  label: string;
}

export function SegmentedTabs<K extends string>({
  items,
  active,
  onChange,
  idPrefix,
  label,
}: SegmentedTabsProps<K>) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = items.findIndex((item) => item.key === active);
    const next = items[(index + step + items.length) % items.length];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    document.getElementById(`${idPrefix}-tab-${next.key}`)?.focus();
  };

  return (
    <div className="cp-segmented" role="tablist" aria-label={label} onKeyDown={move}>
      {items.map((item) => {
        const selected = item.key === active;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${item.key}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${item.key}`}
            tabIndex={selected ? 0 : -1}
            className={`cp-segmented__tab ${selected ? 'cp-segmented__tab--active' : ''}`}
            onClick={() => onChange(item.key)}
            data-testid={`${idPrefix}-tab-${item.key}`}
          >
            {item.title}
          </button>
        );
      })}
    </div>
  );
}
