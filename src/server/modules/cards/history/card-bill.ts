/**
 * POST /api/card/getCardBill: every movement of the card's balance, newest first — the entries of
 * the card's own ledger account (`ledger_entries_account_idx`: ledger_account_id, id), each with
 * the balance after it. Dates are UTC+8 calendar days like every other list.
 */
import type { SQL } from 'drizzle-orm';
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { billRow } from '@contract/cards';
import type { AppContext } from '../../../context';
import { ledgerEntries } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { describeCardEntry, segmentNamesOf } from '../../ledger/describe-entry';
import { shiftCivilDate, startOfCivilDate } from '../../account/account-calendar';
import type { CardOwner } from '../card-access';
import { findOwnCard } from '../card-access';

type BillRow = z.infer<typeof billRow>;

export interface BillQuery {
  cardId: string;
  pageNo: number;
  pageSize: number;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

export async function readCardBill(
  ctx: AppContext,
  owner: CardOwner,
  input: BillQuery,
  lang: Lang,
): Promise<{ data: BillRow[]; total: number; pageNo: number; pageSize: number }> {
  if (input.startDate && input.endDate && input.startDate > input.endDate)
    throw fail.badRequest('server:flows.dateRange', { fields: ['startDate', 'endDate'] });
  const db = ctx.database.db;
  const card = await findOwnCard(db, owner, input.cardId);
  const conditions: SQL[] = [eq(ledgerEntries.ledgerAccountId, card.ledgerAccountId)];
  if (input.startDate) conditions.push(gte(ledgerEntries.createdAt, startOfCivilDate(input.startDate)));
  if (input.endDate)
    conditions.push(lt(ledgerEntries.createdAt, startOfCivilDate(shiftCivilDate(input.endDate, 1))));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(input.pageSize)
      .offset((input.pageNo - 1) * input.pageSize),
    db.select({ total: count() }).from(ledgerEntries).where(where),
  ]);
  // A card's own opening entry carries no reference: its segment is the card's.
  const described = rows.map((row) =>
    row.type === 'card_open' && !row.description ? { ...row, description: card.segmentId } : row,
  );
  const names = await segmentNamesOf(ctx, described);
  return {
    data: described.map((row) => ({
      txnNo: row.transactionId,
      type: row.type,
      amount: row.amount,
      balance: row.balanceAfter,
      summary: describeCardEntry(row, lang, names),
      description: row.description,
      createdAt: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}
