/**
 * An approval recorded without documents: the demo account's (seeded as a verified business, so
 * every demo flow works from the first sign-in) and test fixtures'. Never reachable from the API.
 */
import type { AppContext } from '../../context';
import { identityOrders } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { APPROVAL_MAX_MS } from './review-order';

export async function grantVerification(
  ctx: AppContext,
  accountId: string,
  kind: 'individual' | 'business',
): Promise<void> {
  const now = ctx.now();
  await ctx.database.db
    .insert(identityOrders)
    .values({
      id: newId(),
      accountId,
      kind,
      status: 'approved',
      personName: 'Demo',
      approvedAt: now,
      expiresAt: new Date(now.getTime() + APPROVAL_MAX_MS),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
