/**
 * The e-mail code that allows one export with full card numbers (GET /api/card/down/getCode,
 * /checkCode, and cardDown with `full=1`). Codes are the project's mail codes (lib/mail-codes.ts)
 * with their own purpose `card_export`, so no other code opens an export and this one opens
 * nothing else. They go to the address of whoever exports (issue 29 §6): the owner's for the owner,
 * the member's own for a member — the one who asked proves its own mailbox, as its step-up proves
 * its own password; the owner's mailbox is not a member's second factor.
 *
 * `checkCode` (designed) tells the form whether the code is right without spending it, so the PWA
 * can say "wrong code" before the download starts. It counts a wrong try exactly like a spending
 * check (5 wrong tries kill the code), so it is no way around the guessing limit.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { accounts, subAccounts } from '../../../db/schema';
import type { Lang } from '../../../lib/i18n';
import { checkMailCode, consumeMailCode, sendMailCode } from '../../../lib/mail-codes';

const PURPOSE = 'card_export' as const;

/** Who exports: the owner (`subAccountId` null) or one member of its team. */
export interface Exporter {
  accountId: string;
  subAccountId: string | null;
}

async function exporterEmail(ctx: AppContext, who: Exporter): Promise<string> {
  const [row] =
    who.subAccountId === null
      ? await ctx.database.db
          .select({ email: accounts.email })
          .from(accounts)
          .where(eq(accounts.id, who.accountId))
      : await ctx.database.db
          .select({ email: subAccounts.email })
          .from(subAccounts)
          .where(eq(subAccounts.id, who.subAccountId));
  if (!row) throw new Error('authenticated exporter not found');
  return row.email;
}

export async function sendExportCode(ctx: AppContext, who: Exporter, lang: Lang): Promise<void> {
  await sendMailCode(ctx, await exporterEmail(ctx, who), PURPOSE, lang);
}

/** Spends the code (cardDown full=1): 422 when wrong, expired, spent or killed. */
export async function spendExportCode(ctx: AppContext, who: Exporter, code: string): Promise<void> {
  await consumeMailCode(ctx, await exporterEmail(ctx, who), PURPOSE, code);
}

/** Whether the code is the live one; a wrong guess counts against the code like any other try. */
export async function checkExportCode(ctx: AppContext, who: Exporter, code: string): Promise<boolean> {
  return checkMailCode(ctx, await exporterEmail(ctx, who), PURPOSE, code);
}
