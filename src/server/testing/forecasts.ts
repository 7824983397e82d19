/**
 * For tests: business customers with uploaded proofs, and forecasts brought into any state
 * through the real entry points (the customer's endpoints, the reviewer's operation).
 */
import { eq } from 'drizzle-orm';
import type { Envelope } from '../../contract/core';
import type { ForecastStatus, ForecastView } from '../../contract/finance';
import { bankTransfer, topupCancel, topupSubmit, topupUpload } from '../../contract/finance';
import { forecastEvents, ledgerAccounts, topupForecasts } from '../db/schema';
import { AppError } from '../lib/errors';
import type { TestApp } from './harness';
import type { SignedInAccount } from './signed-in';
import { civilDate } from '../modules/account/account-calendar';
import { postFile, tinyPng } from './images';
import type { ReviewDecision } from '../modules/forecasts/review-forecast';
import { reviewForecast } from '../modules/forecasts/review-forecast';

export const REVIEWER = { ip: '198.51.100.7', device: 'test reviewer' };

let serial = 0;

export async function uploadProof(t: TestApp, token: string): Promise<string> {
  const res = await postFile(t, topupUpload.path, { bytes: tinyPng(), name: 'proof.png' }, { token });
  const body = (await res.json()) as Envelope<{ fileId: string }>;
  if (body.code !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data.fileId;
}

export interface FormFields {
  amount: number;
  payerName: string;
  payerAccount: string;
  bankArea: string;
  bankName: string;
  transferDate: string;
  bankTxnNo: string;
  description?: string;
  proofFileId: string;
}

/** Valid fields with a fresh bank transaction number and a fresh proof of the customer's. */
export async function validFields(
  t: TestApp,
  me: SignedInAccount,
  overrides: Partial<FormFields> = {},
): Promise<FormFields> {
  serial += 1;
  return {
    amount: 25_000,
    payerName: 'Acme Trading LLC',
    payerAccount: '123456789012',
    bankArea: 'New York, US',
    bankName: 'First Example Bank',
    transferDate: civilDate(t.ctx.now()),
    bankTxnNo: `TXN-${process.pid}-${Date.now().toString(36)}-${serial}`,
    description: 'Wallet top-up',
    proofFileId: overrides.proofFileId ?? (await uploadProof(t, me.token)),
    ...overrides,
  };
}

export async function submit(
  t: TestApp,
  me: SignedInAccount,
  fields: FormFields,
  headers: Record<string, string> = {},
) {
  return t.api(bankTransfer, fields, { token: me.token, headers });
}

export type Outcome = { code: number; view: ForecastView | null };

/** The customer's and the reviewer's actions, each through its real entry point, as code + view. */
export async function act(
  t: TestApp,
  me: SignedInAccount,
  id: string,
  action: 'approve' | 'reject' | 'revoke' | 'resubmit',
  fields?: FormFields,
): Promise<Outcome> {
  if (action === 'revoke' || action === 'resubmit') {
    const answer =
      action === 'revoke'
        ? await t.api(topupCancel, { id }, { token: me.token })
        : await t.api(topupSubmit, { id, ...fields! }, { token: me.token });
    return {
      code: answer.body.code,
      view: answer.body.code === 200 ? (answer.body.data as ForecastView) : null,
    };
  }
  const decision: ReviewDecision =
    action === 'approve'
      ? { action: 'approve' }
      : { action: 'reject', reason: 'The proof does not show the amount' };
  try {
    return { code: 200, view: await reviewForecast(t.ctx, id, decision, REVIEWER) };
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, view: null };
    throw error;
  }
}

/** A forecast of this customer in the given state, reached through legal moves only. */
export async function forecastIn(
  t: TestApp,
  me: SignedInAccount,
  status: ForecastStatus,
): Promise<{ id: string; fields: FormFields }> {
  const fields = await validFields(t, me);
  const made = await submit(t, me, fields);
  if (made.body.code !== 200) throw new Error(`bankTransfer failed: ${JSON.stringify(made.body)}`);
  const id = (made.body.data as ForecastView).id;
  const step = async (action: 'approve' | 'reject' | 'revoke' | 'resubmit') => {
    // A second between moves keeps the events' order by time unambiguous.
    t.advance(1000);
    const outcome = await act(t, me, id, action, fields);
    if (outcome.code !== 200) throw new Error(`${action} failed with ${outcome.code}`);
  };
  if (status === 'approved') await step('approve');
  if (status === 'rejected' || status === 'resubmitted') await step('reject');
  if (status === 'revoked') await step('revoke');
  if (status === 'resubmitted') await step('resubmit');
  return { id, fields };
}

export async function forecastRow(t: TestApp, id: string) {
  const [row] = await t.ctx.database.db.select().from(topupForecasts).where(eq(topupForecasts.id, id));
  return row;
}

export async function eventsOf(t: TestApp, id: string) {
  return t.ctx.database.db
    .select({
      from: forecastEvents.fromStatus,
      to: forecastEvents.toStatus,
      actor: forecastEvents.actor,
      note: forecastEvents.note,
    })
    .from(forecastEvents)
    .where(eq(forecastEvents.forecastId, id))
    .orderBy(forecastEvents.createdAt, forecastEvents.id);
}

export async function usdBalance(t: TestApp, accountId: string): Promise<number> {
  const rows = await t.ctx.database.db
    .select({ balance: ledgerAccounts.balance, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.accountId, accountId));
  return rows.find((r) => r.currency === 'USD')?.balance ?? -1;
}
