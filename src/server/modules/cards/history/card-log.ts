/**
 * POST /api/card/cardLog: a card's history, newest first (index `card_events_card_idx`). The actor
 * reads `main` (the account holder), the sub-account's id (sub-accounts are a later issue, which can
 * put their nickname here), `system` or `risk` (the decline-rate rule). Event details are written
 * without secrets (card-events.ts), so they are answered as stored.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { cardEventView } from '@contract/cards';
import type { AppContext } from '../../../context';
import { cardEvents } from '../../../db/schema';
import type { CardOwner } from '../card-access';
import { findOwnCard } from '../card-access';

type CardEventView = z.infer<typeof cardEventView>;

export function actorShown(actor: string): string {
  return actor.startsWith('sub:') ? actor.slice('sub:'.length) : actor;
}

export async function readCardLog(
  ctx: AppContext,
  owner: CardOwner,
  input: { cardId: string; pageNo: number; pageSize: number },
): Promise<{ data: CardEventView[]; total: number; pageNo: number; pageSize: number }> {
  const db = ctx.database.db;
  const card = await findOwnCard(db, owner, input.cardId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(cardEvents)
      .where(eq(cardEvents.cardId, card.id))
      .orderBy(desc(cardEvents.id))
      .limit(input.pageSize)
      .offset((input.pageNo - 1) * input.pageSize),
    db.select({ total: count() }).from(cardEvents).where(eq(cardEvents.cardId, card.id)),
  ]);
  return {
    data: rows.map((row) => ({
      id: String(row.id),
      action: row.action,
      actor: actorShown(row.actor),
      ip: row.ip,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}
