/**
 * The legs that give held or spent money back (reversal, refund): from the network funding account
 * to the card — or, when the card has been deleted meanwhile, to the owner's wallet of the card's
 * currency, since a deleted card's balance has already gone back there and nobody could use it.
 */
import type { CardRow } from '../../cards/card-access';
import type { Leg } from '../../ledger';
import { networkFunding } from '../spend-rules';

export function moneyBackLegs(
  card: CardRow,
  amount: number,
  kind: 'refund' | 'reversal',
  description: string,
): Leg[] {
  const back: Leg =
    card.status === 'deleted'
      ? {
          account: { wallet: { accountId: card.accountId, currency: card.currency } },
          amount,
          type: kind === 'refund' ? 'card_refund' : 'reversal',
          description,
          cardSerial: card.serial,
          label: card.label,
        }
      : {
          account: { card: { cardId: card.id, currency: card.currency } },
          amount,
          type: kind,
          description,
          cardSerial: card.serial,
          label: card.label,
        };
  return [{ account: networkFunding(card.currency), amount: -amount, type: kind }, back];
}
