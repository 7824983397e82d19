import { describe, expect, it } from 'vitest';
import type { CommissionView, WithdrawalRule } from '../../../contract/agent';
import { quoteWithdrawal } from './components/withdraw-quote';
import { inviteLink } from './api';
import { explainLine } from './pending-reason';
import { reminderText } from './reminder';

const RULE: WithdrawalRule = {
  currency: 'CNY',
  available: 50_000,
  wallet: { minimum: 100, maximum: 5_000_000, fee: 0 },
  bankCard: { minimum: 1_000, maximum: 5_000_000, feeBp: 100, minFee: 200, dailyCount: 3 },
};

describe('the withdraw quote', () => {
  it('is free to the wallet and 1 %, at least the minimum fee, to a bank card', () => {
    expect(quoteWithdrawal(RULE, 'wallet', 10_000)).toMatchObject({ fee: 0, net: 10_000, problem: null });
    expect(quoteWithdrawal(RULE, 'bank_card', 10_000)).toMatchObject({ fee: 200, net: 9_800, rateBp: 100 });
    // 1 % of ¥450.01 is ¥4.5001: rounded up to the cent.
    expect(quoteWithdrawal(RULE, 'bank_card', 45_001)).toMatchObject({ fee: 451, net: 44_550 });
  });

  it('names what is wrong with an amount before any code is asked for', () => {
    expect(quoteWithdrawal(RULE, 'bank_card', 999).problem).toBe('tooSmall');
    expect(quoteWithdrawal(RULE, 'wallet', 50_001).problem).toBe('overAvailable');
    expect(quoteWithdrawal({ ...RULE, available: 9_000_000 }, 'wallet', 5_000_001).problem).toBe('tooLarge');
  });
});

describe('a commission line explained', () => {
  const line = (over: Partial<CommissionView>): CommissionView => ({
    id: 'c1',
    inviteeEmailMasked: 'j***@q***.com',
    feeType: 'card_open',
    sourceTxnNo: 'T1',
    currency: 'USD',
    feeAmount: 200,
    rateBp: 3000,
    amount: 60,
    status: 'pending',
    accruedAt: '2026-11-20T02:00:00.000Z',
    availableAt: '2026-11-27T02:00:00.000Z',
    releasedAt: null,
    clawedBackAt: null,
    ...over,
  });

  it('says a pending line is held until its date (product calendar), then that it is being released', () => {
    expect(explainLine(line({}), Date.parse('2026-11-21T00:00:00Z'))).toEqual({
      key: 'flow.why.holding',
      params: { date: '2026-11-27' },
    });
    expect(explainLine(line({}), Date.parse('2026-11-28T00:00:00Z')).key).toBe('flow.why.releasing');
    expect(explainLine(line({ status: 'clawed_back' })).key).toBe('flow.why.clawedBack');
  });
});

describe('the reminder and the link', () => {
  it('is one message in both languages with the invitation link', async () => {
    await import('./i18n');
    const link = inviteLink('123456', { origin: 'https://portal.example', pathname: '/' });
    expect(link).toBe('https://portal.example/#/signup?code=123456');
    const text = reminderText('first_card', link);
    const [zh, en] = text.split('\n');
    expect(zh).toContain('开通第一张虚拟卡');
    expect(en).toContain('open your first virtual card');
    expect(zh).toContain(link);
    expect(en).toContain(link);
  });
});
