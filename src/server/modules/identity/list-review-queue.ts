/** The sandbox review desk's queue: orders waiting for the provider, oldest first, with their items. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts, identityItems, identityOrders } from '../../db/schema';
import type { IdentityItemRow, IdentityOrderRow } from './order-view';

export interface IdentityReviewItem {
  order: IdentityOrderRow;
  email: string;
  items: IdentityItemRow[];
}

export async function listIdentityQueue(ctx: AppContext, email?: string): Promise<IdentityReviewItem[]> {
  const db = ctx.database.db;
  const rows = await db
    .select({ order: identityOrders, email: accounts.email })
    .from(identityOrders)
    .innerJoin(accounts, eq(accounts.id, identityOrders.accountId))
    .where(inArray(identityOrders.status, ['submitted', 'in_review', 'needs_info']))
    .orderBy(asc(identityOrders.updatedAt))
    .limit(100);
  const chosen = email ? rows.filter((row) => row.email === email.toLowerCase()) : rows;
  const items =
    chosen.length === 0
      ? []
      : await db
          .select()
          .from(identityItems)
          .where(
            inArray(
              identityItems.orderId,
              chosen.map((row) => row.order.id),
            ),
          )
          .orderBy(asc(identityItems.createdAt));
  return chosen.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.order.id) }));
}
