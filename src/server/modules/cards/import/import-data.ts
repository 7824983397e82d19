/**
 * `importData`: open the cards of a filled-in template. The file is checked (size, content), every
 * row is read and checked, and if any row is wrong nothing is opened: the answer (422) lists every
 * problem as `{ row, column, reason }`. Otherwise all the rows are opened as one batch through the
 * same operation as every other opening, all or nothing. The PWA first asks importDataCost
 * (import-cost.ts) for the exact cost of the same file and choices and sends its total back as
 * `expectTotal`: the charge is exactly what the customer saw, or 409 and nothing is opened. Without
 * `expectTotal` (an integrator) it charges the computed price.
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
import type { GroupOrder } from '../open/open-cards';
import { openCards } from '../open/open-cards';
import { checkPlacement } from '../../card-groups/open-placement';

export interface ImportInput {
  file: File;
  /** The wallet that pays. */
  unit: DebitCurrency;
  gid?: string | undefined;
  tagIds?: string[] | undefined;
  couponId?: string | undefined;
  /** False: the caller may not set spending rules, so a file with rule cells is refused (4030). */
  mayChangeRules?: boolean | undefined;
}

/** The file read and every row and placement checked: a wrong row refuses with all the problems (422). */
export async function checkImport(
  ctx: AppContext,
  owner: CardOwner,
  input: ImportInput,
  lang: Lang,
): Promise<GroupOrder[]> {
  // The group and tags are checked like every other field, before any row is read or anything charged.
  await checkPlacement(ctx.database.db, owner, { gid: input.gid, tagIds: input.tagIds });
  const bytes = await readImportFile(input.file);
  const rows = await readImportRows(bytes);
  const checked = await validateImportRows(ctx, owner.accountId, rows, input.unit, lang);
  if (checked.problems.length > 0) {
    const wrongRows = new Set(checked.problems.map((p) => p.row)).size;
    throw fail.rule(
      'server:cardOpen.import.rowsInvalid',
      { count: wrongRows },
      { problems: checked.problems },
    );
  }
  if (input.mayChangeRules === false && checked.groups.some((g) => g.cards.some((card) => card.spendRules)))
    throw fail.noPermission();
  return checked.groups;
}

export async function importCards(
  ctx: AppContext,
  owner: CardOwner,
  input: ImportInput & { expectTotal?: number | undefined },
  context: { key: string | null; ip: string; device: string; lang: Lang },
): Promise<BatchResult> {
  const groups = await checkImport(ctx, owner, input, context.lang);
  // Without an Idempotency-Key the batch still gets an id; the PWA always sends a key to poll with.
  const key = context.key ?? newId();
  const opened = await openCards(ctx, {
    owner,
    groups,
    couponId: input.couponId,
    debitCurrency: input.unit,
    // The total importDataCost showed: the charge is exactly that or nothing happens (409).
    expectTotal: input.expectTotal ?? null,
    key,
    batch: true,
    actor: { ip: context.ip, device: context.device },
    placement: { gid: input.gid, tagIds: input.tagIds },
  });
  return readBatchResult(ctx.database.db, owner, opened.batchId ?? key, context.lang);
}
