/**
 * Set-password links (docs/decisions.md "Sub-accounts and roles"): a one-time token mailed to the
 * member, stored as its SHA-256, 72 hours. Issuing one voids the member's earlier links; accepting
 * one sets the password, spends the link and puts the member `online` (a frozen member stays frozen).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/client';
import { accounts, subAccounts, subInvitations, subRoles } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import { renderMail } from '../../lib/mail-templates';
import { hashPassword } from '../../lib/passwords';
import type { SubRow } from './sub-view';

export const INVITATION_HOURS = 72;

function invitationInvalid(): AppError {
  return new AppError(404, 'server:subAccounts.invitationInvalid');
}

function linkOf(ctx: AppContext, token: string): string {
  const base = ctx.env.PUBLIC_URL ?? `http://${ctx.env.HOST}:${ctx.env.PORT}`;
  return `${base.replace(/\/+$/, '')}/#/subInvite?token=${token}`;
}

/** Void the member's earlier links and store a new one; the caller mails it after its commit. */
export async function issueInvitation(ctx: AppContext, tx: Executor, subId: string): Promise<string> {
  const now = ctx.now();
  await tx
    .update(subInvitations)
    .set({ usedAt: now })
    .where(and(eq(subInvitations.subAccountId, subId), isNull(subInvitations.usedAt)));
  const token = newToken();
  await tx.insert(subInvitations).values({
    tokenHash: sha256(token),
    subAccountId: subId,
    expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3600_000),
    createdAt: now,
  });
  return token;
}

/** Mail the link in the member's language: `invite` for a new member, `reset` after resetPwd. */
export async function mailInvitation(
  ctx: AppContext,
  sub: Pick<SubRow, 'email' | 'nickname' | 'lang'>,
  ownerName: string,
  token: string,
  kind: 'invite' | 'reset',
): Promise<void> {
  const lang: Lang = sub.lang === 'en' ? 'en' : 'zh-CN';
  const subject = translate(lang, `server:subAccounts.mail.${kind}.subject`);
  const text = translate(lang, `server:subAccounts.mail.${kind}.text`, {
    owner: ownerName,
    nickname: sub.nickname,
    email: sub.email,
    link: linkOf(ctx, token),
  });
  await ctx.mail.send({ to: sub.email, subject, text, html: renderMail(subject, text, lang) });
}

async function liveInvitation(ctx: AppContext, db: Executor, token: string) {
  const [row] = await db
    .select({
      tokenHash: subInvitations.tokenHash,
      expiresAt: subInvitations.expiresAt,
      sub: subAccounts,
      ownerNickname: accounts.nickname,
      ownerEmail: accounts.email,
      roleName: subRoles.name,
    })
    .from(subInvitations)
    .innerJoin(subAccounts, eq(subAccounts.id, subInvitations.subAccountId))
    .innerJoin(accounts, eq(accounts.id, subAccounts.accountId))
    .leftJoin(subRoles, eq(subRoles.id, subAccounts.roleId))
    .where(
      and(
        eq(subInvitations.tokenHash, sha256(token)),
        isNull(subInvitations.usedAt),
        gt(subInvitations.expiresAt, ctx.now()),
      ),
    )
    .limit(1);
  if (!row) throw invitationInvalid();
  return row;
}

export async function checkInvitation(ctx: AppContext, token: string) {
  const row = await liveInvitation(ctx, ctx.database.db, token);
  return {
    email: row.sub.email,
    nickname: row.sub.nickname,
    ownerName: row.ownerNickname ?? row.ownerEmail,
    roleName: row.roleName,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<{ email: string; accountId: string }> {
  // Hashing is slow: done before the transaction, so no row stays locked meanwhile.
  const passwordHash = await hashPassword(password, ctx.env.ARGON2_MEMORY_KIB);
  return inTransaction(ctx.database.db, async (tx) => {
    const row = await liveInvitation(ctx, tx, token);
    const spent = await tx
      .update(subInvitations)
      .set({ usedAt: ctx.now() })
      .where(and(eq(subInvitations.tokenHash, row.tokenHash), isNull(subInvitations.usedAt)))
      .returning({ hash: subInvitations.tokenHash });
    if (spent.length === 0) throw invitationInvalid();
    await tx
      .update(subAccounts)
      .set({
        passwordHash,
        status: row.sub.status === 'frozen' ? 'frozen' : 'online',
        updatedAt: ctx.now(),
      })
      .where(eq(subAccounts.id, row.sub.id));
    return { email: row.sub.email, accountId: row.sub.accountId };
  });
}
