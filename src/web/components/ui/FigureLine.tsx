/**
 * One line of a figure list (`<dl className="cp-figures">`): what it is on the left, the figure on
 * the right; `total` marks the line the others add up to. Costs, quotes and balances use it.
 */
import type { ReactNode } from 'react';
import './page.css';

export interface FigureLineProps {
  label: ReactNode;
  children: ReactNode;
  total?: boolean;
  /** On the figure itself, so a test reads the figure without its label. */
  'data-testid'?: string;
}

export function FigureLine({ label, children, total = false, ...rest }: FigureLineProps) {
  return (
    <div className={total ? 'cp-figures__line cp-figures__line--total' : 'cp-figures__line'}>
      <dt>{label}</dt>
      <dd data-testid={rest['data-testid']}>{children}</dd>
    </div>
  );
}
