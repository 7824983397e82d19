/** A verification order as the customer sees it, and the status answer of every identity call. */
import { asc, eq } from 'drizzle-orm';
import type { IdentityOrderView, IdentityStatusView } from '../../../contract/identity';
import type { ItemField } from '../../../contract/identity-rules';
import { REQUIRED_FIELDS, UNVERIFIED_TOPUP_CEILING } from '../../../contract/identity-rules';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { identityItems, identityOrders } from '../../db/schema';
import { identityLevelOf, topupsCounted } from './identity-level';
import { isEditable } from './identity-state';

export type IdentityOrderRow = typeof identityOrders.$inferSelect;
export type IdentityItemRow = typeof identityItems.$inferSelect;

/** Required fields of the order's kind that are still empty. */
export function missingFields(row: IdentityOrderRow): string[] {
  return REQUIRED_FIELDS[row.kind].filter((field) => row[field] === null || row[field] === '');
}

export function orderView(row: IdentityOrderRow, items: IdentityItemRow[]): IdentityOrderView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    personName: row.personName,
    idType: row.idType,
    idNumberTail: row.idNumber === null ? null : row.idNumber.slice(-4),
    idExpiresOn: row.idExpiresOn,
    idFrontFileId: row.idFrontFileId,
    idBackFileId: row.idBackFileId,
    selfieFileId: row.selfieFileId,
    companyName: row.companyName,
    registrationNumber: row.registrationNumber,
    licenceFileId: row.licenceFileId,
    rejectReason: row.rejectReason,
    resubmittable: row.resubmittable,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    editable: isEditable(row.status, row.resubmittable),
    items: items.map((item) => ({
      id: item.id,
      field: item.field as ItemField,
      question: item.question,
      answerText: item.answerText,
      answerFileId: item.answerFileId,
      answeredAt: item.answeredAt?.toISOString() ?? null,
    })),
  };
}

export async function orderRowOf(db: Executor, accountId: string): Promise<IdentityOrderRow | undefined> {
  const [row] = await db.select().from(identityOrders).where(eq(identityOrders.accountId, accountId));
  return row;
}

export async function readIdentityStatus(
  ctx: AppContext,
  db: Executor,
  accountId: string,
): Promise<IdentityStatusView> {
  const now = ctx.now();
  const row = await orderRowOf(db, accountId);
  const items = row
    ? await db
        .select()
        .from(identityItems)
        .where(eq(identityItems.orderId, row.id))
        .orderBy(asc(identityItems.createdAt), asc(identityItems.id))
    : [];
  const level = await identityLevelOf(db, accountId, now);
  const used = level === 'unverified' ? await topupsCounted(db, accountId) : new Map<string, number>();
  return {
    level,
    order: row ? orderView(row, items) : null,
    missing: row ? missingFields(row) : [],
    topupCeiling:
      level === 'unverified'
        ? Object.entries(UNVERIFIED_TOPUP_CEILING).map(([currency, ceiling]) => ({
            currency,
            used: used.get(currency) ?? 0,
            ceiling,
          }))
        : [],
  };
}
