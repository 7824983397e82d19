/**
 * `importDataCost`: the exact cost of an import before anything is charged (issue 29 item 16). The
 * same checks as the import itself (file, rows, placement, segments, monthly allowance, coupon) and
 * the same pricing as the opening (one price per segment and first load, the coupon's uses spread
 * in order), so the `total` shown is what importData charges when it is sent back as `expectTotal`.
 */
import type { ImportCost } from '@contract/cards';
import type { AppContext } from '../../../context';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import type { CardOwner } from '../card-access';
import { checkMonthlyLimit } from '../open/open-checks';
import { prepareGroups, priceGroups } from '../open/open-cards';
import { costBreakdownOf, debitTotalOf, usableCoupon } from '../open/pricing';
import type { ImportInput } from './import-data';
import { checkImport } from './import-data';

export async function quoteImport(
  ctx: AppContext,
  owner: CardOwner,
  input: ImportInput,
  lang: Lang,
): Promise<ImportCost> {
  const db = ctx.database.db;
  const orders = await checkImport(ctx, owner, input, lang);
  const now = ctx.now();
  const groups = await prepareGroups(db, owner.accountId, orders, ctx.now());
  const count = groups.reduce((sum, group) => sum + group.cards.length, 0);
  await checkMonthlyLimit(db, owner.accountId, count, now);
  const coupon = await usableCoupon(db, owner.accountId, input.couponId, now, true);
  const prices = priceGroups(groups, coupon);
  let total = 0;
  for (const price of prices) {
    const debit = debitTotalOf(ctx, price, input.unit);
    if (!debit) throw fail.badRequest('server:cards.debitAccountNotUsable');
    total += debit.total;
  }
  const parts = [];
  for (const price of prices) parts.push(await costBreakdownOf(ctx, db, owner.accountId, price));
  const balance = parts[0]?.totals.find((t) => t.debitCurrency === input.unit)?.balance ?? 0;
  return { unit: input.unit, count, total, balance, enough: balance >= total, parts };
}
