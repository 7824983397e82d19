/**
 * A single-use card closes after its first clearing (issue 33 §1), inside the clearing's
 * transaction: exactly as a deletion (cards/lifecycle/delete-cards.ts), its balance returning to
 * the wallet of its currency, the issuer told to close it. The ledger key is per card, so the close
 * happens once whatever retries. Any other authorization still held blocks the close (a deletion
 * refuses pending holds); the rule declines a second authorization while one is held, so that only
 * happens for holds approved before the rule was set — the card then stays open until a clearing
 * finds it free, and declines meanwhile as used.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { cardAuthorizations } from '../../db/schema';
import type { CardRow } from '../cards/card-access';
import { deleteLocked } from '../cards/lifecycle/delete-cards';
import type { Actor } from '../ledger';
import { readStoredRules } from './stored-rules';

export async function closeIfSingleUse(
  tx: Tx,
  ctx: AppContext,
  card: CardRow,
  actor: Actor,
): Promise<boolean> {
  if (card.status === 'deleted') return false;
  const { rules } = await readStoredRules(tx, card.id);
  if (!rules.singleUse) return false;
  const [held] = await tx
    .select({ id: cardAuthorizations.id })
    .from(cardAuthorizations)
    .where(and(eq(cardAuthorizations.cardId, card.id), eq(cardAuthorizations.status, 'pending')))
    .limit(1);
  if (held) return false;
  await deleteLocked(tx, ctx, { accountId: card.accountId, subAccountId: card.subAccountId }, [card], {
    idempotencyKey: `single-use:${card.id}`,
    actor: { ...actor, subAccountId: card.subAccountId },
  });
  return true;
}
