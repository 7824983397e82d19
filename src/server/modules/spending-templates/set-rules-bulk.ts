/**
 * `card/setSpendRulesBulk` (issue 33 §3): the same rules on a selection of cards or on every card
 * of a group, from the request or a saved template. One transaction: the cards are locked in id
 * order (two bulk sets never deadlock; an authorization of one of them waits, then decides on the
 * new rules), spend-core's `applyCardRules` stores them, and each card gets its own operation-log
 * entry with its rules before and after, written in the same transaction — all or nothing. A
 * deleted or unknown card refuses the whole call. Repeating it stores the same rules again.
 */
import { and, eq } from 'drizzle-orm';
import type { CardSpendRules } from '../../../contract/spending';
import { NO_SPEND_RULES } from '../../../contract/spending';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { cardGroupMembers, cards, operationLogs } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { CardOwner } from '../cards/card-access';
import { lockOwnCards } from '../cards/card-access';
import { countedCards, findGroup } from '../card-groups/group-access';
import { applyCardRules } from '../spending/set-card-rules';
import { findTemplate } from './save-template';

export interface BulkInput {
  cardIds?: string[] | undefined;
  groupId?: string | undefined;
  rules?: CardSpendRules | undefined;
  templateId?: string | undefined;
}

export async function setRulesBulk(
  ctx: AppContext,
  owner: CardOwner,
  input: BulkInput,
  actor: { ip: string; device: string },
): Promise<{ changed: number; cardIds: string[] }> {
  const rules: CardSpendRules = input.templateId
    ? (await findTemplate(ctx, owner, input.templateId)).rules
    : { ...NO_SPEND_RULES, ...input.rules };
  return inTransaction(ctx.database.db, async (tx) => {
    let ids = input.cardIds ?? [];
    if (input.groupId) {
      const group = await findGroup(tx, owner, input.groupId);
      const members = await tx
        .select({ id: cards.id })
        .from(cardGroupMembers)
        .innerJoin(cards, eq(cards.id, cardGroupMembers.cardId))
        .where(and(eq(cardGroupMembers.groupId, group.id), countedCards(owner)));
      ids = members.map((m) => m.id);
    }
    if (ids.length === 0) return { changed: 0, cardIds: [] };
    const locked = await lockOwnCards(tx, owner, ids);
    const changes = await applyCardRules(tx, ctx, locked, rules);
    const serials = new Map(locked.map((card) => [card.id, card.serial]));
    const now = ctx.now();
    await tx.insert(operationLogs).values(
      changes.map((change) => ({
        id: newId(),
        accountId: owner.accountId,
        subAccountId: owner.subAccountId,
        action: 'spending.setCardRules',
        result: 'success' as const,
        code: 200,
        ip: actor.ip,
        device: actor.device,
        detail: {
          cardId: change.cardId,
          serial: serials.get(change.cardId),
          before: change.before,
          after: change.after,
          ...(input.templateId ? { templateId: input.templateId } : {}),
          ...(input.groupId ? { groupId: input.groupId } : {}),
        },
        subjectKind: 'card' as const,
        subjectIds: [change.cardId],
        createdAt: now,
      })),
    );
    return { changed: changes.length, cardIds: changes.map((c) => c.cardId) };
  });
}
