/**
 * editByCode: change nickname, mobile and/or e-mail. The code must come from the address being
 * proven (see send-edit-code.ts): for an e-mail change that is the new address, so nobody can move
 * an account to an address they do not read. The old address is told about the change afterwards.
 */
import { eq } from 'drizzle-orm';
import type { UserInfo } from '../../../contract/account';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/client';
import { accounts } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import { consumeMailCode } from '../../lib/mail-codes';
import { renderMail } from '../../lib/mail-templates';
import type { MainPrincipal } from '../../lib/principal';
import type { AccountRow } from './load-account';
import { loadAccount } from './load-account';
import { toUserInfo } from './read-user-info';
import { addressToProve, ensureAddressFree } from './send-edit-code';

export interface ProfileEdit {
  code: string;
  nickname?: string | undefined;
  mobile?: string | undefined;
  email?: string | undefined;
}

export async function editProfile(
  ctx: AppContext,
  principal: MainPrincipal,
  edit: ProfileEdit,
  lang: Lang,
): Promise<UserInfo> {
  const account = await loadAccount(ctx, principal.accountId);
  const address = addressToProve(account, edit.email);
  // Checked before the code is spent, so a refused change leaves the user their code.
  await ensureAddressFree(ctx, account, address);
  await consumeMailCode(ctx, address, 'edit', edit.code);

  const changes: Partial<typeof accounts.$inferInsert> = { email: address, updatedAt: ctx.now() };
  if (edit.nickname !== undefined) changes.nickname = edit.nickname;
  if (edit.mobile !== undefined) changes.mobile = edit.mobile;
  const updated = await writeProfile(ctx, account.id, changes);
  if (address !== account.email) await tellOldAddress(ctx, account.email, address, lang);
  return toUserInfo(updated);
}

async function writeProfile(
  ctx: AppContext,
  accountId: string,
  changes: Partial<typeof accounts.$inferInsert>,
): Promise<AccountRow> {
  try {
    const [updated] = await ctx.database.db
      .update(accounts)
      .set(changes)
      .where(eq(accounts.id, accountId))
      .returning();
    if (!updated) throw new Error(`Account ${accountId} vanished during an edit`);
    return updated;
  } catch (error) {
    // Someone registered the address between the availability check and this write.
    if (isUniqueViolation(error)) throw fail.conflict('server:errors.emailTaken');
    throw error;
  }
}

/** Best effort: the change is committed; a mail failure is logged rather than turned into an error. */
async function tellOldAddress(
  ctx: AppContext,
  oldAddress: string,
  newAddress: string,
  lang: Lang,
): Promise<void> {
  const subject = translate(lang, 'server:account.mail.emailChanged.subject');
  const text = translate(lang, 'server:account.mail.emailChanged.text', { email: newAddress });
  try {
    await ctx.mail.send({ to: oldAddress, subject, text, html: renderMail(subject, text) });
  } catch (error) {
    ctx.log.warn('e-mail change notice not sent', { error: String(error) });
  }
}
