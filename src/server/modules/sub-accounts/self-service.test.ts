/**
 * A member's self-service: its own password, proved by a step-up with its current password (never
 * the owner's), and its own name. The owner gets 4030 from both.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { info, stepUp } from '../../../contract/account';
import { loginPwd } from '../../../contract/auth';
import { cardPage } from '../../../contract/cards';
import { Code } from '../../../contract/core';
import { subList, subSelfPassword, subSelfProfile } from '../../../contract/sub-accounts';
import { mailOutbox, subAccounts } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { fileSignedInAccount, fileTestApp } from '../../testing/file-app';
import { ensureSubAccount } from '../../testing/signed-in';
import { stepUpTicketFor } from '../../testing/step-up';

const OLD = 'Member-old-pass1';
const NEW = 'Member-new-pass2';

describe('member self-service', () => {
  const t = fileTestApp();
  const me = fileSignedInAccount(t);

  /** A member who chose `OLD` as its password, signed in once. */
  async function member(id: string) {
    await ensureSubAccount(t, me.accountId, id);
    const [row] = await t.ctx.database.db
      .update(subAccounts)
      .set({ passwordHash: await hashPassword(OLD, t.ctx.env.ARGON2_MEMORY_KIB) })
      .where(eq(subAccounts.id, id))
      .returning({ email: subAccounts.email });
    const email = row!.email;
    return { id, email, token: (await t.signIn(email, OLD)).access_token };
  }

  const change = (token: string, stepUpTicket?: string) =>
    t.api(
      subSelfPassword,
      { password: NEW, confirmPassword: NEW, ...(stepUpTicket ? { stepUpTicket } : {}) },
      { token },
    );

  it('changes its password only with a step-up by its own password; its other sessions end', async () => {
    const one = await member('self-pwd');
    const elsewhere = (await t.signIn(one.email, OLD)).access_token;

    const bare = await change(one.token);
    expect(bare.status).toBe(428);
    expect(bare.body.data).toEqual({ stepUp: 'password_change' });
    // The owner's password is no proof of the member.
    const byOwnersPassword = await t.api(
      stepUp,
      { purpose: 'password_change', password: me.password },
      { token: one.token },
    );
    expect(byOwnersPassword.body.code).toBe(422);

    const ticket = await stepUpTicketFor(t, one.token, 'password_change', { password: OLD });
    expect((await change(one.token, ticket)).body.code).toBe(200);
    // Spent: the same ticket changes nothing again.
    expect((await change(one.token, ticket)).status).toBe(428);

    expect((await t.api(loginPwd, { username: one.email, password: OLD })).body.code).toBe(422);
    expect((await t.api(loginPwd, { username: one.email, password: NEW })).body.code).toBe(200);
    expect((await t.api(cardPage, {}, { token: one.token })).body.code).toBe(200);
    expect((await t.api(cardPage, {}, { token: elsewhere })).status).toBe(401);
    const [mail] = await t.ctx.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, one.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail?.subject).toBe('Your Card Portal password was changed');
  });

  it('refuses a mismatched confirmation and leaves the password and ticket alone', async () => {
    const one = await member('self-mismatch');
    const ticket = await stepUpTicketFor(t, one.token, 'password_change', { password: OLD });
    const refused = await t.api(
      subSelfPassword,
      { password: NEW, confirmPassword: `${NEW}x`, stepUpTicket: ticket },
      { token: one.token },
    );
    expect(refused.body.code).toBe(400);
    expect((await change(one.token, ticket)).body.code).toBe(200);
  });

  it('changes its name; the owner sees it on the team list, the member in its user info', async () => {
    const one = await member('self-name');
    const renamed = await t.api(subSelfProfile, { nickname: '  Ann B.  ' }, { token: one.token });
    expect(renamed.body).toMatchObject({ code: 200, data: { nickname: 'Ann B.' } });
    expect((await t.api(subSelfProfile, { nickname: '' }, { token: one.token })).body.code).toBe(400);
    const mine = await t.api(info, {}, { token: one.token });
    expect((mine.body.data as { nickname: string }).nickname).toBe('Ann B.');
    const team = await t.api(subList, { keyword: 'Ann B.' }, { token: me.token });
    expect((team.body.data as { data: { id: string; nickname: string }[] }).data).toEqual([
      expect.objectContaining({ id: 'self-name', nickname: 'Ann B.' }),
    ]);
  });

  it('is the member’s own: the owner gets 4030 from both calls', async () => {
    const ticket = await stepUpTicketFor(t, me.token, 'password_change');
    expect((await change(me.token, ticket)).body.code).toBe(Code.noPermission);
    expect((await t.api(subSelfProfile, { nickname: 'Owner' }, { token: me.token })).body.code).toBe(
      Code.noPermission,
    );
  });
});
