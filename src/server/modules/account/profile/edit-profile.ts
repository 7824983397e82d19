/**
 * editByCode: change nickname, mobile and/or e-mail.
 *
 * - Nickname or mobile only: the code sent to the current address.
 * - A new e-mail address (docs/decisions.md "Step-up re-authentication"): the session must hold the
 *   grant left by edit/getCode with a step-up for that address, `oldCode` must be the code sent to
 *   the current address and `code` the one sent to the new address. A stolen bearer token has
 *   neither the step-up factor nor the current mailbox, so it cannot move the account. On success
 *   every other session ends and the old address is told.
 */
import { eq } from 'drizzle-orm';
import type { UserInfo } from '@contract/account';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { inTransaction, isUniqueViolation } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { consumeMailCode } from '../../../lib/mail-codes';
import type { MainPrincipal } from '../../../lib/principal';
import type { Call } from '../../../lib/route';
import { revokeAccountSessions } from '../../../lib/session';
import { addressTakenError } from '../../../lib/sign-in-address';
import { hasGrant, spendGrant, stepUpNeeded } from '../../../lib/step-up';
import type { AccountRow } from '../load-account';
import { loadAccount } from '../load-account';
import { toUserInfo } from './read-user-info';
import { addressToProve, EMAIL_CHANGE_GRANT, ensureAddressFree } from './send-edit-code';
import { tellAccount } from '../tell-account';

export interface ProfileEdit {
  code: string;
  oldCode?: string | undefined;
  nickname?: string | undefined;
  mobile?: string | undefined;
  email?: string | undefined;
}

export async function editProfile(
  ctx: AppContext,
  call: Call,
  principal: MainPrincipal,
  edit: ProfileEdit,
  lang: Lang,
): Promise<UserInfo> {
  const account = await loadAccount(ctx, principal.accountId);
  const address = addressToProve(account, edit.email);
  const movesAddress = address !== account.email;
  // Checked before any code is spent, so a refused change leaves the user their codes.
  await ensureAddressFree(ctx, account, address);
  if (movesAddress) {
    if (!(await hasGrant(ctx.database.db, call, EMAIL_CHANGE_GRANT, address)))
      throw stepUpNeeded('email_change');
    if (!edit.oldCode) throw fail.rule('server:account.oldCodeRequired');
    await consumeMailCode(ctx, account.email, 'edit', edit.oldCode);
  }
  await consumeMailCode(ctx, address, 'edit', edit.code);

  const changes: Partial<typeof accounts.$inferInsert> = { email: address, updatedAt: ctx.now() };
  if (edit.nickname !== undefined) changes.nickname = edit.nickname;
  if (edit.mobile !== undefined) changes.mobile = edit.mobile;
  const updated = await inTransaction(ctx.database.db, async (tx) => {
    if (movesAddress) {
      if (!(await spendGrant(tx, call, EMAIL_CHANGE_GRANT, address))) throw stepUpNeeded('email_change');
      await revokeAccountSessions(ctx, tx, account.id, 'email-changed', principal.sessionId);
    }
    return writeProfile(tx, account.id, changes);
  });
  if (movesAddress) await tellAccount(ctx, account.email, 'emailChanged', lang, { email: address });
  call.auditDetail = changedFields(account, updated);
  return toUserInfo(updated);
}

/** What the operation log keeps of an edit: each field that changed, before and after. */
function changedFields(before: AccountRow, after: AccountRow): Record<string, unknown> {
  const detail: Record<string, { before: string | null; after: string | null }> = {};
  for (const field of ['nickname', 'mobile', 'email'] as const)
    if (before[field] !== after[field]) detail[field] = { before: before[field], after: after[field] };
  return detail;
}

async function writeProfile(
  tx: Executor,
  accountId: string,
  changes: Partial<typeof accounts.$inferInsert>,
): Promise<AccountRow> {
  try {
    const [updated] = await tx.update(accounts).set(changes).where(eq(accounts.id, accountId)).returning();
    if (!updated) throw new Error(`Account ${accountId} vanished during an edit`);
    return updated;
  } catch (error) {
    // Someone took the address (as a main account or a member) between the check and this write:
    // the only unique keys this update can break are the address's.
    if (isUniqueViolation(error)) throw addressTakenError();
    throw error;
  }
}
