// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentBalance, AgentInfoView } from '@contract/agent';
import { i18n } from '../../../lib/i18n';
import { renderWithClient } from '../../../testing/utils';
import { Figures } from './Figures';

const info = (balance: AgentBalance): AgentInfoView => ({
  code: '482913',
  inviteeCount: 1,
  balances: [balance],
  holdDays: 7,
  rates: [],
  nextReleaseAt: null,
});

/** The figures a customer reads, in minor units (absent lines are 0). */
function shown(currency: string) {
  const box = screen.getByTestId(`agent-balance-${currency}`);
  const read = (name: string) => {
    const line = within(box).queryByTestId(`agent-${name}-${currency}`);
    return line ? Math.round(Number(line.textContent!.replace(/[^0-9.-]/g, '')) * 100) : 0;
  };
  return {
    earned: read('earned'),
    parts: ['available', 'pending', 'in-payout', 'withdrawn', 'fees'].map(read),
    owed: read('owed'),
  };
}

// 100.00 earned; a bank withdrawal of 12.00 with a 2.00 fee (as the server reports each state).
const BASE = { currency: 'CNY' as const, pending: 0, earned: 10_000, owed: 0 };
const STATES: [string, AgentBalance][] = [
  ['requested', { ...BASE, available: 8_800, inPayout: 1_000, withdrawn: 0, fees: 200 }],
  ['paid', { ...BASE, available: 8_800, inPayout: 0, withdrawn: 1_000, fees: 200 }],
  ['refused and returned', { ...BASE, available: 10_000, inPayout: 0, withdrawn: 0, fees: 0 }],
  [
    'clawed back after withdrawing',
    { ...BASE, earned: 9_000, available: 0, inPayout: 0, withdrawn: 10_000, fees: 0, owed: 1_000 },
  ],
];

afterEach(async () => i18n.changeLanguage('en'));

describe('the commission figures', () => {
  it.each(STATES)('add up on screen when a withdrawal is %s', (_state, balance) => {
    renderWithClient(<Figures info={info(balance)} onWithdraw={() => undefined} />);
    const { earned, parts, owed } = shown('CNY');
    expect(earned).toBe(balance.earned);
    // Owed is shown negative: the lines as printed sum to the total.
    expect(parts.reduce((a, b) => a + b, 0) + owed).toBe(earned);
  });

  it('names the fee of a payout in progress in both languages', async () => {
    renderWithClient(<Figures info={info(STATES[0]![1])} onWithdraw={() => undefined} />);
    expect(screen.getByText('Bank withdrawal fees')).toBeTruthy();
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('银行卡提现手续费')).toBeTruthy();
  });
});
