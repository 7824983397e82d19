/**
 * Checks every row of an import with the rules of every other opening (open-checks.ts, the holder
 * schema of the contract) and collects all the problems at once — row, column, reason in the
 * caller's language — so the customer fixes the file in one go. Valid rows become the opening's
 * groups: cards with the same segment and first load, in the order they first appear.
 */
import type { DebitCurrency, ImportProblem } from '@contract/cards';
import { holderFields } from '@contract/cards';
import { isValidPostcode, LABEL_MAX } from '@contract/card-rules';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { hasMessage, translate } from '../../../lib/i18n';
import { findSegment } from '../../segments/find-segment';
import type { GroupOrder } from '../open/open-cards';
import { checkFirstLoad, checkSegmentOpen } from '../open/open-checks';
import type { ImportRow } from './import-rows';
import type { FeeSchedule, SegmentRow } from '../open/pricing';
import { checkLoadLimit, debitTotalOf, feeScheduleFor, priceCards } from '../open/pricing';
import type { ImportColumn } from './template-columns';
import { columnHeader, IMPORT_COLUMNS } from './template-columns';
import { parseDecimal } from './decimal';
import { eq } from 'drizzle-orm';
import type { CardSpendRules } from '@contract/spending';
import { spendingTemplates } from '../../../db/schema';
import { nameKey } from '../../../lib/name-key';
import { parseRuleCells, ruleColumnHeader } from './rule-columns';

export { parseDecimal };

export interface ValidatedImport {
  groups: GroupOrder[];
  problems: ImportProblem[];
}

interface SegmentCheck {
  segment: SegmentRow | null;
  schedule: FeeSchedule | null;
  /** Why no card can be opened from it (not found, maintenance, wrong wallet), or null. */
  refusal: AppError | null;
}

export async function validateImportRows(
  ctx: AppContext,
  accountId: string,
  rows: readonly ImportRow[],
  debitCurrency: DebitCurrency,
  lang: Lang,
): Promise<ValidatedImport> {
  const problems: ImportProblem[] = [];
  const groups = new Map<string, GroupOrder & { cards: GroupOrder['cards'][number][] }>();
  const segments = new Map<string, SegmentCheck>();
  const db = ctx.database.db;

  const segmentCheck = async (segmentId: string): Promise<SegmentCheck> => {
    const known = segments.get(segmentId);
    if (known) return known;
    const segment = await findSegment(db, segmentId);
    let check: SegmentCheck;
    if (!segment)
      check = {
        segment: null,
        schedule: null,
        refusal: new AppError(422, 'server:cardOpen.segmentNotFound'),
      };
    else {
      const schedule = await feeScheduleFor(db, accountId, segment, ctx.now());
      check = { segment, schedule, refusal: refusalOf(() => checkSegmentOpen(segment)) };
      // Whether this wallet can pay for this segment's cards at all (its currency, or through the FX desk).
      const probe = priceCards({
        schedule,
        count: 1,
        amountPerCard: schedule.minFirstRecharge,
        opening: true,
        coupon: null,
      });
      if (!check.refusal && debitTotalOf(ctx, probe, debitCurrency) === null)
        check.refusal = new AppError(422, 'server:cards.debitAccountNotUsable');
    }
    segments.set(segmentId, check);
    return check;
  };

  // The customer's saved templates, by folded name, for the rule columns (read once, only when used).
  const templates = new Map<string, CardSpendRules>();
  if (rows.some((row) => (row.rules.spendTemplate ?? '') !== ''))
    for (const saved of await db
      .select()
      .from(spendingTemplates)
      .where(eq(spendingTemplates.accountId, accountId)))
      templates.set(nameKey(saved.name), saved.rules);

  for (const row of rows) {
    const problemsBefore = problems.length;
    const add = (column: ImportColumn, error: AppError | string) => {
      const key = typeof error === 'string' ? error : error.messageKey;
      const params = typeof error === 'string' ? {} : error.params;
      const field = columnHeader(column, lang);
      problems.push({
        row: row.row,
        column: field,
        reason: translate(lang, hasMessage(key) ? key : 'common:validation.invalidField', {
          field,
          ...params,
        }),
      });
    };
    const { cells } = row;

    let check: SegmentCheck | null = null;
    if (cells.segmentId === '') add('segmentId', 'common:validation.required');
    else {
      check = await segmentCheck(cells.segmentId);
      if (check.refusal) add('segmentId', check.refusal);
    }

    const amount = cells.amount === '' ? null : parseDecimal(cells.amount);
    if (cells.amount === '') add('amount', 'common:validation.required');
    else if (amount === null || amount <= 0) add('amount', 'server:cardOpen.import.amountFormat');
    else if (check?.segment && check.schedule) {
      const { segment, schedule } = check;
      const refusal =
        refusalOf(() => checkFirstLoad(schedule, amount)) ??
        refusalOf(() => checkLoadLimit(segment.currency, amount));
      if (refusal) add('amount', refusal);
    }

    const postcode =
      row.postcodeIsNumber &&
      /^\d{1,4}$/.test(cells.postcode) &&
      (cells.country === '' || /^us$/i.test(cells.country))
        ? cells.postcode.padStart(5, '0')
        : cells.postcode;
    const holder = holderFields.safeParse({
      holderFirstName: cells.holderFirstName,
      holderLastName: cells.holderLastName,
      street: cells.street,
      city: cells.city,
      state: cells.state,
      postcode,
      country: cells.country === '' ? undefined : cells.country,
    });
    if (!holder.success) {
      const seen = new Set<string>();
      for (const issue of holder.error.issues) {
        const column = IMPORT_COLUMNS.find((c) => c === issue.path[0]);
        if (!column || seen.has(column)) continue;
        seen.add(column);
        add(column, issue.message);
      }
      // The postcode is checked by a refinement that runs only once every field is present; a
      // wrong postcode is reported with the other problems of its row all the same.
      const country = cells.country === '' ? 'US' : cells.country;
      if (
        !seen.has('postcode') &&
        !seen.has('country') &&
        postcode !== '' &&
        !isValidPostcode(country, postcode)
      )
        add('postcode', 'common:validation.zipCode');
    }

    if (cells.label.length > LABEL_MAX) add('label', 'common:validation.tooLong');

    const spending = parseRuleCells(row.rules, templates);
    for (const problem of spending.problems) {
      const field = ruleColumnHeader(problem.column, lang);
      problems.push({
        row: row.row,
        column: field,
        reason: translate(lang, hasMessage(problem.key) ? problem.key : 'common:validation.invalidField', {
          field,
          ...problem.params,
        }),
      });
    }

    if (problems.length > problemsBefore || !holder.success || amount === null || !check?.segment) continue;
    const groupKey = `${check.segment.id}|${amount}`;
    const group = groups.get(groupKey) ?? { segmentId: check.segment.id, amountPerCard: amount, cards: [] };
    group.cards.push({
      holder: holder.data,
      label: cells.label === '' ? null : cells.label,
      ...(spending.rules ? { spendRules: spending.rules } : {}),
    });
    groups.set(groupKey, group);
  }
  return { groups: [...groups.values()], problems };
}

function refusalOf(check: () => void): AppError | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
