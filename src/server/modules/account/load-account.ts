/** The account row behind a session. A live session always has one, so a miss is a bug, not a 4xx. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema';

export type AccountRow = typeof accounts.$inferSelect;

export async function loadAccount(
  ctx: AppContext,
  accountId: string,
  db: Executor = ctx.database.db,
): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw new Error(`Account ${accountId} of a live session does not exist`);
  return account;
}
