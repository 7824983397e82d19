/**
 * The e-mail code that allows one export with full card numbers (GET /api/card/down/getCode,
 * /checkCode, and cardDown with `full=1`). Codes are the project's mail codes (lib/mail-codes.ts)
 * with their own purpose `card_export`, so no other code opens an export and this one opens
 * nothing else; they go to the account's address.
 *
 * `checkCode` (designed) tells the form whether the code is right without spending it, so the PWA
 * can say "wrong code" before the download starts. It counts a wrong try exactly like a spending
 * check (5 wrong tries kill the code), so it is no way around the guessing limit.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { accounts } from '../../../db/schema';
import type { Lang } from '../../../lib/i18n';
import { checkMailCode, consumeMailCode, sendMailCode } from '../../../lib/mail-codes';

const PURPOSE = 'card_export' as const;

async function accountEmail(ctx: AppContext, accountId: string): Promise<string> {
  const [account] = await ctx.database.db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new Error('authenticated account not found');
  return account.email;
}

export async function sendExportCode(ctx: AppContext, accountId: string, lang: Lang): Promise<void> {
  await sendMailCode(ctx, await accountEmail(ctx, accountId), PURPOSE, lang);
}

/** Spends the code (cardDown full=1): 422 when wrong, expired, spent or killed. */
export async function spendExportCode(ctx: AppContext, accountId: string, code: string): Promise<void> {
  await consumeMailCode(ctx, await accountEmail(ctx, accountId), PURPOSE, code);
}

/** Whether the code is the live one; a wrong guess counts against the code like any other try. */
export async function checkExportCode(ctx: AppContext, accountId: string, code: string): Promise<boolean> {
  return checkMailCode(ctx, await accountEmail(ctx, accountId), PURPOSE, code);
}
