/**
 * POST /api/agent/addBankCard: a bank card for withdrawals. The number must pass the Luhn check;
 * it is stored sealed (SecretBox, like card secrets) with a keyed hash that stops the same card
 * being saved twice, and shown only as its last four digits.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { BankCardView } from '@contract/agent';
import type { AppContext } from '../../../context';
import { inTransaction, isUniqueViolation } from '../../../db/client';
import { agentBankCards } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import { fail } from '../../../lib/errors';
import { isLuhnValid } from '../../../lib/luhn';
import { BANK_CARD_LIMIT } from '../agent-rules';
import { bankCardView } from './bank-card-view';

export async function addBankCard(
  ctx: AppContext,
  accountId: string,
  input: { holder: string; bank: string; cardNo: string },
): Promise<BankCardView> {
  if (!isLuhnValid(input.cardNo)) throw fail.rule('server:agent.cardNoInvalid', {}, { fields: ['cardNo'] });
  try {
    return await inTransaction(ctx.database.db, async (tx) => {
      // One at a time per account, so two adds cannot both pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`agent-cards:${accountId}`}, 0))`);
      const [saved] = await tx
        .select({ n: count() })
        .from(agentBankCards)
        .where(and(eq(agentBankCards.accountId, accountId), isNull(agentBankCards.removedAt)));
      if ((saved?.n ?? 0) >= BANK_CARD_LIMIT)
        throw fail.rule('server:agent.bankCardLimit', { count: BANK_CARD_LIMIT });
      const [row] = await tx
        .insert(agentBankCards)
        .values({
          id: newId(),
          accountId,
          holder: input.holder,
          bank: input.bank,
          numberSealed: ctx.box.seal(input.cardNo),
          numberHash: ctx.box.hmac('agent-bank-card', input.cardNo),
          last4: input.cardNo.slice(-4),
          createdAt: ctx.now(),
        })
        .returning();
      return bankCardView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict('server:agent.bankCardDuplicate');
    throw error;
  }
}
