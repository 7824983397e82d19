/**
 * `importData`: open the cards of a filled-in template. The file is checked (size, content), every
 * row is read and checked, and if any row is wrong nothing is opened: the answer (422) lists every
 * problem as `{ row, column, reason }`. Otherwise all the rows are opened as one batch through the
 * same operation as every other opening, all or nothing. An import has no quote to confirm: it
 * charges the computed price (the ledger refuses with 422 if the wallet cannot pay it).
 */
import type { BatchResult, DebitCurrency } from '@contract/cards';
import type { AppContext } from '../../../context';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { newId } from '../../../lib/crypto';
import { readBatchResult } from '../batch/batch-read';
import type { CardOwner } from '../card-access';
import { readImportFile } from './import-file';
import { readImportRows } from './import-rows';
import { validateImportRows } from './import-validate';
import { openCards } from '../open/open-cards';
import { checkPlacement } from '../../card-groups/open-placement';

export interface ImportInput {
  file: File;
  /** The wallet that pays. */
  unit: DebitCurrency;
  gid?: string | undefined;
  tagIds?: string[] | undefined;
  couponId?: string | undefined;
}

export async function importCards(
  ctx: AppContext,
  owner: CardOwner,
  input: ImportInput,
  context: { key: string | null; ip: string; device: string; lang: Lang },
): Promise<BatchResult> {
  // The group and tags are checked like every other field, before any row is read or anything charged.
  const placement = { gid: input.gid, tagIds: input.tagIds };
  await checkPlacement(ctx.database.db, owner, placement);
  const bytes = await readImportFile(input.file);
  const rows = await readImportRows(bytes);
  const checked = await validateImportRows(ctx, owner.accountId, rows, input.unit, context.lang);
  if (checked.problems.length > 0) {
    const wrongRows = new Set(checked.problems.map((p) => p.row)).size;
    throw fail.rule(
      'server:cardOpen.import.rowsInvalid',
      { count: wrongRows },
      { problems: checked.problems },
    );
  }
  // Without an Idempotency-Key the batch still gets an id; the PWA always sends a key to poll with.
  const key = context.key ?? newId();
  const opened = await openCards(ctx, {
    owner,
    groups: checked.groups,
    couponId: input.couponId,
    debitCurrency: input.unit,
    expectTotal: null,
    key,
    batch: true,
    actor: { ip: context.ip, device: context.device },
    placement,
  });
  return readBatchResult(ctx.database.db, owner, opened.batchId ?? key, context.lang);
}
