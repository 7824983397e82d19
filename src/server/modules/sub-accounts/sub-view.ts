/** A member as the owner sees it: its row, role name, lifetime figures and this month's limits. */
import { and, eq, inArray } from 'drizzle-orm';
import type { MonthlyLimits, SubAccountView } from '../../../contract/sub-accounts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { subAccounts, subRoles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { overviewWindow } from '../account/account-calendar';
import { type Figures, figuresOf } from './sub-figures';

export type SubRow = typeof subAccounts.$inferSelect;

export function subNotFound(): AppError {
  return new AppError(404, 'server:subAccounts.notFound');
}

/** The member of this account, or 404 (another account's member answers the same). */
export async function findOwnSub(db: Executor, accountId: string, subId: string): Promise<SubRow> {
  const [row] = await db
    .select()
    .from(subAccounts)
    .where(and(eq(subAccounts.id, subId), eq(subAccounts.accountId, accountId)))
    .limit(1);
  if (!row) throw subNotFound();
  return row;
}

/** The start of the current calendar month (UTC+8): monthly limits count from it. */
export function monthStartOf(now: Date): Date {
  return overviewWindow(now, 1).monthStart;
}

export function limitsOf(row: SubRow, month: Figures): MonthlyLimits {
  return {
    cnyRecharge: { limit: row.cnyRechargeLimit, used: month.cnyRecharge },
    usdRecharge: { limit: row.usdRechargeLimit, used: month.usdRecharge },
    usdSpend: { limit: row.usdSpendLimit, used: month.usdConsumption },
  };
}

/** The views of several members of one account, in the order given. */
export async function viewsOf(
  ctx: AppContext,
  db: Executor,
  rows: readonly SubRow[],
): Promise<SubAccountView[]> {
  if (rows.length === 0) return [];
  const accountId = rows[0]!.accountId;
  const ids = rows.map((row) => row.id);
  const now = ctx.now();
  const [roles, lifetime, month] = await Promise.all([
    db
      .select({ id: subRoles.id, name: subRoles.name })
      .from(subRoles)
      .where(inArray(subRoles.id, [...new Set(rows.map((row) => row.roleId))])),
    figuresOf(db, accountId, ids, null),
    figuresOf(db, accountId, ids, monthStartOf(now)),
  ]);
  const roleName = new Map(roles.map((role) => [role.id, role.name]));
  return rows.map((row) => ({
    id: row.id,
    subUid: row.subUid,
    nickname: row.nickname,
    email: row.email,
    wechat: row.wechat,
    mobile: row.mobile,
    status: row.status,
    validUntil: row.validUntil.toISOString(),
    expired: row.validUntil.getTime() <= now.getTime(),
    expiryPolicy: row.expiryPolicy,
    roleId: row.roleId,
    roleName: roleName.get(row.roleId) ?? '',
    figures: lifetime.get(row.id)!,
    limits: limitsOf(row, month.get(row.id)!),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function viewOf(ctx: AppContext, db: Executor, row: SubRow): Promise<SubAccountView> {
  const [view] = await viewsOf(ctx, db, [row]);
  return view!;
}
