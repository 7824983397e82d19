/**
 * Test helpers of the card opening and scenario query pages (imported by tests only): a fake
 * server for segments, coupons, the plan, the wallet and the cost calls, priced like the server
 * (fees of the segment, a coupon off the opening fee, CNY at 7.2 rounded up). A test's own handler
 * answers first; file answers (the template) are plain Responses.
 */
import { TEST_PRIVILEGE } from './fixtures';
import { stubApi, type Recorded, type Reply } from './utils';
import type {
  BatchResult,
  CardView,
  CostBreakdown,
  CouponView,
  ImportCost,
  SegmentView,
} from '../features/cards/open/api';

/** The card pages, as markers beside the page under test (renderPage), to see where it went. */
export const CARD_PATHS = ['/cardOpen', '/cardGrande', '/cardList'];

export const SEGMENTS: SegmentView[] = [
  {
    id: 'seg-ads',
    bin: '485961',
    network: 'visa',
    currency: 'USD',
    name: 'Ads Visa',
    status: 'open',
    openFee: 200,
    rechargeFeeBp: 150,
    minFirstRecharge: 1000,
    merchants: ['Facebook Ads', 'Google Ads', 'TikTok Ads', 'Bing Ads', 'Snapchat Ads'],
  },
  {
    id: 'seg-subs',
    bin: '531993',
    network: 'mastercard',
    currency: 'USD',
    name: 'Subscriptions Mastercard',
    status: 'open',
    openFee: 300,
    rechargeFeeBp: 100,
    minFirstRecharge: 2000,
    merchants: ['Netflix', 'OpenAI'],
  },
  {
    id: 'seg-old',
    bin: '404038',
    network: 'visa',
    currency: 'USD',
    name: 'Travel Visa',
    status: 'maintenance',
    openFee: 100,
    rechargeFeeBp: 120,
    minFirstRecharge: 1000,
    merchants: ['Airbnb'],
  },
];

export const COUPONS: CouponView[] = [
  {
    id: 'cp-1',
    number: 'CPN-0001',
    type: 'open_fee',
    status: 'available',
    discountBp: 5000,
    availableTimes: 3,
    expiresAt: '2026-12-31T15:59:59Z',
  },
];

export const WALLET = { CNY: 5_000_000, USD: 789 };
export const CNY_PER_USD_MICROS = 7_200_000;

/** Priced like the server's pricing.ts, with `extraFee` added to each card's opening fee. */
export function priceOf(form: URLSearchParams, extraFee = 0): CostBreakdown {
  const segment = SEGMENTS.find((s) => s.id === form.get('segmentId')) ?? SEGMENTS[0]!;
  const count = Number(form.get('count') ?? '1');
  const amountEach = Number(form.get('amount'));
  const coupon = COUPONS.find((c) => c.id === form.get('couponId'));
  const openFeeEach = segment.openFee + extraFee;
  const rechargeFeeEach = Math.floor((amountEach * segment.rechargeFeeBp + 5000) / 10000);
  const discount = coupon
    ? Math.min(count, coupon.availableTimes) * Math.floor((openFeeEach * coupon.discountBp + 5000) / 10000)
    : 0;
  const subtotal = amountEach * count + openFeeEach * count + rechargeFeeEach * count - discount;
  const cny = Math.ceil((subtotal * CNY_PER_USD_MICROS) / 1_000_000);
  return {
    cardCurrency: segment.currency,
    count,
    amount: amountEach * count,
    openFee: openFeeEach * count,
    rechargeFee: rechargeFeeEach * count,
    discount,
    couponId: coupon ? coupon.id : null,
    subtotal,
    totals: [
      {
        debitCurrency: 'USD',
        rateMicros: null,
        total: subtotal,
        balance: WALLET.USD,
        enough: WALLET.USD >= subtotal,
      },
      {
        debitCurrency: 'CNY',
        rateMicros: CNY_PER_USD_MICROS,
        total: cny,
        balance: WALLET.CNY,
        enough: WALLET.CNY >= cny,
      },
    ],
  };
}

/** The debit account a multipart import request names (`unit`). */
export function unitOf(request: Recorded): 'USD' | 'CNY' {
  return /name="unit"\r\n\r\nCNY/.test(request.body) ? 'CNY' : 'USD';
}

/** The cost of an import of `count` Ads Visa cards loaded 1.00 each, paid from `unit`. */
export function importCostOf(unit: 'USD' | 'CNY', count = 2, extraFee = 0): ImportCost {
  const part = priceOf(
    new URLSearchParams({ segmentId: 'seg-ads', amount: '100', count: String(count) }),
    extraFee,
  );
  const debit = part.totals.find((total) => total.debitCurrency === unit)!;
  return { unit, count, total: debit.total, balance: debit.balance, enough: debit.enough, parts: [part] };
}

export function testCard(index: number, overrides: Partial<CardView> = {}): CardView {
  const n = String(index).padStart(4, '0');
  return {
    id: `card-${n}`,
    serial: `C2026${n}`,
    segmentId: 'seg-ads',
    segmentName: 'Ads Visa',
    network: 'visa',
    bin: '485961',
    currency: 'USD',
    last4: String(1000 + index).slice(-4),
    holderName: 'Ada Lovelace',
    balance: 10_000,
    spent: 0,
    status: 'active',
    frozenBy: null,
    label: null,
    createdAt: '2026-03-01T08:00:00Z',
    ...overrides,
  };
}

export function batchOf(
  batchId: string,
  total: number,
  issued: number,
  status: BatchResult['status'],
): BatchResult {
  return {
    batchId,
    status,
    total,
    issued,
    failureReason: null,
    cards: status === 'done' ? Array.from({ length: issued }, (_, i) => testCard(i + 1)) : [],
    txnNo: status === 'done' ? 'T20260301080000123456' : null,
  };
}

export type Handler = (
  request: Recorded,
  form: URLSearchParams,
) => Reply | undefined | Promise<Reply | undefined>;

/** The fake server; `file` answers file downloads with a Response. */
export function stubCardsApi(
  handler: Handler = () => undefined,
  file: (r: Recorded) => Response | null = () => null,
) {
  return stubApi(async (request) => {
    const fileAnswer = file(request);
    if (fileAnswer) return fileAnswer;
    const form = new URLSearchParams(request.body);
    const answer = await handler(request, form);
    if (answer) return answer;
    switch (request.path) {
      case '/api/group/list':
        return { code: 200, data: SEGMENTS };
      case '/api/group/openAmount': {
        const segment = SEGMENTS.find((s) => s.id === form.get('segmentId')) ?? SEGMENTS[0]!;
        return {
          code: 200,
          data: {
            segmentId: segment.id,
            currency: segment.currency,
            minFirstRecharge: segment.minFirstRecharge,
            openFee: segment.openFee,
            rechargeFeeBp: segment.rechargeFeeBp,
            monthlyCardsLeft: 98,
          },
        };
      }
      case '/api/coupon/enum':
        return { code: 200, data: COUPONS };
      case '/api/user/wallet':
        return { code: 200, data: WALLET };
      case '/api/user/userPrivilege':
        return { code: 200, data: TEST_PRIVILEGE };
      case '/api/card/openCardCost':
      case '/api/card/BatchOpenCardCost':
        return { code: 200, data: priceOf(form) };
      case '/api/card/importDataCost':
        return { code: 200, data: importCostOf(unitOf(request)) };
      case '/api/card/autoCard':
        return {
          code: 200,
          data: {
            holderFirstName: 'Grace',
            holderLastName: 'Hopper',
            street: '12 Harbor Road',
            city: 'Arlington',
            state: 'VA',
            postcode: '22201',
            country: 'US',
          },
        };
      default:
        return { code: 404, msg: 'no such path' };
    }
  });
}
