// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentInfoView, BankCardView, WithdrawalRule } from '../../../contract/agent';
import { setWidth } from '../../testing/browser';
import { signIn } from '../../testing/fixtures';
import { formOf, renderPage, stubApi, type Recorded } from '../../testing/utils';
import type * as StepUp from '../../lib/step-up';
import { RebatePage } from './RebatePage';

vi.mock('../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));
// The step-up sheet lives in the shell; here it answers a ticket at once.
vi.mock('../../lib/step-up', async (importOriginal) => ({
  ...(await importOriginal<typeof StepUp>()),
  useStepUp: () => () => Promise.resolve('ticket-1'),
}));
vi.mock('qrcode', () => ({
  default: { toDataURL: vi.fn(() => Promise.resolve('data:image/png;base64,AA==')) },
}));

vi.setConfig({ testTimeout: 15_000 });

const INFO: AgentInfoView = {
  code: '482913',
  inviteeCount: 3,
  balances: [
    {
      currency: 'CNY',
      pending: 1_200,
      available: 50_000,
      inPayout: 0,
      withdrawn: 0,
      fees: 0,
      owed: 0,
      earned: 51_200,
    },
  ],
  holdDays: 7,
  rates: [],
  nextReleaseAt: '2026-12-03T02:00:00.000Z',
};
const RULES: WithdrawalRule[] = [
  {
    currency: 'CNY',
    available: 50_000,
    wallet: { minimum: 100, maximum: 5_000_000, fee: 0 },
    bankCard: { minimum: 1_000, maximum: 5_000_000, feeBp: 100, minFee: 200, dailyCount: 3 },
  },
  {
    currency: 'USD',
    available: 0,
    wallet: { minimum: 100, maximum: 1_000_000, fee: 0 },
    bankCard: { minimum: 200, maximum: 1_000_000, feeBp: 100, minFee: 100, dailyCount: 3 },
  },
];
const CARD: BankCardView = {
  id: 'bc1',
  holder: 'Li Lei',
  bank: 'ICBC',
  cardMasked: '**** **** **** 1111',
  createdAt: '2026-11-01T00:00:00Z',
};

function answer(withdraw: { code: number; msg?: string; data?: unknown } = { code: 200, data: {} }) {
  return stubApi((r: Recorded) => {
    switch (r.path) {
      case '/api/agent/info':
        return { code: 200, data: INFO };
      case '/api/agent/pageOfInvitations':
        return { code: 200, data: { data: [], total: 0, pageNo: 1, pageSize: 10, funnel: [] } };
      case '/api/agent/withdrawalsInfo':
        return { code: 200, data: RULES };
      case '/api/agent/bankCardList':
        return { code: 200, data: [CARD] };
      case '/api/agent/getCode':
        return { code: 200, data: { expiresIn: 600, resendIn: 60 } };
      case '/api/agent/withdrawalsToBankCard':
      case '/api/agent/withdrawalsToWallet':
        return withdraw;
      default:
        return { code: 404, msg: 'no such path' };
    }
  });
}

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  setWidth(1024);
});

async function openBankWithdrawal(amount: string) {
  fireEvent.click(await screen.findByTestId('agent-withdraw'));
  const sheet = await screen.findByTestId('withdraw-sheet');
  fireEvent.click(within(sheet).getByRole('tab', { name: 'To bank card' }));
  fireEvent.change(within(sheet).getByTestId('withdraw-amount'), { target: { value: amount } });
  return sheet;
}

describe('RebatePage', () => {
  it('shows the code, the link with the code and the figures', async () => {
    answer();
    await renderPage('/rebate', RebatePage);
    expect((await screen.findByTestId('agent-code')).textContent).toBe('482913');
    expect(screen.getByTestId('agent-link').textContent).toMatch(/#\/signup\?code=482913$/);
    expect(screen.getByTestId('agent-available-CNY').textContent).toBe('¥500.00');
    expect(screen.getByTestId('agent-pending-CNY').textContent).toBe('¥12.00');
    expect(screen.getByTestId('agent-invitee-count').textContent).toBe('3 invitees');
  });

  it('shows amount, rate, fee and net of a bank withdrawal before the code, then sends it once with a key', async () => {
    const { requests } = answer();
    await renderPage('/rebate', RebatePage);
    const sheet = await openBankWithdrawal('450.01');
    await waitFor(() => expect(within(sheet).getByTestId('withdraw-fee').textContent).toBe('¥4.51'));
    expect(within(sheet).getByTestId('withdraw-net').textContent).toBe('¥445.50');
    expect(within(sheet).getByTestId('withdraw-rate').textContent).toBe('1 %, at least ¥2.00');

    fireEvent.click(within(sheet).getByTestId('withdraw-send-code'));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/agent/getCode')).toBe(true));
    fireEvent.change(within(sheet).getByTestId('withdraw-code'), { target: { value: '123456' } });
    fireEvent.click(within(sheet).getByTestId('withdraw-confirm'));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/agent/withdrawalsToBankCard')).toBe(true),
    );
    const sent = requests.find((r) => r.path === '/api/agent/withdrawalsToBankCard')!;
    expect(formOf(sent)).toEqual({
      currency: 'CNY',
      amount: '45001',
      bankCardId: 'bc1',
      code: '123456',
      stepUpTicket: 'ticket-1',
    });
    expect(sent.headers.get('idempotency-key')).toBeTruthy();
  });

  it('refuses an amount over what is available before asking for any code', async () => {
    const { requests } = answer();
    await renderPage('/rebate', RebatePage);
    const sheet = await openBankWithdrawal('600');
    await waitFor(() => expect(within(sheet).getByText('More than available (¥500.00)')).toBeTruthy());
    expect((within(sheet).getByTestId('withdraw-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(requests.some((r) => r.path === '/api/agent/getCode')).toBe(false);
  });
});
