/**
 * Tabs (spec §2 shared widgets), following the WAI-ARIA tabs pattern: one tab stop, arrow keys
 * (and Home/End) move between enabled tabs and select them, each panel is labelled by its tab.
 * The tab bar scrolls sideways on a phone instead of wrapping, so long labels never break the row.
 *
 * Items without `content` make a plain tab bar (e.g. a list filter); the caller renders the view.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabsItem<K extends string> {
  key: K;
  title: ReactNode;
  content?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<K extends string> {
  items: readonly TabsItem<K>[];
  /** Controlled selection; leave out and use `defaultActiveKey` for an uncontrolled one. */
  activeKey?: K;
  defaultActiveKey?: K;
  onChange?: (key: K) => void;
  /** Accessible name of the tab list. */
  label: string;
  variant?: 'line' | 'pill';
  /** Keep inactive panels mounted (hidden), e.g. to keep a half-filled form. */
  keepMounted?: boolean;
  className?: string;
  'data-testid'?: string;
}

type Move = 'next' | 'previous' | 'first' | 'last';

const MOVES: Readonly<Record<string, Move>> = {
  ArrowRight: 'next',
  ArrowLeft: 'previous',
  Home: 'first',
  End: 'last',
};

/** Index of the enabled tab a key press moves to (wrapping around); `from` when none qualifies. */
export function moveTab(disabled: readonly boolean[], from: number, move: Move): number {
  const count = disabled.length;
  const start = move === 'first' ? -1 : move === 'last' ? count : from;
  const step = move === 'next' || move === 'first' ? 1 : -1;
  for (let i = 1; i <= count; i += 1) {
    const index = (((start + step * i) % count) + count) % count;
    if (!disabled[index]) return index;
  }
  return from;
}

export function Tabs<K extends string>({
  items,
  activeKey,
  defaultActiveKey,
  onChange,
  label,
  variant = 'line',
  keepMounted = false,
  className,
  ...rest
}: TabsProps<K>) {
  const baseId = useId();
  const firstEnabled = items.find((item) => !item.disabled)?.key;
  const [ownKey, setOwnKey] = useState<K | undefined>(defaultActiveKey ?? firstEnabled);
  const current = activeKey ?? ownKey;
  const hasPanels = items.some((item) => item.content !== undefined);
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = (key: K) => `${baseId}-panel-${key}`;

  const select = (key: K) => {
    if (key === current) return;
    if (activeKey === undefined) setOwnKey(key);
    onChange?.(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const from = Math.max(
      0,
      items.findIndex((item) => item.key === current),
    );
    const target =
      items[
        moveTab(
          items.map((item) => Boolean(item.disabled)),
          from,
          move,
        )
      ];
    if (!target) return;
    select(target.key);
    document.getElementById(tabId(target.key))?.focus();
  };

  return (
    <div className={`cp-tabs cp-tabs--${variant} ${className ?? ''}`} data-testid={rest['data-testid']}>
      <div className="cp-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === current;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={selected}
              aria-controls={hasPanels ? panelId(item.key) : undefined}
              tabIndex={selected ? 0 : -1}
              disabled={item.disabled}
              className={`cp-tabs__tab ${selected ? 'cp-tabs__tab--active' : ''}`}
              onClick={() => select(item.key)}
              data-key={item.key}
            >
              {item.title}
            </button>
          );
        })}
      </div>
      {hasPanels
        ? items.map((item) => {
            const selected = item.key === current;
            if (!selected && !keepMounted) return null;
            return (
              <div
                key={item.key}
                role="tabpanel"
                id={panelId(item.key)}
                aria-labelledby={tabId(item.key)}
                hidden={!selected}
                tabIndex={0}
                className="cp-tabs__panel"
              >
                {item.content}
              </div>
            );
          })
        : null}
    </div>
  );
}
