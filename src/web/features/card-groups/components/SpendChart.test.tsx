import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpendChart } from './SpendChart';

describe('SpendChart', () => {
  it('draws one bar per day, scaled to the biggest day, with a hairline for days without spend', () => {
    const { container, getByRole } = render(
      <SpendChart
        label="Daily spend"
        daily={[
          { date: '2026-11-24', amount: 0 },
          { date: '2026-11-25', amount: 500 },
          { date: '2026-11-26', amount: 1_000 },
        ]}
      />,
    );
    expect(getByRole('img', { name: 'Daily spend' })).toBeTruthy();
    const bars = [...container.querySelectorAll('rect')];
    expect(bars).toHaveLength(3);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[0]).toBe(1);
    expect(heights[2]).toBe(92);
    expect(heights[1]).toBe(46);
    expect(bars[0]?.getAttribute('class')).toContain('--zero');
    expect(bars[2]?.querySelector('title')?.textContent).toBe('2026-11-26: 10.00');
  });
});
