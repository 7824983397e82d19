/**
 * `POST /api/identity/answer`: the customer answers one item of "needs more information". A
 * document item takes an uploaded image, which replaces that document on the order; a field item
 * takes a text checked like the field itself and replaces it; `other` takes a free text. When the
 * last open item is answered, the order goes back to the provider as `submitted`.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { Code } from '../../../contract/core';
import type { IdentityStatusView } from '../../../contract/identity';
import { identityFields } from '../../../contract/identity';
import type { IdentityField } from '../../../contract/identity-rules';
import { FILE_FIELDS } from '../../../contract/identity-rules';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { identityItems } from '../../db/schema';
import { AppError, fail } from '../../lib/errors';
import { checkDocumentFiles } from './document-files';
import { lockOrder, moveOrder } from './order-events';
import type { IdentityOrderRow } from './order-view';
import { readIdentityStatus } from './order-view';

export interface AnswerInput {
  itemId: string;
  text?: string | undefined;
  fileId?: string | undefined;
}

function required(field: string): AppError {
  return new AppError(Code.badRequest, 'server:identity.answerRequired', { fields: [field] });
}

export async function answerItem(
  ctx: AppContext,
  accountId: string,
  input: AnswerInput,
): Promise<IdentityStatusView> {
  const now = ctx.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const order = await lockOrder(tx, { accountId });
    if (!order) throw new AppError(Code.notFound, 'server:identity.itemNotFound');
    const [item] = await tx
      .select()
      .from(identityItems)
      .where(and(eq(identityItems.id, input.itemId), eq(identityItems.orderId, order.id)));
    if (!item) throw new AppError(Code.notFound, 'server:identity.itemNotFound');
    if (order.status !== 'needs_info' || item.answeredAt !== null)
      throw fail.conflict('server:identity.itemClosed');

    let patch: Partial<IdentityOrderRow> = {};
    if ((FILE_FIELDS as readonly string[]).includes(item.field)) {
      if (!input.fileId) throw required('fileId');
      await checkDocumentFiles(tx, accountId, { fileId: input.fileId });
      patch = { [item.field]: input.fileId };
    } else {
      if (!input.text) throw required('text');
      if (item.field !== 'other') {
        const parsed = identityFields.shape[item.field as IdentityField].safeParse(input.text);
        if (!parsed.success || parsed.data === undefined)
          throw new AppError(Code.badRequest, 'server:identity.answerInvalid', { fields: ['text'] });
        patch = { [item.field]: item.field === 'idNumber' ? String(parsed.data).toUpperCase() : parsed.data };
      }
    }
    await tx
      .update(identityItems)
      .set({ answerText: input.text ?? null, answerFileId: input.fileId ?? null, answeredAt: now })
      .where(eq(identityItems.id, item.id));

    const [open] = await tx
      .select({ id: identityItems.id })
      .from(identityItems)
      .where(and(eq(identityItems.orderId, order.id), isNull(identityItems.answeredAt)))
      .limit(1);
    if (open) {
      await moveOrder(tx, order, 'needs_info', 'customer', now, patch);
    } else {
      const updated = { ...order, ...patch };
      const fileIds = FILE_FIELDS.map((field) => updated[field]).filter((id): id is string => id !== null);
      const { reference } = await ctx.identity.submit({ orderId: order.id, kind: order.kind, fileIds });
      await moveOrder(tx, order, 'submitted', 'customer', now, {
        ...patch,
        submittedAt: now,
        providerRef: reference,
      });
    }
    return readIdentityStatus(ctx, tx, accountId);
  });
}
