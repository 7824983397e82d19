/**
 * Phone rows "like a bank statement" (issue 18 §5): two lines per record — what happened and the
 * signed amount, then the time and the balance after — so a screen holds many records instead of
 * two cards of label/value pairs. A row opens its details when the list gives `onOpen`.
 */
import type { ReactNode } from 'react';

export interface StatementLine {
  /** What happened, in a sentence (first line, start). */
  title: ReactNode;
  /** The signed amount (first line, end). */
  amount: ReactNode;
  /** Time and context (second line, start). */
  meta: ReactNode;
  /** Balance after or status (second line, end). */
  aside?: ReactNode;
}

export interface StatementViewProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  caption: string;
  line: (row: T) => StatementLine;
  onOpen?: ((row: T) => void) | undefined;
  /** The test id of a row's open button (the records' `trade-open`). */
  openTestId?: string | undefined;
}

export function StatementView<T>({ rows, rowKey, caption, line, onOpen, openTestId }: StatementViewProps<T>) {
  return (
    <ul className="cp-statement" aria-label={caption}>
      {rows.map((row) => {
        const parts = line(row);
        const content = (
          <>
            <span className="cp-statement__line">
              <span className="cp-statement__title">{parts.title}</span>
              <span className="cp-statement__amount">{parts.amount}</span>
            </span>
            <span className="cp-statement__line cp-statement__line--meta">
              <span className="cp-statement__meta">{parts.meta}</span>
              {parts.aside ? <span className="cp-statement__aside">{parts.aside}</span> : null}
            </span>
          </>
        );
        return (
          <li key={rowKey(row)} className="cp-statement__item" data-testid="data-card">
            {onOpen ? (
              <button
                type="button"
                className="cp-statement__row"
                onClick={() => onOpen(row)}
                aria-haspopup="dialog"
                data-testid={openTestId}
              >
                {content}
              </button>
            ) : (
              <div className="cp-statement__row">{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
