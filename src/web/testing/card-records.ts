/** Test data of the card records page (imported by tests only). */
import type { TradeRow } from '@contract/records';

let rowCount = 0;

export function tradeRow(fields: Partial<TradeRow> = {}): TradeRow {
  rowCount += 1;
  return {
    id: `t${rowCount}`,
    cardId: 'c1',
    cardSerial: 'VC0001',
    cardLabel: 'Meta ads',
    last4: '4821',
    status: 'completed',
    currency: 'USD',
    amount: 1_230,
    refunded: 0,
    merchantName: 'Shop',
    merchantCategory: '7311',
    merchantCountry: 'US',
    declineReason: null,
    declineText: null,
    createdAt: '2026-01-05T09:03:00Z',
    updatedAt: '2026-01-05T09:03:00Z',
    ...fields,
  };
}
