/**
 * Identity review in the console, only when no outside identity provider is configured (with one,
 * the provider decides and these calls answer 404): the same `reviewIdentity` the sandbox desk
 * calls, audited in the decision's transaction.
 */
import { eq } from 'drizzle-orm';
import type { IdentityReviewItemView } from '../../../../contract/operator';
import type { AppContext } from '../../../context';
import { identityOrders } from '../../../db/schema';
import { AppError, fail } from '../../../lib/errors';
import { fileResponse, readFile } from '../../files/read-file';
import { listIdentityQueue } from '../../identity/list-review-queue';
import type { IdentityDecision } from '../../identity/review-order';
import { reviewIdentity } from '../../identity/review-order';
import { writeOperatorAudit } from '../audit/write-operator-audit';
import type { OperatorActor } from '../operator-session';

const DOCS = ['idFrontFileId', 'idBackFileId', 'selfieFileId', 'licenceFileId'] as const;

export const identityDeskOpen = (ctx: AppContext) => !ctx.env.IDENTITY_API_URL;

function requireDesk(ctx: AppContext): void {
  if (!identityDeskOpen(ctx)) throw new AppError(404, 'server:errors.notFound');
}

export async function identityQueueView(ctx: AppContext): Promise<IdentityReviewItemView[]> {
  requireDesk(ctx);
  const queue = await listIdentityQueue(ctx);
  return queue.map(({ order, email, items }) => ({
    id: order.id,
    email,
    kind: order.kind,
    status: order.status,
    companyName: order.companyName,
    personName: order.personName,
    idNumberTail: order.idNumber === null ? null : order.idNumber.slice(-4),
    documents: DOCS.filter((field) => order[field] !== null),
    items: items.map((item) => ({
      field: item.field,
      question: item.question,
      answeredAt: item.answeredAt?.toISOString() ?? null,
    })),
    updatedAt: order.updatedAt.toISOString(),
  }));
}

export async function identityDocumentResponse(
  ctx: AppContext,
  input: { id: string; field: (typeof DOCS)[number] },
): Promise<Response> {
  requireDesk(ctx);
  const [order] = await ctx.database.db.select().from(identityOrders).where(eq(identityOrders.id, input.id));
  const fileId = order?.[input.field];
  if (!fileId) throw fail.rule('server:identity.notFound');
  try {
    return fileResponse(await readFile(ctx, fileId, null));
  } catch (error) {
    if (error instanceof AppError) throw fail.rule('server:identity.notFound');
    throw error;
  }
}

export type IdentityCallInput =
  | { id: string; action: 'start' }
  | { id: string; action: 'approve' }
  | { id: string; action: 'reject'; reason: string; resubmittable: boolean }
  | { id: string; action: 'ask'; field: string; question: string };

export async function decideIdentity(ctx: AppContext, input: IdentityCallInput, actor: OperatorActor) {
  requireDesk(ctx);
  const decision: IdentityDecision =
    input.action === 'ask'
      ? { action: 'ask', items: [{ field: input.field, question: input.question }] }
      : input.action === 'reject'
        ? { action: 'reject', reason: input.reason, resubmittable: input.resubmittable }
        : { action: input.action };
  const row = await reviewIdentity(ctx, input.id, decision, (tx, before, after) =>
    writeOperatorAudit(tx, ctx, {
      actor,
      action: `identity.${input.action}`,
      target: { kind: 'identity', id: input.id },
      before: { status: before.status },
      after: { status: after.status, expiresAt: after.expiresAt?.toISOString() ?? null },
      reason: input.action === 'reject' ? input.reason : input.action === 'ask' ? input.question : null,
    }),
  );
  return { id: row.id, status: row.status };
}
