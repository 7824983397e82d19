/**
 * `/api/sub/add/getCode` and `/api/sub/add`: the owner confirms with a code sent to their own
 * address, the member is created as `invited` and mailed a set-password link.
 */
import { and, eq } from 'drizzle-orm';
import type { ParsedRequestOf } from '../../../contract/core';
import type { subAdd } from '../../../contract/sub-accounts';
import type { AppContext } from '../../context';
import { inTransaction, isUniqueViolation } from '../../db/client';
import { accounts, subAccounts, subRoles } from '../../db/schema';
import { newId, randomDigits } from '../../lib/crypto';
import { AppError, fail } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { consumeMailCode, sendMailCode } from '../../lib/mail-codes';
import { loadAccount } from '../account/load-account';
import { issueInvitation, mailInvitation } from './invitations';
import { parseValidUntil } from './valid-until';
import { type SubRow, viewOf } from './sub-view';

export async function sendSubAddCode(ctx: AppContext, accountId: string, lang: Lang) {
  const owner = await loadAccount(ctx, accountId);
  return sendMailCode(ctx, owner.email, 'sub_add', lang);
}

export function roleNotFound(): AppError {
  return new AppError(404, 'server:subAccounts.roleNotFound');
}

/** A sign-in address names one user: free among main accounts and members alike. */
async function assertAddressFree(ctx: AppContext, email: string): Promise<void> {
  const db = ctx.database.db;
  const [main] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, email))
    .limit(1);
  const [sub] = await db
    .select({ id: subAccounts.id })
    .from(subAccounts)
    .where(eq(subAccounts.email, email))
    .limit(1);
  if (main || sub) throw fail.conflict('server:subAccounts.emailTaken');
}

export async function addSub(
  ctx: AppContext,
  accountId: string,
  input: ParsedRequestOf<typeof subAdd>,
  lang: Lang,
) {
  const owner = await loadAccount(ctx, accountId);
  const validUntil = parseValidUntil(ctx, input.validUntil);
  await assertAddressFree(ctx, input.email);
  const [role] = await ctx.database.db
    .select({ id: subRoles.id })
    .from(subRoles)
    .where(and(eq(subRoles.id, input.roleId), eq(subRoles.accountId, accountId)))
    .limit(1);
  if (!role) throw roleNotFound();
  await consumeMailCode(ctx, owner.email, 'sub_add', input.code);
  const now = ctx.now();
  let created: { row: SubRow; token: string };
  try {
    created = await inTransaction(ctx.database.db, async (tx) => {
      const [row] = await tx
        .insert(subAccounts)
        .values({
          id: newId(),
          accountId,
          subUid: `S${randomDigits(9)}`,
          email: input.email,
          nickname: input.nickname,
          wechat: input.wechat ?? null,
          mobile: input.mobile ?? null,
          status: 'invited',
          roleId: role.id,
          validUntil,
          expiryPolicy: input.expiryPolicy,
          cnyRechargeLimit: input.cnyRechargeLimit ?? null,
          usdRechargeLimit: input.usdRechargeLimit ?? null,
          usdSpendLimit: input.usdSpendLimit ?? null,
          lang,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return { row: row!, token: await issueInvitation(ctx, tx, row!.id) };
    });
  } catch (error) {
    // Two invitations of one address at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw fail.conflict('server:subAccounts.emailTaken');
    throw error;
  }
  await mailInvitation(ctx, created.row, owner.nickname ?? owner.email, created.token, 'invite');
  return viewOf(ctx, ctx.database.db, created.row);
}
