/**
 * `POST /api/identity/order`: creates the account's verification order or changes it, and with
 * `action: submit` sends it to the provider. One order per account (a unique index): a second
 * create meets the first one's row. Fields not sent keep their value; switching to an individual
 * order clears the company's fields.
 */
import { sql } from 'drizzle-orm';
import { Code } from '../../../contract/core';
import type { IdentityFieldsInput, IdentityStatusView } from '../../../contract/identity';
import { FILE_FIELDS } from '../../../contract/identity-rules';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { identityOrders } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { AppError, fail } from '../../lib/errors';
import { civilDate } from '../account/account-calendar';
import { checkDocumentFiles } from './document-files';
import { isEditable } from './identity-state';
import { lockOrder, moveOrder } from './order-events';
import type { IdentityOrderRow } from './order-view';
import { missingFields, readIdentityStatus } from './order-view';

export interface SaveOrderInput extends IdentityFieldsInput {
  action: 'save' | 'submit';
  kind: 'individual' | 'business';
}

function patchOf(input: SaveOrderInput): Partial<IdentityOrderRow> {
  const patch: Partial<IdentityOrderRow> = { kind: input.kind };
  const keys = [
    'personName',
    'idType',
    'idNumber',
    'idExpiresOn',
    'idFrontFileId',
    'idBackFileId',
    'selfieFileId',
    'companyName',
    'registrationNumber',
    'licenceFileId',
  ] as const;
  for (const key of keys) if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
  if (input.idNumber !== undefined) patch.idNumber = input.idNumber.toUpperCase();
  if (input.kind === 'individual')
    Object.assign(patch, { companyName: null, registrationNumber: null, licenceFileId: null });
  return patch;
}

async function lockOrCreate(
  tx: Parameters<typeof lockOrder>[0],
  accountId: string,
  kind: SaveOrderInput['kind'],
  now: Date,
) {
  await tx
    .insert(identityOrders)
    .values({ id: newId(), accountId, kind, status: 'draft', createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const row = await lockOrder(tx, { accountId });
  if (!row) throw new Error('identity order vanished after insert');
  return row;
}

export async function saveOrder(
  ctx: AppContext,
  accountId: string,
  input: SaveOrderInput,
): Promise<IdentityStatusView> {
  const now = ctx.now();
  return inTransaction(ctx.database.db, async (tx) => {
    // Serialises a customer's own concurrent saves before the row exists.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`identity:${accountId}`}, 0))`);
    let row = await lockOrCreate(tx, accountId, input.kind, now);
    if (!isEditable(row.status, row.resubmittable))
      throw fail.conflict(`server:identity.notEditable.${row.status}`);
    const patch = patchOf(input);
    await checkDocumentFiles(
      tx,
      accountId,
      Object.fromEntries(FILE_FIELDS.map((field) => [field, input[field]])),
    );
    // A correction after a rejection or an expiry starts over from a draft.
    const reset: Partial<IdentityOrderRow> =
      row.status === 'draft'
        ? {}
        : { rejectReason: null, resubmittable: null, approvedAt: null, expiresAt: null, remindedAt: null };
    row = await moveOrder(tx, row, 'draft', 'customer', now, { ...patch, ...reset });

    if (input.action === 'submit') {
      const missing = missingFields(row);
      if (missing.length > 0)
        throw new AppError(Code.unprocessable, 'server:identity.incomplete', { fields: missing });
      if (row.idExpiresOn !== null && row.idExpiresOn <= civilDate(now))
        throw new AppError(Code.unprocessable, 'server:identity.idExpired', { fields: ['idExpiresOn'] });
      const fileIds = FILE_FIELDS.map((field) => row[field]).filter((id): id is string => id !== null);
      const { reference } = await ctx.identity.submit({ orderId: row.id, kind: row.kind, fileIds });
      row = await moveOrder(tx, row, 'submitted', 'customer', now, {
        submittedAt: now,
        providerRef: reference,
      });
    }
    return readIdentityStatus(ctx, tx, accountId);
  });
}
