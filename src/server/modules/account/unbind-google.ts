/** unbindGoogleCode: remove Google Authenticator after proving a current code of it. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema';
import { consumeGoogleCode } from '../../lib/totp';

export async function unbindGoogle(ctx: AppContext, accountId: string, code: string): Promise<void> {
  await consumeGoogleCode(ctx, accountId, code);
  await ctx.database.db
    .update(accounts)
    .set({ googleSecret: null, googlePendingSecret: null, googleLastStep: null, updatedAt: ctx.now() })
    .where(eq(accounts.id, accountId));
}
