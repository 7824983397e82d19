// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Money } from './Money';

describe('<Money>', () => {
  it('shows minor units with two decimals and the symbol, in tabular figures', () => {
    render(<Money minor={123456} currency="CNY" data-testid="m" />);
    const money = screen.getByTestId('m');
    expect(money.textContent).toBe('¥1,234.56');
    expect(money.className).toContain('cp-money');
  });

  it('marks negative, zero and positive amounts; colours them only on request', () => {
    const { rerender } = render(<Money minor={-350} currency="USD" data-testid="m" />);
    expect(screen.getByTestId('m').textContent).toBe('-$3.50');
    expect(screen.getByTestId('m').dataset.direction).toBe('negative');
    expect(screen.getByTestId('m').className).not.toContain('cp-money--negative');

    rerender(<Money minor={-350} currency="USD" tone data-testid="m" />);
    expect(screen.getByTestId('m').className).toContain('cp-money--negative');

    rerender(<Money minor={0} currency="EUR" tone sign="always" data-testid="m" />);
    expect(screen.getByTestId('m').textContent).toBe('€0.00');
    expect(screen.getByTestId('m').dataset.direction).toBe('zero');
  });

  it('signs credits and shows codes for currencies without a symbol', () => {
    render(
      <>
        <Money minor={1000} currency="GBP" sign="always" data-testid="credit" />
        <Money minor={250000000} currency="HKD" data-testid="hkd" />
      </>,
    );
    expect(screen.getByTestId('credit').textContent).toBe('+£10.00');
    expect(screen.getByTestId('hkd').textContent).toBe('HKD 2,500,000.00');
  });
});
