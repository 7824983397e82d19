/** A saved bank card as its owner sees it: masked, the sealed number never leaves the server. */
import type { BankCardView } from '@contract/agent';
import type { agentBankCards } from '../../../db/schema';
import { maskCardNumber } from '../masks';

export function bankCardView(row: typeof agentBankCards.$inferSelect): BankCardView {
  return {
    id: row.id,
    holder: row.holder,
    bank: row.bank,
    cardMasked: maskCardNumber(row.last4),
    createdAt: row.createdAt.toISOString(),
  };
}
