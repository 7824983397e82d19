/**
 * `/api/sub/add/getCode` and `/api/sub/add`: the owner confirms with a code sent to their own
 * address, the member is created as `invited` and mailed a set-password link.
 */
import { and, eq } from 'drizzle-orm';
import type { ParsedRequestOf } from '../../../contract/core';
import type { subAdd } from '../../../contract/sub-accounts';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { subAccounts, subRoles } from '../../db/schema';
import { newId, randomDigits } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { proveMailCode, sendMailCode, spendProvenCode } from '../../lib/mail-codes';
import { addressTakenError, assertAddressFree, isAddressClash } from '../../lib/sign-in-address';
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

export async function addSub(
  ctx: AppContext,
  accountId: string,
  input: ParsedRequestOf<typeof subAdd>,
  lang: Lang,
) {
  const owner = await loadAccount(ctx, accountId);
  const validUntil = parseValidUntil(ctx, input.validUntil);
  const [role] = await ctx.database.db
    .select({ id: subRoles.id })
    .from(subRoles)
    .where(and(eq(subRoles.id, input.roleId), eq(subRoles.accountId, accountId)))
    .limit(1);
  if (!role) throw roleNotFound();
  // The code first (issue 29 §10): until it is proven, a registered address and an unknown one
  // answer alike, so a stolen token cannot ask who is registered. A taken address then keeps the code.
  const codeId = await proveMailCode(ctx, owner.email, 'sub_add', input.code);
  await assertAddressFree(ctx.database.db, input.email);
  const now = ctx.now();
  let created: { row: SubRow; token: string };
  try {
    created = await inTransaction(ctx.database.db, async (tx) => {
      await spendProvenCode(tx, codeId, now);
      // The trigger claims the address in sign_in_addresses: a main account's or a member's clash.
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
    // Two claims of one address at once (invitations, sign-ups, e-mail changes): the key keeps one.
    if (await isAddressClash(ctx.database.db, input.email, error)) throw addressTakenError();
    throw error;
  }
  await mailInvitation(ctx, created.row, owner.nickname ?? owner.email, created.token, 'invite');
  return viewOf(ctx, ctx.database.db, created.row);
}
