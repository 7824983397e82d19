// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Daily } from '../chart-model';
import { ActivityChart } from './ActivityChart';

function month(fill: (i: number) => Partial<Record<'spendUsd' | 'topUpUsd' | 'topUpCny', number>>): Daily {
  return Array.from({ length: 30 }, (_, i) => {
    const day = fill(i);
    const date = new Date(Date.UTC(2026, 9, 23 + i)).toISOString().slice(0, 10);
    return {
      date,
      spend: { CNY: 0, USD: day.spendUsd ?? 0 },
      topUp: { CNY: day.topUpCny ?? 0, USD: day.topUpUsd ?? 0 },
    };
  });
}

describe('ActivityChart', () => {
  it('shows an honest empty state when every day is zero — no flat line, no currency switch', () => {
    render(<ActivityChart daily={month(() => ({}))} />);
    expect(screen.getByTestId('chart-empty').textContent).toContain(
      'No spend or top-ups in the last 30 days',
    );
    expect(screen.queryByTestId('chart-svg')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('draws the busiest currency with a text summary for screen readers', () => {
    const daily = month((i) =>
      i === 10 ? { spendUsd: 1250, topUpUsd: 5000 } : i === 20 ? { spendUsd: 300 } : {},
    );
    render(<ActivityChart daily={daily} />);
    const svg = screen.getByRole('img', { name: 'Last 30 days' });
    expect(svg.getAttribute('aria-describedby')).toBe(screen.getByTestId('chart-summary').id);
    expect(screen.getByTestId('chart-summary').textContent).toBe(
      'Last 30 days in USD: spend $15.50 in total, top-ups $50.00 in total. Highest daily spend $12.50 on Nov 2.',
    );
    expect(screen.getByRole('tab', { name: 'USD' }).getAttribute('aria-selected')).toBe('true');
    expect(svg.querySelectorAll('rect')).toHaveLength(1);
    expect(screen.getByTestId('chart-spend-line').getAttribute('d')?.match(/[ML]/g)).toHaveLength(30);
    // Axis labels: the rounded maximum and half of it, and three dates.
    expect(screen.getByText('$50.00')).toBeTruthy();
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByText('Oct 23')).toBeTruthy();
    expect(screen.getByText('Nov 21')).toBeTruthy();
  });

  it('switches currency, and says so when that currency had no activity', () => {
    render(<ActivityChart daily={month((i) => (i === 3 ? { topUpCny: 50000 } : {}))} />);
    expect(screen.getByTestId('chart-summary').textContent).toContain('in CNY');
    fireEvent.click(screen.getByRole('tab', { name: 'USD' }));
    expect(screen.getByTestId('chart-empty-currency').textContent).toBe(
      'No USD spend or top-ups in the last 30 days.',
    );
  });
});
