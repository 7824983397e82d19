/**
 * `/api/sub/self/password`: a member changes its own password. The proof is a `password_change`
 * step-up ticket the member bought with its current password (lib/step-up.ts proves a member by its
 * own password, never the owner's), spent in the transaction that stores the new one; every other
 * session of the member ends there too (the caller's stays), and the member is told by e-mail, as
 * the owner is after its own password change. The owner's calls get 4030 (routes.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { subAccounts } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import { renderMail } from '../../lib/mail-templates';
import { hashPassword } from '../../lib/passwords';
import type { SubPrincipal } from '../../lib/principal';
import type { Call } from '../../lib/route';
import { consumeStepUp } from '../../lib/step-up';
import { revokeSubSessions } from './sub-sessions';
import { subNotFound } from './sub-view';

export async function changeOwnPassword(
  ctx: AppContext,
  call: Call,
  principal: SubPrincipal,
  input: { password: string; stepUpTicket?: string | undefined },
  lang: Lang,
): Promise<void> {
  const passwordHash = await hashPassword(input.password, ctx.env.ARGON2_MEMORY_KIB);
  const member = await inTransaction(ctx.database.db, async (tx) => {
    await consumeStepUp(tx, call, 'password_change', input.stepUpTicket);
    const [row] = await tx
      .update(subAccounts)
      .set({ passwordHash, updatedAt: ctx.now() })
      .where(and(eq(subAccounts.id, principal.subAccountId), eq(subAccounts.accountId, principal.accountId)))
      .returning({ email: subAccounts.email });
    if (!row) throw subNotFound();
    await revokeSubSessions(ctx, tx, principal.subAccountId, 'password-changed', principal.sessionId);
    return row;
  });
  // Best effort, like the owner's notices: the change is committed either way.
  const subject = translate(lang, 'server:subAccounts.mail.passwordChanged.subject');
  const text = translate(lang, 'server:subAccounts.mail.passwordChanged.text', { email: member.email });
  await ctx.mail
    .send({ to: member.email, subject, text, html: renderMail(subject, text, lang) })
    .catch((error: unknown) => ctx.log.warn('member notice not sent', { error: String(error) }));
}
