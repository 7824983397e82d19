/**
 * An amount of money (spec §3, §9): minor units in, two decimals with the currency symbol out.
 * Tabular figures keep columns of amounts aligned; negative amounts are marked for styling, and
 * the full text is one string so screen readers read "-$10.00", not fragments.
 */
import type { CurrencyCode } from '../../../contract/core';
import { formatMoney, type MoneyFormat } from '../../lib/money';
import './money.css';

export interface MoneyProps extends MoneyFormat {
  /** Minor units (hundredths), as the API sends them. */
  minor: number | bigint;
  currency: CurrencyCode;
  /** Colour positive amounts green and negative ones red (ledgers); plain text otherwise. */
  tone?: boolean;
  className?: string;
  'data-testid'?: string;
}

export function Money({ minor, currency, sign, tone = false, className, ...rest }: MoneyProps) {
  const direction = minor < 0 ? 'negative' : minor > 0 ? 'positive' : 'zero';
  return (
    <span
      className={`cp-money ${tone ? `cp-money--${direction}` : ''} ${className ?? ''}`}
      data-direction={direction}
      data-testid={rest['data-testid']}
    >
      {formatMoney(minor, currency, { sign })}
    </span>
  );
}
