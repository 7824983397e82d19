/** Test data of the card list (imported by tests only): cards to show and recharge prices. */
import type { CardView, CostBreakdown } from '@contract/cards';

/** Card number `index` (0 = newest): USD, active, a balance that grows with the index. */
export function testCard(index: number, patch: Partial<CardView> = {}): CardView {
  const serial = String(index + 1).padStart(5, '0');
  return {
    id: `card-${index}`,
    serial,
    segmentId: 'seg-ads',
    segmentName: 'Advertising · US',
    network: index % 2 === 0 ? 'visa' : 'mastercard',
    bin: '411111',
    currency: 'USD',
    last4: String(1000 + (index % 9000)),
    holderName: 'Ada Lovelace',
    balance: 10_000 + index,
    spent: 2_500,
    status: 'active',
    frozenBy: null,
    label: null,
    createdAt: '2026-01-05T09:00:00Z',
    ...patch,
  };
}

export function testCards(count: number): CardView[] {
  return Array.from({ length: count }, (_, index) => testCard(index));
}

/** A recharge price: amount + 2% fee, payable from USD 1:1 or from CNY at 7.2. */
export function testCost(amount: number, patch: Partial<CostBreakdown> = {}): CostBreakdown {
  const fee = Math.round(amount * 0.02);
  const subtotal = amount + fee;
  return {
    cardCurrency: 'USD',
    count: 1,
    amount,
    openFee: 0,
    rechargeFee: fee,
    discount: 0,
    couponId: null,
    subtotal,
    totals: [
      { debitCurrency: 'USD', rateMicros: null, total: subtotal, balance: 500_000, enough: true },
      {
        debitCurrency: 'CNY',
        rateMicros: 7_200_000,
        total: Math.ceil(subtotal * 7.2),
        balance: 1_000_000,
        enough: true,
      },
    ],
    ...patch,
  };
}
