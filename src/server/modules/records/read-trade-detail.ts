/**
 * records.detail: one card record with its history for the detail view — authorized (or declined)
 * when it was created, cleared when the merchant settled it (`cleared_at`), then each refund and a
 * reversal from the ledger movements that name the record (`reference`, indexed). The record is
 * read through the same scope as the record pages: a member reads only its own cards' records, and
 * any other id is a 404 that does not say whether it exists.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TradeDetail, TradeStep } from '../../../contract/records';
import type { AppContext } from '../../context';
import { cardAuthorizations, cards, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import type { TradeScope } from './trade-query';
import { toTradeRow, tradeColumns, tradeWhere } from './trade-query';

/** The ledger movements a record's history shows, by the step they are. */
const MONEY_BACK = { card_refund: 'refunded', card_reversal: 'reversed' } as const;

export async function readTradeDetail(
  ctx: AppContext,
  scope: TradeScope,
  id: string,
  lang: Lang,
): Promise<TradeDetail> {
  const db = ctx.database.db;
  const a = cardAuthorizations;
  const [row] = await db
    .select({
      ...tradeColumns,
      ledgerAccountId: cards.ledgerAccountId,
      originalAmount: a.originalAmount,
      originalCurrency: a.originalCurrency,
      clearedAt: a.clearedAt,
    })
    .from(a)
    .innerJoin(cards, eq(cards.id, a.cardId))
    .where(and(tradeWhere(scope, 'all', {}), eq(a.id, id)));
  if (!row) throw new AppError(404, 'server:cards.recordNotFound');

  const history: TradeStep[] = [
    {
      step: row.status === 'declined' ? 'declined' : 'authorized',
      at: row.createdAt.toISOString(),
      amount: row.amount,
    },
  ];
  if (row.clearedAt) history.push({ step: 'cleared', at: row.clearedAt.toISOString(), amount: row.amount });

  // What came back onto the card: the card's leg of each refund or reversal of this record.
  const moneyBack = await db
    .select({ kind: ledgerTransactions.kind, at: ledgerTransactions.createdAt, amount: ledgerEntries.amount })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.reference, row.id),
        inArray(ledgerTransactions.kind, Object.keys(MONEY_BACK)),
        eq(ledgerEntries.ledgerAccountId, row.ledgerAccountId),
      ),
    )
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerEntries.id));
  for (const movement of moneyBack)
    history.push({
      step: MONEY_BACK[movement.kind as keyof typeof MONEY_BACK],
      at: movement.at.toISOString(),
      amount: Math.abs(movement.amount),
    });
  history.sort((x, y) => x.at.localeCompare(y.at));

  return {
    ...toTradeRow(row, lang),
    originalAmount: row.originalAmount,
    originalCurrency: row.originalCurrency,
    history,
  };
}
