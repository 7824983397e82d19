/**
 * `batchCard`: a batch opening's progress while its cards are issued, then its result with its cards.
 * Read as the cards it makes are reached (card-access.ts): the owner every batch of its account, a
 * member only the batches it opened. Another account's batch, and within a team the owner's or
 * another member's, is the same 404 as an unknown id.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { BatchResult } from '@contract/cards';
import { BATCH_OPEN_MAX } from '@contract/card-rules';
import type { Executor } from '../../../db/client';
import { cardBatches, cards, ledgerTransactions } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { failureText } from './batch-rows';
import type { CardOwner } from '../card-access';
import { ownedBy } from '../card-access';
import { selectCardViews, toCardView } from '../card-view';
import { openingLedgerKey } from '../open/open-cards';

/** As `ownedBy` for cards: the owner reaches every batch of its account, a member its own. */
function batchOwnedBy(owner: CardOwner): SQL {
  const account = eq(cardBatches.accountId, owner.accountId);
  return owner.subAccountId ? and(account, eq(cardBatches.subAccountId, owner.subAccountId))! : account;
}

export async function readBatchResult(
  db: Executor,
  owner: CardOwner,
  batchId: string,
  lang: Lang,
): Promise<BatchResult> {
  const [batch] = await db
    .select()
    .from(cardBatches)
    .where(and(eq(cardBatches.id, batchId), eq(cardBatches.kind, 'batch'), batchOwnedBy(owner)))
    .limit(1);
  if (!batch) throw new AppError(404, 'server:cardOpen.batchNotFound');
  if (batch.status !== 'done')
    return {
      batchId: batch.id,
      status: batch.status,
      total: batch.total,
      issued: batch.issued,
      failureReason: batch.failureReason ? failureText(batch.failureReason, lang) : null,
      cards: [],
      txnNo: null,
    };
  const rows = await selectCardViews(db)
    .where(and(eq(cards.batchId, batch.id), ownedBy(owner)))
    .orderBy(asc(cards.serial))
    .limit(BATCH_OPEN_MAX);
  const [txn] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, openingLedgerKey(owner.accountId, batch.id)))
    .limit(1);
  return {
    batchId: batch.id,
    status: 'done',
    total: batch.total,
    issued: batch.issued,
    failureReason: null,
    cards: rows.map((row) => toCardView(row, lang)),
    txnNo: txn?.id ?? null,
  };
}
