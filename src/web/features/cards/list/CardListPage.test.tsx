// @vitest-environment jsdom
/**
 * The card list page against a stubbed API: filters checked before sending, infinite paging,
 * the per-card sheets (freeze confirmation, risk freeze, delete refused while authorizations are
 * pending, recharge with its cost, idempotency key and re-quote), batch recharge and the export.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardView } from '@contract/cards';
import { mainAccessGrant, subAccessGrant } from '@contract/permissions';
import { i18n } from '../../../lib/i18n';
import { storeAccess } from '../../../lib/permissions';
import { clearStorage } from '../../../lib/storage';
import { toastSuccess } from '../../../lib/notify';
import { catchDownloads, setWidth, typeInto } from '../../../testing/browser';
import { signIn, TEST_ACCESS_TOKEN as ACCESS_TOKEN } from '../../../testing/fixtures';
import {
  formOf,
  renderPage,
  renderWithClient,
  requestsTo,
  stubApi,
  type Recorded,
  type Reply,
} from '../../../testing/utils';
import { SubCardListPage } from '../sub/SubCardListPage';
import { CardList, CardListPage } from './CardListPage';
import { testCard, testCards, testCost } from '../../../testing/card-list';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

type Override = (request: Recorded) => Reply | Response | undefined;

/** A fake card server: pages of `cards`, the filter choices, and `override` for the case at hand. */
function serve(cards: CardView[], override: Override = () => undefined) {
  return stubApi((request) => {
    const special = override(request);
    if (special) return special;
    const query = request.query;
    switch (request.path) {
      case '/api/card/page': {
        const pageNo = Number(query.get('pageNo'));
        const pageSize = Number(query.get('pageSize'));
        const data = cards.slice((pageNo - 1) * pageSize, pageNo * pageSize);
        return { code: 200, data: { data, total: cards.length, pageNo, pageSize } };
      }
      case '/api/card/rangeList':
        return {
          code: 200,
          data: {
            segments: [{ id: 'seg-ads', name: 'Advertising · US', count: cards.length }],
            labels: ['Ads', 'SaaS'],
            statusCounts: { active: cards.length, frozen: 0, deleted: 0 },
          },
        };
      case '/api/user/wallet':
        return { code: 200, data: { CNY: 100_000, USD: 50_000 } };
      default:
        return { code: 404, msg: 'no such path' };
    }
  });
}

async function openPage() {
  const view = renderWithClient(<CardList />);
  await screen.findAllByTestId('card-row');
  return view;
}

/**
 * Opens the card screen of the tile `index` (phone) and picks `action`: from the row of frequent
 * actions, or from the "More" sheet.
 */
async function act_on(index: number, action: string) {
  const tile = screen.getAllByTestId('card-open')[index] as HTMLElement;
  fireEvent.click(tile);
  const cardScreen = await screen.findByTestId('card-screen');
  const quick = within(cardScreen).queryByTestId(`quick-${action}`);
  if (quick) {
    fireEvent.click(quick);
    return;
  }
  fireEvent.click(within(cardScreen).getByTestId('quick-more'));
  const sheet = await screen.findByTestId('card-more-sheet');
  fireEvent.click(within(sheet).getByTestId(`action-${action}`));
}

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

beforeEach(() => {
  signIn();
  setWidth(390);
  vi.mocked(toastSuccess).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setWidth(1024);
});

describe('CardListPage list and filters', () => {
  it('shows each card at a glance on a phone: network, serial, last four, holder, balance, status', async () => {
    const { requests } = serve([
      testCard(0, { last4: '4242', serial: '00042', balance: 12_345 }),
      testCard(1, { status: 'frozen', frozenBy: 'customer', label: 'Ads' }),
    ]);
    await openPage();
    const [first, second] = screen.getAllByTestId('card-row') as HTMLElement[];
    expect(within(first!).getByTestId('card-network').textContent).toBe('VISA');
    expect(within(first!).getByText('No. 00042')).toBeTruthy();
    expect(within(first!).getByTestId('card-last4').textContent).toBe('•••• 4242');
    expect(within(first!).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(first!).getByTestId('card-balance').textContent).toBe('$123.45');
    expect(within(first!).getByTestId('card-status').textContent).toBe('Active');
    expect(within(second!).getByTestId('card-status').textContent).toBe('Frozen');
    expect(screen.getByTestId('card-total').textContent).toBe('2 cards');
    const [page] = requestsTo(requests, 'card/page');
    expect(Object.fromEntries(page!.query)).toEqual({ pageNo: '1', pageSize: '100' });
    expect(page!.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('refuses a balance range whose minimum is above its maximum with the spec message, sending nothing', async () => {
    const { requests } = serve(testCards(3));
    await openPage();
    typeInto('card-filter-min', '100');
    typeInto('card-filter-max', '50');
    fireEvent.submit(screen.getByTestId('card-filter'));
    expect(screen.getByTestId('card-filter-min-error').textContent).toBe(
      'Please enter the correct balance range',
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requestsTo(requests, 'card/page')).toHaveLength(1);

    typeInto('card-filter-max', '150.5');
    expect(screen.queryByTestId('card-filter-min-error')).toBeNull();
    fireEvent.change(screen.getByTestId('card-filter-status'), { target: { value: 'frozen' } });
    fireEvent.change(screen.getByTestId('card-filter-label'), { target: { value: 'Ads' } });
    typeInto('card-filter-last4', '42');
    await act(() => new Promise((resolve) => setTimeout(resolve, 1100))); // the Search click guard
    fireEvent.submit(screen.getByTestId('card-filter'));
    await waitFor(() => expect(requestsTo(requests, 'card/page')).toHaveLength(2));
    expect(Object.fromEntries(requestsTo(requests, 'card/page')[1]!.query)).toEqual({
      status: 'frozen',
      label: 'Ads',
      minBalance: '10000',
      maxBalance: '15050',
      last4: '42',
      pageNo: '1',
      pageSize: '100',
    });
  });

  it('loads the next 100 cards when the rows near the end of what is loaded come into view', async () => {
    const { requests } = serve(testCards(250));
    await openPage();
    expect(requestsTo(requests, 'card/page')).toHaveLength(1);
    const list = screen.getByTestId('card-tiles');
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: -95 * 116 } as DOMRect);
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    });
    await waitFor(() => expect(requestsTo(requests, 'card/page')).toHaveLength(2));
    expect(requestsTo(requests, 'card/page')[1]!.query.get('pageNo')).toBe('2');
    expect(screen.getAllByTestId('card-row').length).toBeLessThanOrEqual(60);
  });

  it('names the member holding each card on the owner’s team list, table and tiles', async () => {
    const member = { id: 'm1', subUid: 'S000000001', nickname: 'Ann' };
    const teamCards = [testCard(0, { member }), testCard(1, { member: null })];
    const teamPage = (request: Recorded) =>
      request.path === '/api/card/pageForSub'
        ? { code: 200, data: { data: teamCards, total: 2, pageNo: 1, pageSize: 100 } }
        : request.path === '/api/sub/user/enum'
          ? { code: 200, data: [{ ...member, email: 'ann@example.com' }] }
          : undefined;
    for (const [width, member0] of [
      [1280, 'AnnS000000001'],
      [390, 'Member: Ann (S000000001)'],
    ] as const) {
      setWidth(width);
      serve([], teamPage);
      const view = await renderPage('/subCardList', SubCardListPage);
      await screen.findAllByTestId('card-row');
      const shown = screen.getAllByTestId('card-member').map((cell) => cell.textContent);
      expect(shown[0]).toBe(member0);
      expect(shown[1]).toContain('—');
      if (width === 1280)
        expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Member');
      view.unmount();
    }
  });

  it('searches while the list is still loading, and an earlier answer arriving later never replaces the filtered one', async () => {
    // card-groups.spec once saw all 4 cards under a group filter: the Search button was disabled
    // while the list loaded, a refetch disabled it at the moment of the click, and the click was lost.
    setWidth(1280);
    const all = testCards(4);
    let answerFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
    const { requests } = serve(all, (request) => {
      if (request.path === '/api/cardGroup/page')
        return {
          code: 200,
          data: { data: [{ id: 'g1', name: 'Alpha' }], total: 1, pageNo: 1, pageSize: 100 },
        };
      if (request.path === '/api/tag/page')
        return { code: 200, data: { data: [], total: 0, pageNo: 1, pageSize: 100 } };
      if (request.path === '/api/card/page' && request.query.get('groupId') === 'g1')
        return { code: 200, data: { data: all.slice(0, 2), total: 2, pageNo: 1, pageSize: 100 } };
      return undefined;
    });
    const fetchStub = vi.mocked(fetch);
    const serveAll = fetchStub.getMockImplementation()!;
    // The unfiltered first page answers only when released.
    let held = false;
    fetchStub.mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/api/card/page' && !url.searchParams.has('groupId') && !held) {
        held = true;
        await firstHeld;
      }
      return serveAll(input, init);
    });
    renderWithClient(<CardList />);
    await screen.findByRole('option', { name: 'Alpha' });
    expect(screen.getByTestId('card-list-loading')).toBeTruthy();
    fireEvent.change(screen.getByTestId('card-filter-group'), { target: { value: 'g1' } });
    await click('card-filter-search');
    await waitFor(() => expect(screen.getAllByTestId('card-row')).toHaveLength(2));
    await act(async () => {
      answerFirst();
      await firstHeld;
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getAllByTestId('card-row')).toHaveLength(2);
    // Both questions were asked (the held one is recorded when it is answered).
    expect(new Set(requestsTo(requests, 'card/page').map((r) => r.query.get('groupId')))).toEqual(
      new Set([null, 'g1']),
    );
  });

  it('shows a table with the frequent actions on a wide screen', async () => {
    setWidth(1280);
    serve(testCards(3));
    await openPage();
    expect(screen.getByTestId('card-table')).toBeTruthy();
    const row = screen.getAllByTestId('card-row')[0] as HTMLElement;
    expect(within(row).getByTestId('row-recharge')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('row-more'));
    expect(await screen.findByTestId('card-actions')).toBeTruthy();
  });
});

describe('CardListPage empty states', () => {
  afterEach(async () => {
    clearStorage();
    await i18n.changeLanguage('en');
  });

  it('offers the first card to a user who may open one', async () => {
    storeAccess(mainAccessGrant(1));
    serve([]);
    await renderPage('/cardList', CardListPage, ['/cardOpen']);
    expect((await screen.findByTestId('card-list-empty-text')).textContent).toBe(
      'No cards yet. Cards you open appear here.',
    );
    expect(screen.queryByTestId('card-filter-export')).toBeNull();
    fireEvent.click(screen.getByTestId('card-list-empty-action'));
    expect(await screen.findByTestId('at-cardOpen')).toBeTruthy();
  });

  it('offers no first card to a team member who may not open cards', async () => {
    storeAccess(subAccessGrant(['card:list']));
    serve([]);
    await renderPage('/cardList', CardListPage);
    await screen.findByTestId('card-list-empty');
    expect(screen.queryByTestId('card-list-empty-action')).toBeNull();
  });

  it('names the filters that found nothing by their names, in both languages, and clears them', async () => {
    const { requests } = serve([]);
    await renderPage('/cardList', CardListPage);
    await screen.findByTestId('card-list-empty');
    const segments = screen.getByTestId('card-filter-segment') as HTMLSelectElement;
    await waitFor(() => expect(segments.options).toHaveLength(2));
    fireEvent.change(screen.getByTestId('card-filter-status'), { target: { value: 'frozen' } });
    fireEvent.change(screen.getByTestId('card-filter-segment'), { target: { value: 'seg-ads' } });
    typeInto('card-filter-min', '10');
    fireEvent.submit(screen.getByTestId('card-filter'));
    const text = () => screen.getByTestId('card-list-empty-text').textContent;
    await waitFor(() =>
      expect(text()).toBe(
        'No cards with status Frozen, card segment Advertising · US and minimum balance $10.00',
      ),
    );
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(text()).toBe('没有 状态为「已冻结」、卡段为「Advertising · US」、最低余额为「$10.00」的卡片');
    fireEvent.click(screen.getByTestId('empty-clear'));
    await waitFor(() => expect(requestsTo(requests, 'card/page').at(-1)?.query.get('status')).toBeNull());
    expect(text()).toBe('还没有卡片，开卡后会显示在这里。');
  });
});

describe('CardListPage freeze and delete', () => {
  it('freezes only after the confirmation, then shows the card frozen', async () => {
    const card = testCard(0);
    const { requests } = serve([card], (request) =>
      request.path === '/api/card/frozen'
        ? { code: 200, data: { ...card, status: 'frozen', frozenBy: 'customer' } }
        : undefined,
    );
    await openPage();
    await act_on(0, 'freeze');
    const sheet = await screen.findByTestId('freeze-sheet');
    expect(within(sheet).getByTestId('freeze-text').textContent).toContain('declines every payment');
    expect(requestsTo(requests, 'card/frozen')).toHaveLength(0);

    await click('freeze-confirm');
    await waitFor(() => expect(requestsTo(requests, 'card/frozen')).toHaveLength(1));
    expect(formOf(requestsTo(requests, 'card/frozen')[0])).toEqual({ cardId: card.id, action: 'freeze' });
    await waitFor(() => expect(screen.getAllByTestId('card-status')[0]!.textContent).toBe('Frozen'));
    expect(screen.queryByTestId('freeze-sheet')).toBeNull();
    // Back on the card screen, the toggle now offers to unfreeze.
    const cardScreen = await screen.findByTestId('card-screen');
    expect(within(cardScreen).getByTestId('quick-activate').textContent).toBe('Activate');
    expect(within(cardScreen).queryByTestId('quick-freeze')).toBeNull();
    expect(toastSuccess).toHaveBeenCalledWith('Card frozen');
  });

  it('tells why a card was frozen by the risk rule and offers customer service instead of activating', async () => {
    const { requests } = serve([testCard(0, { status: 'frozen', frozenBy: 'risk' })]);
    await openPage();
    await act_on(0, 'activate');
    const sheet = await screen.findByTestId('freeze-sheet');
    expect(within(sheet).getByTestId('freeze-risk-reason').textContent).toContain('more than 5%');
    expect(within(sheet).queryByTestId('freeze-confirm')).toBeNull();
    await click('freeze-contact-service');
    expect(await screen.findByTestId('service-dialog')).toBeTruthy();
    expect(requestsTo(requests, 'card/frozen')).toHaveLength(0);
  });

  it('explains that the balance returns to the wallet, and shows the 409 of pending authorizations in the sheet', async () => {
    const card = testCard(0, { balance: 4_200 });
    const pending = 'This card has pending authorizations; try again once they have settled';
    const { requests } = serve([card], (request) =>
      request.path === '/api/card/delete' ? { code: 409, msg: pending } : undefined,
    );
    await openPage();
    await act_on(0, 'delete');
    const sheet = await screen.findByTestId('delete-sheet');
    expect(within(sheet).getByTestId('delete-text').textContent).toContain('returns to your USD wallet');
    expect(within(sheet).getByTestId('delete-text').textContent).toContain('$42.00');

    await click('delete-confirm');
    expect((await screen.findByTestId('delete-refusal')).textContent).toBe(pending);
    expect(screen.getByTestId('delete-sheet')).toBeTruthy();
    expect(requestsTo(requests, 'card/delete')[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(screen.getByTestId('card-row')).getByTestId('card-status').textContent).toBe('Active');
  });

  it('deletes after the confirmation, updates the row and refreshes the wallet', async () => {
    const card = testCard(0, { balance: 4_200 });
    const { requests } = serve([card], (request) =>
      request.path === '/api/card/delete'
        ? {
            code: 200,
            data: { card: { ...card, status: 'deleted', balance: 0 }, refunded: 4_200, txnNo: 'T1' },
          }
        : undefined,
    );
    await openPage();
    await act_on(0, 'delete');
    await screen.findByTestId('delete-sheet');
    await click('delete-confirm');
    await waitFor(() => expect(screen.getAllByTestId('card-status')[0]!.textContent).toBe('Deleted'));
    expect(toastSuccess).toHaveBeenCalledWith('Card deleted; $42.00 returned to your wallet');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/user/wallet')).toBe(true));
  });
});

describe('CardListPage recharge', () => {
  it('shows the cost with a total per wallet, reuses the key on a retry, and re-quotes after a 409', async () => {
    const card = testCard(0);
    let price = testCost(10_000);
    const recharges: Reply[] = [
      { code: 408, msg: '' },
      { code: 409, msg: 'The price has changed; please check the new cost and confirm again' },
      { code: 200, data: { card: { ...card, balance: card.balance + 10_000 }, txnNo: 'T9' } },
    ];
    const { requests } = serve([card], (request) => {
      if (request.path === '/api/card/rechargeCost') return { code: 200, data: price };
      if (request.path === '/api/card/recharge') {
        const answer = recharges.shift() ?? { code: 500 };
        // Between the second try and the re-quote the fee went up.
        if (answer.code === 409) price = testCost(10_000, { rechargeFee: 300, subtotal: 10_300 });
        if (answer.code === 409)
          price.totals = price.totals.map((t) =>
            t.debitCurrency === 'USD' ? { ...t, total: 10_300 } : { ...t, total: 74_160 },
          );
        return answer;
      }
      return undefined;
    });
    await openPage();
    await act_on(0, 'recharge');
    await screen.findByTestId('recharge-sheet');
    typeInto('recharge-amount', '100');
    await click('recharge-quote');

    const cost = await screen.findByTestId('recharge-cost');
    expect(formOf(requestsTo(requests, 'card/rechargeCost')[0])).toEqual({
      cardId: card.id,
      amount: '10000',
    });
    expect(within(cost).getByTestId('recharge-cost-amount').textContent).toContain('$100.00');
    expect(within(cost).getByTestId('recharge-cost-rechargeFee').textContent).toContain('$2.00');
    expect(within(cost).getByTestId('recharge-cost-total-USD').textContent).toBe('$102.00');
    expect(within(cost).getByTestId('recharge-cost-total-CNY').textContent).toBe('¥734.40');
    expect(within(cost).getByTestId('recharge-cost-wallet-CNY').textContent).toContain('1 USD = ¥7.2000');
    expect(screen.getByTestId<HTMLInputElement>('recharge-cost-debit-USD').checked).toBe(true);

    // Pay from the CNY wallet instead.
    fireEvent.click(screen.getByTestId('recharge-cost-debit-CNY'));
    expect(screen.getByTestId('recharge-confirm').textContent).toContain('¥734.40');

    await click('recharge-confirm'); // 408: no answer, the load may or may not have run
    await waitFor(() => expect(requestsTo(requests, 'card/recharge')).toHaveLength(1));
    await click('recharge-confirm'); // 409: the price changed
    await waitFor(() => expect(requestsTo(requests, 'card/rechargeCost')).toHaveLength(2));
    expect(await screen.findByTestId('recharge-repriced')).toBeTruthy();
    expect(screen.getByTestId('recharge-cost-total-CNY').textContent).toBe('¥741.60');
    await click('recharge-confirm'); // 200

    await waitFor(() => expect(requestsTo(requests, 'card/recharge')).toHaveLength(3));
    const [first, retry, requoted] = requestsTo(requests, 'card/recharge');
    expect(formOf(first)).toEqual({
      cardId: card.id,
      amount: '10000',
      debitCurrency: 'CNY',
      expectTotal: '73440',
    });
    expect(formOf(retry)).toEqual(formOf(first));
    expect(retry!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
    expect(formOf(requoted)).toEqual({
      cardId: card.id,
      amount: '10000',
      debitCurrency: 'CNY',
      expectTotal: '74160',
    });
    expect(requoted!.headers.get('idempotency-key')).not.toBe(first!.headers.get('idempotency-key'));

    await waitFor(() => expect(screen.queryByTestId('recharge-sheet')).toBeNull());
    expect(screen.getByTestId('card-balance').textContent).toBe('$200.00');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/user/wallet')).toBe(true));
  });

  it('sends a load above 1000 USD to customer service and prices nothing', async () => {
    const { requests } = serve([testCard(0)]);
    await openPage();
    await act_on(0, 'recharge');
    await screen.findByTestId('recharge-sheet');
    typeInto('recharge-amount', '1000.01');
    expect(screen.getByTestId('recharge-service-notice').textContent).toContain('customer service');
    await click('recharge-quote');
    expect(await screen.findByTestId('service-dialog')).toBeTruthy();
    expect(requestsTo(requests, 'card/rechargeCost')).toHaveLength(0);
  });

  it('recharges selected cards in one batch at the quoted total, card ids comma-separated', async () => {
    const cards = testCards(3);
    const cost = testCost(5_000, { count: 2, amount: 10_000, rechargeFee: 200, subtotal: 10_200 });
    cost.totals = [{ debitCurrency: 'USD', rateMicros: null, total: 10_200, balance: 50_000, enough: true }];
    const { requests } = serve(cards, (request) => {
      if (request.path === '/api/cardGroup/preview') {
        const affected = [cards[0]!, cards[2]!].map(({ id, serial, last4, balance }) => ({
          id,
          serial,
          last4,
          balance,
        }));
        return {
          code: 200,
          data: { action: 'recharge', affected, skipped: [], currency: 'USD', money: 10_000 },
        };
      }
      if (request.path === '/api/card/batchRechargeCost') return { code: 200, data: cost };
      if (request.path === '/api/card/batchRecharge')
        return {
          code: 200,
          data: {
            cards: [cards[0], cards[2]].map((c) => ({ ...c!, balance: c!.balance + 5_000 })),
            txnNo: 'T7',
          },
        };
      return undefined;
    });
    await openPage();
    await click('toggle-select');
    const boxes = screen.getAllByTestId('card-select');
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[2]!);
    expect(screen.getByTestId('batch-count').textContent).toBe('2 cards selected');
    await click('batch-recharge');
    await screen.findByTestId('batch-recharge-sheet');
    typeInto('batch-recharge-amount', '50');
    await click('batch-recharge-quote');
    const breakdown = await screen.findByTestId('batch-recharge-cost');
    expect(within(breakdown).getByTestId('batch-recharge-cost-count').textContent).toBe('2');
    expect(formOf(requestsTo(requests, 'cardGroup/preview')[0])).toEqual({
      action: 'recharge',
      cardIds: 'card-0,card-2',
      amount: '5000',
    });
    expect(screen.getByTestId('bulk-affected').textContent).toBe('2 cards will be changed');
    expect(formOf(requestsTo(requests, 'card/batchRechargeCost')[0])).toEqual({
      cardIds: 'card-0,card-2',
      amount: '5000',
    });
    await click('batch-recharge-confirm');
    await waitFor(() => expect(requestsTo(requests, 'card/batchRecharge')).toHaveLength(1));
    const sent = requestsTo(requests, 'card/batchRecharge')[0];
    expect(formOf(sent)).toEqual({
      cardIds: 'card-0,card-2',
      amount: '5000',
      debitCurrency: 'USD',
      expectTotal: '10200',
    });
    expect(sent!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByTestId('batch-bar')).toBeNull());
    expect(screen.getAllByTestId('card-balance')[0]!.textContent).toBe('$150.00');
  });
});

describe('CardListPage export', () => {
  it('asks for the e-mail code before a full export, checks it, asks for a step-up, then downloads with full=1, the code and the ticket', async () => {
    const clicked = catchDownloads('blob:cards');
    const { requests } = serve(testCards(2), (request) => {
      if (request.path === '/api/card/down/getCode') return { code: 200, data: null };
      if (request.path === '/api/user/stepUp')
        return { code: 200, data: { ticket: 'export-ticket-xxxxxxxxxxxxxxxx', expiresAt: '' } };
      if (request.path === '/api/card/checkCode')
        return { code: 200, data: { valid: request.query.get('code') === '246810' } };
      if (request.path === '/api/card/cardDown')
        return new Response('serial,last4\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="cards.csv"' },
        });
      return undefined;
    });
    await openPage();
    await click('card-filter-export');
    await screen.findByTestId('card-export');
    fireEvent.click(screen.getByTestId('card-export-csv'));
    fireEvent.click(screen.getByTestId('card-export-full'));
    await click('card-export-send-code');
    await waitFor(() => expect(requestsTo(requests, 'card/down/getCode')).toHaveLength(1));

    typeInto('card-export-code', '111111');
    await click('card-export-download');
    expect((await screen.findByTestId('card-export-code-error')).textContent).toBe(
      'The code is wrong or has expired. Send a new one.',
    );
    expect(requestsTo(requests, 'card/cardDown')).toHaveLength(0);

    typeInto('card-export-code', '246810');
    await click('card-export-download');
    await screen.findByTestId('step-up-sheet');
    expect(requestsTo(requests, 'card/cardDown')).toHaveLength(0);
    typeInto('step-up-password', 'Sup3r-secret!');
    await click('step-up-submit');
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(requestsTo(requests, 'user/stepUp')).toHaveLength(1);
    expect(Object.fromEntries(requestsTo(requests, 'card/cardDown')[0]!.query)).toEqual({
      format: 'csv',
      full: '1',
      code: '246810',
      stepUpTicket: 'export-ticket-xxxxxxxxxxxxxxxx',
    });
    expect(clicked[0]?.download).toBe('cards.csv');
  });
});
