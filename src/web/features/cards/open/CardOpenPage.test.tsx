// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toastError } from '../../../lib/notify';
import { typeInto } from '../../../testing/browser';
import { signedInEachTest } from '../../../testing/fixtures';
import { formOf, renderPage, requestsTo, type Recorded } from '../../../testing/utils';
import { CardOpenPage } from './CardOpenPage';
import { TEST_HOLDER } from '../../../testing/card-open-data';
import {
  batchOf,
  CARD_PATHS,
  priceOf,
  stubCardsApi,
  testCard,
  type Handler,
} from '../../../testing/card-open';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

/** Types the test holder; the country stays the preselected US. */
function fillHolder() {
  const { country: _country, ...typed } = TEST_HOLDER;
  for (const [field, value] of Object.entries(typed)) typeInto(`open-${field}`, value);
}

const submit = () => fireEvent.submit(screen.getByTestId('open-form'));

/** The submit button's click guard holds for a second (spec §5). */
const pastClickGuard = () => act(() => new Promise((resolve) => setTimeout(resolve, 1_100)));

async function openPage(handler?: Handler, path = '/cardOpen') {
  const api = stubCardsApi(handler);
  const view = await renderPage(path, CardOpenPage, CARD_PATHS);
  await screen.findByTestId('open-segment-seg-ads');
  return { ...api, ...view };
}

/** Waits until the form's cost shows the quote of the amount typed (after the debounce). */
async function quoted(subtotal: string) {
  await waitFor(() => expect(screen.getByTestId('open-cost-subtotal').textContent).toBe(subtotal), {
    timeout: 3000,
  });
}

const confirmSheet = () => screen.getByTestId('open-confirm');
const confirmButton = () => within(confirmSheet()).getByTestId('open-confirm-submit');

function opened(): { code: number; data: unknown } {
  return { code: 200, data: { card: testCard(7, { last4: '4242', serial: 'C20260007' }), txnNo: 'T1' } };
}

signedInEachTest(1024);

beforeEach(() => {
  vi.mocked(toastError).mockClear();
});

describe('CardOpenPage: the form', () => {
  it('lists the segments with their prices, maintenance ones disabled, and preselects the first open one', async () => {
    await openPage();
    const ads = screen.getByTestId('open-segment-seg-ads');
    expect(ads.textContent).toContain('BIN 485961');
    expect(ads.textContent).toContain('Opening fee $2.00');
    expect(ads.textContent).toContain('Load fee 1.5%');
    expect(ads.textContent).toContain('First load from $10.00');
    expect(ads.textContent).toContain('Facebook Ads');
    expect(ads.textContent).toContain('+1'); // Five merchants, four named.
    expect(within(ads).getByRole<HTMLInputElement>('radio').checked).toBe(true);
    const old = within(screen.getByTestId('open-segment-seg-old')).getByRole<HTMLInputElement>('radio');
    expect(old.disabled).toBe(true);
    expect(screen.getByTestId('open-segment-seg-old').textContent).toContain('Under maintenance');
    expect(await screen.findByTestId('open-monthly-left')).toHaveProperty(
      'textContent',
      'Your plan lets you open 98 more cards this month.',
    );
  });

  it('preselects the segment named in the link of the scenario query', async () => {
    await openPage(undefined, '/cardOpen?segment=seg-subs');
    const subs = within(screen.getByTestId('open-segment-seg-subs')).getByRole<HTMLInputElement>('radio');
    expect(subs.checked).toBe(true);
  });

  it('checks every field before anything is sent, with the spec’s postcode message', async () => {
    const { requests } = await openPage();
    typeInto('open-amount', '5');
    typeInto('open-postcode', 'ABC');
    submit();

    expect(screen.getByTestId('open-amount-error').textContent).toBe(
      'The first load must be at least $10.00',
    );
    expect(screen.getByTestId('open-holderFirstName-error').textContent).toBe('First name is required');
    expect(screen.getByTestId('open-city-error').textContent).toBe('City is required');
    expect(screen.getByTestId('open-postcode-error').textContent).toBe('Incorrect zip code format');
    expect(document.activeElement).toBe(screen.getByTestId('open-amount'));
    expect(screen.queryByTestId('open-confirm')).toBeNull();

    // What is typed stays as typed and is refused with its reason, never silently changed.
    typeInto('open-amount', '-600');
    expect(screen.getByTestId<HTMLInputElement>('open-amount').value).toBe('-600');
    expect(screen.getByTestId('open-amount-error').textContent).toBe('The amount cannot be negative');
    typeInto('open-amount', '600.123');
    expect(screen.getByTestId('open-amount-error').textContent).toBe(
      'The amount can have at most two decimals',
    );
    typeInto('open-amount', '1e3');
    expect(screen.getByTestId('open-amount-error').textContent).toBe('Please enter a valid amount');
    typeInto('open-amount', '0');
    expect(screen.getByTestId('open-amount-error').textContent).toBe('The amount must be greater than 0');
    await pastClickGuard();
    expect(requestsTo(requests, 'card/openCardCost')).toHaveLength(0);
    expect(requestsTo(requests, 'card/newCard')).toHaveLength(0);
  });

  it('sends a load above 1000 USD to customer service before asking for a price', async () => {
    const { requests } = await openPage();
    typeInto('open-amount', '1000.01');
    const notice = screen.getByTestId('open-service-limit');
    expect(notice.textContent).toContain(
      'A card load above $1,000.00 goes through customer service. Please contact us.',
    );
    expect(screen.queryByTestId('open-amount-error')).toBeNull();
    fireEvent.click(within(notice).getByTestId('open-service-limit-contact'));
    expect(await screen.findByTestId('service-dialog')).toBeTruthy();

    fillHolder();
    submit();
    await pastClickGuard();
    expect(screen.queryByTestId('open-confirm')).toBeNull();
    expect(requestsTo(requests, 'card/openCardCost')).toHaveLength(0);

    typeInto('open-amount', '1000'); // Exactly the limit is fine.
    await quoted('$1,017.00');
  });

  it('fills the holder in with auto-fill', async () => {
    await openPage();
    fireEvent.click(screen.getByTestId('open-autofill'));
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('open-holderFirstName').value).toBe('Grace'),
    );
    expect(screen.getByTestId<HTMLInputElement>('open-postcode').value).toBe('22201');
    expect(screen.getByTestId<HTMLSelectElement>('open-country').value).toBe('US');
  });

  it('shows the plan and sends plan changes to customer service', async () => {
    await openPage();
    await waitFor(() => expect(screen.getByTestId('open-plan-name').textContent).toBe('Standard'));
    expect(screen.getByTestId('open-plan').textContent).toContain('Monthly allowance 100 cards');
    fireEvent.click(screen.getByTestId('open-plan-change'));
    expect(await screen.findByTestId('service-dialog')).toBeTruthy();
  });
});

describe('CardOpenPage: cost', () => {
  it('quotes once the amount settles and shows load, fees, subtotal and each wallet with the rate', async () => {
    const { requests } = await openPage();
    expect(screen.getByTestId('open-cost-idle')).toBeTruthy();
    typeInto('open-amount', '1');
    typeInto('open-amount', '10');
    typeInto('open-amount', '100');
    await quoted('$103.50');

    const quotes = requestsTo(requests, 'card/openCardCost');
    expect(quotes).toHaveLength(1); // Typing "100" asked once, for the settled amount.
    expect(formOf(quotes[0])).toEqual({ segmentId: 'seg-ads', amount: '10000' });
    expect(screen.getByTestId('open-cost-amount').textContent).toBe('$100.00');
    expect(screen.getByTestId('open-cost-openFee').textContent).toBe('$2.00');
    expect(screen.getByTestId('open-cost-rechargeFee').textContent).toBe('$1.50');
    expect(screen.getByTestId('open-cost-total-USD').textContent).toBe('$103.50');
    expect(screen.getByTestId('open-cost-total-CNY').textContent).toBe('¥745.20');
    const cny = screen.getByTestId('open-cost-debit-CNY');
    expect(cny.textContent).toContain('$1 = ¥7.2000');
    expect(cny.textContent).toContain('Balance ¥50,000.00');
    // The USD wallet holds $7.89: not enough, so the CNY wallet is chosen for the customer.
    const usd = screen.getByTestId('open-cost-debit-USD');
    expect(usd.textContent).toContain('Not enough');
    expect(within(cny).getByRole<HTMLInputElement>('radio').checked).toBe(true);
    expect(screen.queryByTestId('open-cost-short')).toBeNull();
  });

  it('takes a coupon off the fees, and lets the customer choose the debit account', async () => {
    const { requests } = await openPage();
    typeInto('open-amount', '100');
    await quoted('$103.50');
    fireEvent.change(screen.getByTestId('open-coupon'), { target: { value: 'cp-1' } });
    await quoted('$102.50');
    expect(screen.getByTestId('open-cost-discount').textContent).toBe('-$1.00');
    expect(formOf(requestsTo(requests, 'card/openCardCost').at(-1))).toEqual({
      segmentId: 'seg-ads',
      amount: '10000',
      couponId: 'cp-1',
    });

    fireEvent.click(within(screen.getByTestId('open-cost-debit-USD')).getByRole('radio'));
    expect(
      within(screen.getByTestId('open-cost-debit-USD')).getByRole<HTMLInputElement>('radio').checked,
    ).toBe(true);
    expect(screen.getByTestId('open-cost-short').textContent).toContain(
      'The USD wallet does not hold enough. Choose the other wallet or top up first.',
    );

    // The confirmation cannot pay from a wallet that is short.
    fillHolder();
    submit();
    expect(
      within(await screen.findByTestId('open-confirm')).getByTestId('open-confirm-submit'),
    ).toHaveProperty('disabled', true);
  });

  it('says so in place when the cost cannot be worked out', async () => {
    await openPage((request) =>
      request.path === '/api/card/openCardCost' ? { code: 422, msg: 'The coupon has expired' } : undefined,
    );
    typeInto('open-amount', '100');
    expect((await screen.findByTestId('open-cost-error', {}, { timeout: 3000 })).textContent).toBe(
      'The coupon has expired',
    );
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('CardOpenPage: opening one card', () => {
  async function readyToConfirm(handler: Handler) {
    const api = await openPage(handler);
    typeInto('open-amount', '100');
    typeInto('open-label', 'Meta ads #1');
    fillHolder();
    await quoted('$103.50');
    submit();
    await screen.findByTestId('open-confirm');
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
    return api;
  }

  it('reuses the Idempotency-Key when the same confirmation is retried, then shows the card and refreshes the wallet', async () => {
    let attempts = 0;
    const { requests } = await readyToConfirm((request) => {
      if (request.path !== '/api/card/newCard') return undefined;
      attempts += 1;
      return attempts === 1 ? { code: 408 } : opened();
    });
    expect(confirmSheet().textContent).toContain('Ada Lovelace');
    expect(confirmSheet().textContent).toContain('Meta ads #1');
    expect(confirmButton().textContent).toContain('¥745.20');

    fireEvent.click(confirmButton());
    await waitFor(() => expect(requestsTo(requests, 'card/newCard')).toHaveLength(1));
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
    fireEvent.click(confirmButton());

    expect(await screen.findByTestId('open-result')).toBeTruthy();
    expect(screen.getByTestId('open-result-last4').textContent).toBe('4242');
    expect(screen.getByTestId('open-result-serial').textContent).toBe('C20260007');
    expect(screen.getByTestId('open-result-balance').textContent).toBe('$100.00');
    // One new card: the success screen leads to that card's own screen (issue 34 §1).
    expect(screen.getByTestId('open-result-card-link').getAttribute('href')).toMatch(/^#\/cardList\?card=.+/);
    expect(screen.queryByTestId('open-result-list')).toBeNull();

    const sent = requestsTo(requests, 'card/newCard');
    expect(sent).toHaveLength(2);
    const key = sent[0]?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.headers.get('idempotency-key')).toBe(key);
    expect(formOf(sent[1])).toEqual({
      ...TEST_HOLDER,
      segmentId: 'seg-ads',
      amount: '10000',
      label: 'Meta ads #1',
      debitCurrency: 'CNY',
      expectTotal: '74520',
    });
    // The wallet atom is reloaded after the opening.
    await waitFor(() => expect(requestsTo(requests, 'user/wallet').length).toBeGreaterThan(0));
    const walletAfter = requests.findIndex((r) => r.path === '/api/user/wallet');
    expect(walletAfter).toBeGreaterThan(requests.indexOf(sent[1] as Recorded));
  });

  it('makes the confirmation after a refusal (422) a new request, which the server would otherwise only replay', async () => {
    let attempts = 0;
    const { requests } = await readyToConfirm((request) => {
      if (request.path !== '/api/card/newCard') return undefined;
      attempts += 1;
      return attempts === 1 ? { code: 422, msg: 'Insufficient balance in the CNY wallet' } : opened();
    });
    fireEvent.click(confirmButton());
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Insufficient balance in the CNY wallet'));
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
    fireEvent.click(confirmButton());
    expect(await screen.findByTestId('open-result')).toBeTruthy();
    const [first, second] = requestsTo(requests, 'card/newCard');
    expect(formOf(second)).toEqual(formOf(first));
    expect(second?.headers.get('idempotency-key')).not.toBe(first?.headers.get('idempotency-key'));
  });

  it('asks again with the new total when the price changed (409), under a new key', async () => {
    let bump = 0;
    let attempts = 0;
    const { requests } = await readyToConfirm((request, form) => {
      if (request.path === '/api/card/openCardCost') return { code: 200, data: priceOf(form, bump) };
      if (request.path !== '/api/card/newCard') return undefined;
      attempts += 1;
      if (attempts === 1) {
        bump = 100; // The opening fee went up by $1.00 meanwhile.
        return { code: 409, msg: 'The price has changed; please check the new cost and confirm again' };
      }
      return opened();
    });

    fireEvent.click(confirmButton());
    const notice = await screen.findByTestId('open-price-changed');
    expect(notice.textContent).toBe(
      'The price changed from ¥745.20 to ¥752.40. Please check the new cost and confirm again.',
    );
    expect(requestsTo(requests, 'card/openCardCost').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(confirmButton().textContent).toContain('¥752.40'));
    expect(within(confirmSheet()).getByTestId('open-confirm-cost-openFee').textContent).toBe('$3.00');

    fireEvent.click(confirmButton());
    expect(await screen.findByTestId('open-result')).toBeTruthy();
    const [first, second] = requestsTo(requests, 'card/newCard');
    expect(formOf(first).expectTotal).toBe('74520');
    expect(formOf(second).expectTotal).toBe('75240');
    expect(second?.headers.get('idempotency-key')).not.toBe(first?.headers.get('idempotency-key'));
  });
});

describe('CardOpenPage: a batch', () => {
  it('polls batchCard with the batch id while the batch runs, then lists the new cards', async () => {
    let release: (reply: { code: number; data: unknown }) => void = () => undefined;
    let polls = 0;
    let batchKey = '';
    const { requests } = await openPage((request, form) => {
      if (request.path === '/api/card/batchOpenCard') {
        batchKey = request.headers.get('idempotency-key') ?? '';
        return new Promise((resolve) => {
          release = resolve;
        });
      }
      if (request.path === '/api/card/batchCard') {
        polls += 1;
        return { code: 200, data: batchOf(form.get('batchId') ?? '', 20, polls === 1 ? 5 : 12, 'issuing') };
      }
      return undefined;
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Batch' }));
    typeInto('open-count', '20');
    typeInto('open-amount', '100');
    fillHolder();
    await quoted('$2,070.00');
    expect(formOf(requestsTo(requests, 'card/BatchOpenCardCost').at(-1))).toEqual({
      segmentId: 'seg-ads',
      amount: '10000',
      count: '20',
    });
    expect(screen.getByTestId('open-submit').textContent).toBe('Open 20 cards');
    submit();
    await screen.findByTestId('open-confirm');
    expect(screen.getByTestId('open-confirm-count').textContent).toBe('20');
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
    fireEvent.click(confirmButton());

    await waitFor(
      () => expect(screen.getByTestId('open-confirm-progress-text').textContent).toBe('Issued 12 of 20'),
      { timeout: 4000 },
    );
    const progress = within(screen.getByTestId('open-confirm-progress')).getByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('12');
    const pollForms = requestsTo(requests, 'card/batchCard').map((r) => formOf(r).batchId);
    expect(batchKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(pollForms)).toEqual(new Set([batchKey]));
    expect(formOf(requestsTo(requests, 'card/batchOpenCard')[0])).toMatchObject({
      count: '20',
      debitCurrency: 'CNY',
      expectTotal: '1490400',
    });

    await act(async () => {
      release({ code: 200, data: batchOf(batchKey, 20, 20, 'done') });
    });
    expect((await screen.findByTestId('open-result')).textContent).toContain('20 cards opened');
    expect(screen.getAllByTestId('open-result-row')).toHaveLength(20);
    expect(screen.getByTestId('open-result-list').getAttribute('href')).toBe('#/cardList');

    // Polling ends with the batch.
    const after = requestsTo(requests, 'card/batchCard').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    expect(requestsTo(requests, 'card/batchCard')).toHaveLength(after);
  });

  it('follows the batch after the request lost its answer, and says when it failed', async () => {
    let batchKey = '';
    await openPage((request, form) => {
      if (request.path === '/api/card/batchOpenCard') {
        batchKey = request.headers.get('idempotency-key') ?? '';
        return { code: 408 };
      }
      if (request.path === '/api/card/batchCard') {
        return {
          code: 200,
          data: {
            ...batchOf(form.get('batchId') ?? '', 3, 0, 'failed'),
            failureReason: 'The issuer is busy',
          },
        };
      }
      return undefined;
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Batch' }));
    typeInto('open-count', '3');
    typeInto('open-amount', '100');
    fillHolder();
    await quoted('$310.50');
    submit();
    await screen.findByTestId('open-confirm');
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
    fireEvent.click(confirmButton());

    expect((await screen.findByTestId('open-confirm-failure', {}, { timeout: 4000 })).textContent).toBe(
      'No card was opened and nothing was charged: The issuer is busy',
    );
    expect(batchKey).not.toBe('');
    expect(screen.queryByTestId('open-result')).toBeNull();
  });
});
