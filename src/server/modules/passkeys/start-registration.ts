/** POST /api/user/passkeys/registerOptions: options to create a passkey for the caller. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts, subAccounts } from '../../db/schema';
import { startRegistration } from '../../lib/webauthn/ceremonies';
import { relyingPartyOf } from '../../lib/webauthn/relying-party';
import type { Holder } from './holder';
import { holderPasskeys, sessionScope, storedCredential } from './holder';

export const REGISTER = 'passkey_register';

async function addressOf(ctx: AppContext, holder: Holder): Promise<string> {
  const db = ctx.database.db;
  const [row] = holder.subAccountId
    ? await db
        .select({ email: subAccounts.email })
        .from(subAccounts)
        .where(eq(subAccounts.id, holder.subAccountId))
    : await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, holder.accountId));
  if (!row) throw new Error('the holder of a live session does not exist');
  return row.email;
}

export async function startPasskeyRegistration(ctx: AppContext, holder: Holder) {
  const existing = await holderPasskeys(ctx.database.db, holder);
  return startRegistration(
    ctx.database.db,
    relyingPartyOf(ctx.env),
    {
      // The user handle names the holder (a member's own id), never the address.
      userId: holder.subAccountId ?? holder.accountId,
      userName: await addressOf(ctx, holder),
      exclude: existing.map(storedCredential),
      scope: sessionScope(REGISTER, holder),
    },
    ctx.now(),
  );
}
