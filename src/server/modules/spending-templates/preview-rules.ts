/**
 * `spending/preview` (issue 33 §5): reads the card's (or the group's cards') authorizations and
 * replays them through the proposed rules (preview-simulate.ts). Rows older than the window are
 * read back to the first day of the month the window starts in, so a month limit starts the
 * window with what the month had already used; everything before that is the lifetime figure.
 * Used = approved and not reversed (a refund gives no room back), as the authorization path counts.
 * Only approved authorizations can newly be declined: one the issuer or an earlier rule declined
 * took no money then and is not counted. Reads only; changes nothing.
 */
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { CardSpendRules } from '../../../contract/spending';
import type { SpendingPreview } from '../../../contract/spending-templates';
import { PREVIEW_LIST_MAX, PREVIEW_WINDOW_DAYS } from '../../../contract/spending-templates';
import type { AppContext } from '../../context';
import { cardAuthorizations, cardGroupMembers, cards } from '../../db/schema';
import { ACCOUNT_TIME_ZONE, civilDate, startOfCivilDate } from '../account/account-calendar';
import type { CardOwner } from '../cards/card-access';
import { findOwnCard } from '../cards/card-access';
import { countedCardsAnyState, findGroup } from '../card-groups/group-access';
import type { CardHistory, PastAuthorization } from './preview-simulate';
import { simulateRules } from './preview-simulate';

const DAY_MS = 24 * 3600_000;

async function targetCards(
  ctx: AppContext,
  owner: CardOwner,
  target: { cardId?: string | undefined; groupId?: string | undefined },
) {
  const db = ctx.database.db;
  if (target.cardId) {
    const card = await findOwnCard(db, owner, target.cardId);
    return [{ id: card.id, last4: card.last4 }];
  }
  const group = await findGroup(db, owner, target.groupId ?? '');
  return db
    .select({ id: cards.id, last4: cards.last4 })
    .from(cardGroupMembers)
    .innerJoin(cards, eq(cards.id, cardGroupMembers.cardId))
    .where(and(eq(cardGroupMembers.groupId, group.id), countedCardsAnyState(owner)));
}

export async function previewRules(
  ctx: AppContext,
  owner: CardOwner,
  input: {
    cardId?: string | undefined;
    groupId?: string | undefined;
    rules?: CardSpendRules | null | undefined;
    monthlyBudget?: number | null | undefined;
  },
): Promise<SpendingPreview> {
  const db = ctx.database.db;
  const until = ctx.now();
  const from = new Date(until.getTime() - PREVIEW_WINDOW_DAYS * DAY_MS);
  const readFrom = startOfCivilDate(`${civilDate(from, ACCOUNT_TIME_ZONE).slice(0, 8)}01`, ACCOUNT_TIME_ZONE);
  const targets = await targetCards(ctx, owner, input);
  const answer: SpendingPreview = {
    from: from.toISOString(),
    until: until.toISOString(),
    considered: 0,
    declined: 0,
    items: [],
  };
  if (targets.length === 0) return answer;
  const ids = targets.map((c) => c.id);
  const a = cardAuthorizations;
  const approved = and(inArray(a.cardId, ids), ne(a.status, 'declined'))!;
  const counted = sql<number>`case when ${a.status} = 'reversed' then 0 else ${a.amount} end`;
  const rows = await db
    .select({
      id: a.id,
      cardId: a.cardId,
      amount: a.amount,
      counted: sql<number>`(${counted})::bigint`.mapWith(Number),
      currency: a.currency,
      merchantName: a.merchantName,
      merchantCategory: a.merchantCategory,
      merchantCountry: a.merchantCountry,
      at: a.createdAt,
    })
    .from(a)
    .where(and(approved, gte(a.createdAt, readFrom), lt(a.createdAt, until)));
  const before = await db
    .select({
      cardId: a.cardId,
      used: sql<number>`coalesce(sum(${counted}), 0)::bigint`.mapWith(Number),
    })
    .from(a)
    .where(and(approved, lt(a.createdAt, readFrom)))
    .groupBy(a.cardId);
  const history = new Map<string, CardHistory>(before.map((b) => [b.cardId, { usedBefore: b.used }]));
  const past: PastAuthorization[] = rows.map((r) => ({
    id: r.id,
    cardId: r.cardId,
    amount: r.amount,
    counted: r.counted,
    currency: r.currency,
    category: r.merchantCategory,
    country: r.merchantCountry,
    at: r.at,
    shown: r.at.getTime() >= from.getTime(),
  }));
  const result = simulateRules({
    rules: input.rules ?? null,
    monthlyBudget: input.groupId ? (input.monthlyBudget ?? null) : null,
    rows: past,
    history,
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const last4 = new Map(targets.map((c) => [c.id, c.last4]));
  answer.considered = result.considered;
  answer.declined = result.declined.length;
  answer.items = result.declined
    .slice()
    .reverse()
    .slice(0, PREVIEW_LIST_MAX)
    .map(({ id, rule }) => {
      const row = byId.get(id)!;
      return {
        authorizationId: id,
        cardId: row.cardId,
        last4: last4.get(row.cardId) ?? '',
        merchantName: row.merchantName,
        merchantCategory: row.merchantCategory,
        merchantCountry: row.merchantCountry,
        amount: row.amount,
        currency: row.currency,
        at: row.at.toISOString(),
        rule,
      };
    });
  return answer;
}
