/**
 * The checks a forecast's fields must pass when it is created or resubmitted (issue 4 §2, spec §5):
 * a business account; a real transfer date that is not in the future of the product's calendar
 * (UTC+8); the caller's own proof image, uploaded as a top-up proof and claimed by no other live
 * forecast; a bank transaction number no other live forecast in the whole system carries.
 *
 * The two "no other live forecast" rules are checked under transaction-scoped advisory locks on
 * the proof id and the normalised transaction number, so two requests racing with the same number
 * cannot both pass: the second waits for the first to commit, then sees its row.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../contract/core';
import type { forecastFields } from '../../../contract/finance';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { accounts, files, topupForecasts } from '../../db/schema';
import { AppError, fail } from '../../lib/errors';
import { civilDate } from '../account/account-calendar';
import { requireIdentityLevel } from '../identity/identity-level';
import { LIVE_STATUSES } from './forecast-state';

export type ForecastFields = z.infer<typeof forecastFields>;

/** Bank references are compared without case or surrounding space: `ab12` and `AB12 ` are one transfer. */
export function normaliseTxnNo(value: string): string {
  return value.trim().toUpperCase();
}

/** USD transfers are for business accounts whose business is verified (docs/decisions.md "Identity verification"). */
export async function requireBusinessAccount(tx: Tx, accountId: string, now: Date): Promise<void> {
  const [account] = await tx
    .select({ accountType: accounts.accountType })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (account?.accountType !== 'business') throw fail.rule('server:forecasts.businessOnly');
  await requireIdentityLevel(tx, accountId, 'business', now);
}

/** The contract checks the shape `YYYY-MM-DD`; this refuses days that do not exist (2026-02-30). */
function checkTransferDate(ctx: AppContext, date: string): void {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    throw new AppError(Code.badRequest, 'server:forecasts.dateInvalid', { fields: ['transferDate'] });
  // Same-length ISO dates compare as strings.
  if (date > civilDate(ctx.now())) throw fail.rule('server:forecasts.futureDate');
}

/** Serialises every request that claims the same proof or transaction number, until commit. */
async function lockClaims(tx: Tx, fields: ForecastFields): Promise<void> {
  const keys = [
    `forecast-proof:${fields.proofFileId}`,
    `forecast-txn:${normaliseTxnNo(fields.bankTxnNo)}`,
  ].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Runs every check; `forecastId` is the forecast being resubmitted (its own claims do not count
 * against it), null for a new one.
 */
export async function checkForecastFields(
  tx: Tx,
  ctx: AppContext,
  accountId: string,
  fields: ForecastFields,
  forecastId: string | null,
): Promise<void> {
  checkTransferDate(ctx, fields.transferDate);

  const [proof] = await tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.id, fields.proofFileId),
        eq(files.ownerAccountId, accountId),
        eq(files.purpose, 'topup_proof'),
      ),
    );
  if (!proof) throw fail.rule('server:forecasts.proofInvalid');

  await lockClaims(tx, fields);
  const others = forecastId === null ? sql`true` : ne(topupForecasts.id, forecastId);
  const live = inArray(topupForecasts.status, [...LIVE_STATUSES]);

  const [proofClaim] = await tx
    .select({ id: topupForecasts.id })
    .from(topupForecasts)
    .where(and(eq(topupForecasts.proofFileId, fields.proofFileId), live, others))
    .limit(1);
  if (proofClaim) throw fail.conflict('server:forecasts.proofInUse');

  const [txnClaim] = await tx
    .select({ id: topupForecasts.id })
    .from(topupForecasts)
    .where(
      and(sql`upper(btrim(${topupForecasts.bankTxnNo})) = ${normaliseTxnNo(fields.bankTxnNo)}`, live, others),
    )
    .limit(1);
  if (txnClaim) throw fail.conflict('server:forecasts.duplicateTxn');
}

/** The fields as stored: the same for create and resubmit. */
export function storedFields(fields: ForecastFields) {
  return {
    amount: fields.amount,
    payerName: fields.payerName,
    payerAccount: fields.payerAccount,
    bankArea: fields.bankArea,
    bankName: fields.bankName,
    transferDate: fields.transferDate,
    bankTxnNo: fields.bankTxnNo.trim(),
    description: fields.description ?? null,
    proofFileId: fields.proofFileId,
  };
}

/** Whether a stored forecast carries exactly these fields (a replay of the same request). */
export function sameFields(row: ReturnType<typeof storedFields>, fields: ForecastFields): boolean {
  const wanted = storedFields(fields);
  return (Object.keys(wanted) as (keyof typeof wanted)[]).every((key) => row[key] === wanted[key]);
}
