// @vitest-environment jsdom
/**
 * Recharge and delete on a whole group (issue 15 §2), against a stubbed API, as a bottom sheet on
 * a phone and a centred dialog on a wide screen: the preview comes first (cards affected, cards
 * skipped with the reason the server gave, money moved), and the confirmation sends the existing
 * batch call for the affected cards only, with the quoted total and an Idempotency-Key.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastSuccess } from '@web/lib/notify';
import { setWidth, typeInto } from '@web/testing/browser';
import { signIn } from '@web/testing/fixtures';
import { formOf, renderWithClient, requestsTo, stubApi, type Recorded, type Reply } from '@web/testing/utils';
import { testCard, testCost } from '../../../../testing/card-list';
import { BatchDeleteSheet } from './BatchDeleteSheet';
import { BatchRechargeSheet } from './BatchRechargeSheet';

vi.mock('@web/lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const brief = (index: number) => {
  const { id, serial, last4, balance } = testCard(index);
  return { id, serial, last4, balance };
};

/** Group g-1: cards 0 and 1 can be acted on, card 2 is skipped for `reason`. */
function preview(action: 'recharge' | 'delete', reason: string, text: string, money: number) {
  return {
    action,
    affected: [brief(0), brief(1)],
    skipped: [{ ...brief(2), reason, text }],
    currency: 'USD',
    money,
  };
}

function serve(answer: (request: Recorded) => Reply | undefined) {
  return stubApi((request) => {
    const special = answer(request);
    if (special) return special;
    if (request.path === '/api/user/wallet') return { code: 200, data: { CNY: 100_000, USD: 50_000 } };
    return { code: 404, msg: 'no such path' };
  });
}

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

beforeEach(() => {
  signIn();
  vi.mocked(toastSuccess).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setWidth(1024);
});

describe.each([
  ['phone', 390, '.adm-popup'],
  ['desktop', 1280, '.adm-center-popup'],
])('whole-group sheets on a %s', (_name, width, container) => {
  beforeEach(() => setWidth(width));

  it('recharge: previews the group after the amount, prices and charges only the affected cards with the key', async () => {
    const cost = testCost(5_000, { count: 2, amount: 10_000, rechargeFee: 200, subtotal: 10_200 });
    cost.totals = [{ debitCurrency: 'USD', rateMicros: null, total: 10_200, balance: 50_000, enough: true }];
    const { requests } = serve((request) => {
      if (request.path === '/api/cardGroup/preview')
        return {
          code: 200,
          data: preview(
            'recharge',
            'frozenNoRecharge',
            'Card 00003 is frozen and cannot be recharged',
            10_000,
          ),
        };
      if (request.path === '/api/card/batchRechargeCost') return { code: 200, data: cost };
      if (request.path === '/api/card/batchRecharge')
        return { code: 200, data: { cards: [testCard(0), testCard(1)], txnNo: 'T9' } };
      return undefined;
    });
    const onDone = vi.fn();
    renderWithClient(<BatchRechargeSheet scope={{ groupId: 'g-1' }} onClose={() => {}} onDone={onDone} />);
    const sheet = await screen.findByTestId('batch-recharge-sheet');
    expect(sheet.closest(container)).not.toBeNull();
    // Nothing is asked before an amount: the preview of a recharge needs it.
    expect(requests).toHaveLength(0);

    typeInto('batch-recharge-amount', '50');
    await click('batch-recharge-quote');
    await screen.findByTestId('batch-recharge-cost');
    expect(formOf(requestsTo(requests, 'cardGroup/preview')[0])).toEqual({
      action: 'recharge',
      groupId: 'g-1',
      amount: '5000',
    });
    expect(screen.getByTestId('bulk-affected').textContent).toBe('2 cards will be changed');
    expect(screen.getByTestId('bulk-skipped').textContent).toBe('1 card will be skipped:');
    const skipped = screen.getByTestId('bulk-skipped-card');
    expect(skipped.dataset.reason).toBe('frozenNoRecharge');
    expect(skipped.textContent).toContain('Card 00003 is frozen and cannot be recharged');
    expect(screen.getByTestId('bulk-money').textContent).toBe(
      'Money moved (loaded onto the cards, before fees): $100.00',
    );
    expect(formOf(requestsTo(requests, 'card/batchRechargeCost')[0])).toEqual({
      cardIds: 'card-0,card-1',
      amount: '5000',
    });

    await click('batch-recharge-confirm');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = requestsTo(requests, 'card/batchRecharge');
    expect(sent).toHaveLength(1);
    expect(formOf(sent[0])).toEqual({
      cardIds: 'card-0,card-1',
      amount: '5000',
      debitCurrency: 'USD',
      expectTotal: '10200',
    });
    expect(sent[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(vi.mocked(toastSuccess)).toHaveBeenCalledWith('2 cards recharged');
  });

  it('recharge: a group where every card is skipped prices nothing and cannot be confirmed', async () => {
    const { requests } = serve((request) =>
      request.path === '/api/cardGroup/preview'
        ? {
            code: 200,
            data: {
              action: 'recharge',
              affected: [],
              skipped: [{ ...brief(2), reason: 'deleted', text: 'Card 00003 is deleted' }],
              currency: 'USD',
              money: 0,
            },
          }
        : undefined,
    );
    renderWithClient(<BatchRechargeSheet scope={{ groupId: 'g-1' }} onClose={() => {}} onDone={() => {}} />);
    typeInto('batch-recharge-amount', '50');
    await click('batch-recharge-quote');
    await screen.findByTestId('bulk-preview');
    expect(screen.getByTestId('bulk-affected').textContent).toBe('No card can be changed.');
    expect(screen.getByTestId('bulk-skipped-card').dataset.reason).toBe('deleted');
    expect(requestsTo(requests, 'card/batchRechargeCost')).toHaveLength(0);
    expect(screen.getByTestId('batch-recharge-quote')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('batch-recharge-confirm')).toBeNull();
  });

  it('delete: shows the preview with the cards skipped for pending authorizations and the money returned, then deletes the affected cards with a key', async () => {
    const { requests } = serve((request) => {
      if (request.path === '/api/cardGroup/preview')
        return {
          code: 200,
          data: preview('delete', 'pending', 'Card 00003 has pending authorizations', 20_001),
        };
      if (request.path === '/api/card/batchDelete')
        return { code: 200, data: { deleted: 2, refunded: 20_001, txnNo: 'T10' } };
      return undefined;
    });
    const onDone = vi.fn();
    renderWithClient(<BatchDeleteSheet scope={{ groupId: 'g-1' }} onClose={() => {}} onDone={onDone} />);
    const sheet = await screen.findByTestId('batch-delete-sheet');
    expect(sheet.closest(container)).not.toBeNull();
    await screen.findByTestId('bulk-preview');
    expect(formOf(requestsTo(requests, 'cardGroup/preview')[0])).toEqual({
      action: 'delete',
      groupId: 'g-1',
    });
    expect(screen.getByTestId('bulk-affected').textContent).toBe('2 cards will be changed');
    const skipped = screen.getByTestId('bulk-skipped-card');
    expect(skipped.dataset.reason).toBe('pending');
    expect(skipped.textContent).toBe('···· 1002 · Card 00003 has pending authorizations');
    expect(screen.getByTestId('bulk-money').textContent).toBe(
      'Money moved (returned to your wallet): $200.01',
    );
    expect(screen.getByTestId('batch-delete-text').textContent).toContain(
      'The 2 cards above will be deleted',
    );
    expect(within(sheet).getByTestId('batch-delete-confirm').textContent).toContain('Delete 2 cards');

    await click('batch-delete-confirm');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = requestsTo(requests, 'card/batchDelete');
    expect(sent).toHaveLength(1);
    expect(formOf(sent[0])).toEqual({ cardIds: 'card-0,card-1' });
    expect(sent[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(vi.mocked(toastSuccess)).toHaveBeenCalledWith('2 cards deleted; $200.01 returned to your wallet');
  });

  it('delete: a selection previews by card ids, and a card that gained a pending authorization meanwhile shows the refusal in the sheet', async () => {
    const { requests } = serve((request) => {
      if (request.path === '/api/cardGroup/preview')
        return { code: 200, data: { ...preview('delete', 'deleted', 'Card 00003 is deleted', 20_001) } };
      if (request.path === '/api/card/batchDelete') return { code: 409, msg: '' };
      return undefined;
    });
    const onDone = vi.fn();
    renderWithClient(
      <BatchDeleteSheet
        scope={{ cards: [testCard(0), testCard(1), testCard(2)] }}
        onClose={() => {}}
        onDone={onDone}
      />,
    );
    await screen.findByTestId('bulk-preview');
    expect(formOf(requestsTo(requests, 'cardGroup/preview')[0])).toEqual({
      action: 'delete',
      cardIds: 'card-0,card-1,card-2',
    });
    await click('batch-delete-confirm');
    expect(await screen.findByTestId('batch-delete-refusal')).toBeTruthy();
    expect(formOf(requestsTo(requests, 'card/batchDelete')[0])).toEqual({ cardIds: 'card-0,card-1' });
    expect(onDone).not.toHaveBeenCalled();
  });
});
