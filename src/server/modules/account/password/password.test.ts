import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelCode,
  editCode,
  info,
  resetPwdCode,
  resetPwdSubmit,
  updatePwdByGoogleCode,
} from '@contract/account';
import { accounts, mailOutbox } from '../../../db/schema';
import { verifyPassword } from '../../../lib/passwords';
import { googleCodeAt, newGoogleSecret } from '../../../lib/totp';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import type { SignedInAccount } from '../../../testing/signed-in';
import { askForCode, openSession, signedInAccount } from '../../../testing/signed-in';
import { stepUpTicketFor } from '../../../testing/step-up';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'N3w-password!';

async function storedHash(accountId: string): Promise<string> {
  const [row] = await t.ctx.database.db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.hash ?? '';
}

async function isSignedIn(token: string): Promise<boolean> {
  return (await t.api(info, {}, { token })).body.code === 200;
}

describe('resetPwd', () => {
  it('mails the code to the account address and changes the password with it', async () => {
    const me = await signedInAccount(t);
    const code = await askForCode(t, resetPwdCode, {}, me.token, me.email);
    const answer = await t.api(
      resetPwdSubmit,
      {
        code,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        stepUpTicket: await stepUpTicketFor(t, me.token, 'password_change'),
      },
      { token: me.token },
    );
    expect(answer.body).toMatchObject({ code: 200, data: null });
    expect(await verifyPassword(await storedHash(me.accountId), NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(await storedHash(me.accountId), me.password)).toBe(false);
  });

  it('refuses the current password as the new one, keeping the code (issue 29 item 18)', async () => {
    const me = await signedInAccount(t);
    const code = await askForCode(t, resetPwdCode, {}, me.token, me.email);
    const send = async (password: string) =>
      t.api(
        resetPwdSubmit,
        {
          code,
          password,
          confirmPassword: password,
          stepUpTicket: await stepUpTicketFor(t, me.token, 'password_change'),
        },
        { token: me.token, lang: 'en' },
      );
    const same = await send(me.password);
    expect(same.body).toMatchObject({
      code: 422,
      msg: 'The new password is your current password. Choose a different one',
      data: { fields: ['password'] },
    });
    // Nothing was spent: the same code then changes it to a new one.
    expect((await send(NEW_PASSWORD)).body.code).toBe(200);
    expect(await verifyPassword(await storedHash(me.accountId), NEW_PASSWORD)).toBe(true);
  });

  it('revokes every other session of the account but keeps the current one', async () => {
    const me = await signedInAccount(t);
    const laptop = await openSession(t, me.accountId);
    const phone = await openSession(t, me.accountId);
    const stranger = await signedInAccount(t);
    const code = await askForCode(t, resetPwdCode, {}, me.token, me.email);
    await t.api(
      resetPwdSubmit,
      {
        code,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        stepUpTicket: await stepUpTicketFor(t, me.token, 'password_change'),
      },
      { token: me.token },
    );
    expect(await isSignedIn(me.token)).toBe(true);
    expect(await isSignedIn(laptop.token)).toBe(false);
    expect(await isSignedIn(phone.token)).toBe(false);
    expect(await isSignedIn(stranger.token)).toBe(true);
  });

  it('accepts a code once', async () => {
    const me = await signedInAccount(t);
    const code = await askForCode(t, resetPwdCode, {}, me.token, me.email);
    const body = { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const first = { ...body, stepUpTicket: await stepUpTicketFor(t, me.token, 'password_change') };
    expect((await t.api(resetPwdSubmit, first, { token: me.token })).body.code).toBe(200);
    const second = {
      ...body,
      stepUpTicket: await stepUpTicketFor(t, me.token, 'password_change', { password: NEW_PASSWORD }),
    };
    expect((await t.api(resetPwdSubmit, second, { token: me.token })).body.code).toBe(422);
  });

  it('a stolen bearer token with the mailed code but no step-up changes nothing (428)', async () => {
    const me = await signedInAccount(t);
    const before = await storedHash(me.accountId);
    const code = await askForCode(t, resetPwdCode, {}, me.token, me.email);
    const answer = await t.api(
      resetPwdSubmit,
      { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: me.token, lang: 'en' },
    );
    expect(answer.body).toMatchObject({ code: 428, data: { stepUp: 'password_change' } });
    expect(await storedHash(me.accountId)).toBe(before);
    // The code was not spent by the refusal: with the step-up it still works.
    const withTicket = await t.api(
      resetPwdSubmit,
      {
        code,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        stepUpTicket: await stepUpTicketFor(t, me.token, 'password_change'),
      },
      { token: me.token },
    );
    expect(withTicket.body.code).toBe(200);
  });

  it('tells the account address that the password changed', async () => {
    const me = await signedInAccount(t);
    const code = await askForCode(t, resetPwdCode, {}, me.token, me.email);
    await t.api(
      resetPwdSubmit,
      {
        code,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        stepUpTicket: await stepUpTicketFor(t, me.token, 'password_change'),
      },
      { token: me.token, lang: 'en' },
    );
    const [notice] = await t.ctx.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, me.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(notice?.subject).toBe('Your Card Portal password was changed');
  });

  it('refuses codes mailed for another purpose', async () => {
    const me: SignedInAccount = await signedInAccount(t);
    const before = await storedHash(me.accountId);
    for (const def of [editCode, cancelCode]) {
      const code = await askForCode(t, def, {}, me.token, me.email);
      const answer = await t.api(
        resetPwdSubmit,
        {
          code,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          stepUpTicket: await stepUpTicketFor(t, me.token, 'password_change'),
        },
        { token: me.token, lang: 'en' },
      );
      expect(answer.body).toMatchObject({ code: 422, msg: 'The verification code is wrong or has expired' });
    }
    expect(await storedHash(me.accountId)).toBe(before);
  });

  it('needs the confirmation to match (400 naming the field)', async () => {
    const me = await signedInAccount(t);
    const answer = await t.api(
      resetPwdSubmit,
      { code: '123456', password: NEW_PASSWORD, confirmPassword: 'other-password' },
      { token: me.token },
    );
    expect(answer.body).toMatchObject({ code: 400, data: { fields: ['confirmPassword'] } });
  });
});

describe('updatePwdByGoogleCode', () => {
  async function withGoogle(): Promise<SignedInAccount & { secret: string }> {
    const me = await signedInAccount(t);
    const secret = newGoogleSecret();
    await t.ctx.database.db
      .update(accounts)
      .set({ googleSecret: t.ctx.box.seal(secret) })
      .where(eq(accounts.id, me.accountId));
    return { ...me, secret };
  }

  it('refuses the current password as the new one by Google code too', async () => {
    const me = await withGoogle();
    const stepUpTicket = await stepUpTicketFor(t, me.token, 'password_change', { googleSecret: me.secret });
    const answer = await t.api(
      updatePwdByGoogleCode,
      { stepUpTicket, password: me.password, confirmPassword: me.password },
      { token: me.token, lang: 'zh-CN' },
    );
    expect(answer.body).toMatchObject({ code: 422, msg: '新密码与当前密码相同，请设置一个不同的密码' });
  });

  it('changes the password with a step-up by Google code and revokes the other sessions only', async () => {
    const me = await withGoogle();
    const other = await openSession(t, me.accountId);
    const stepUpTicket = await stepUpTicketFor(t, me.token, 'password_change', { googleSecret: me.secret });
    const answer = await t.api(
      updatePwdByGoogleCode,
      { stepUpTicket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: me.token },
    );
    expect(answer.body.code).toBe(200);
    expect(await verifyPassword(await storedHash(me.accountId), NEW_PASSWORD)).toBe(true);
    expect(await isSignedIn(me.token)).toBe(true);
    expect(await isSignedIn(other.token)).toBe(false);
  });

  it('refuses a spent ticket, and a Google code without a step-up, leaving the password alone', async () => {
    const me = await withGoogle();
    const stepUpTicket = await stepUpTicketFor(t, me.token, 'password_change', { googleSecret: me.secret });
    const body = { stepUpTicket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await t.api(updatePwdByGoogleCode, body, { token: me.token })).body.code).toBe(200);
    const before = await storedHash(me.accountId);
    const reused = await t.api(
      updatePwdByGoogleCode,
      { ...body, password: 'Th1rd-password!', confirmPassword: 'Th1rd-password!' },
      { token: me.token, lang: 'en' },
    );
    expect(reused.body).toMatchObject({ code: 428, data: { stepUp: 'password_change' } });
    // The old call shape (a Google code only) is refused too: the code proves nothing on its own here.
    const codeOnly = await t.api(
      updatePwdByGoogleCode,
      {
        googleCode: googleCodeAt(me.secret, t.ctx.now()),
        password: 'Th1rd-password!',
        confirmPassword: 'Th1rd-password!',
      },
      { token: me.token },
    );
    expect(codeOnly.body).toMatchObject({ code: 428, data: { stepUp: 'password_change' } });
    expect(await storedHash(me.accountId)).toBe(before);
  });

  it('says so when Google Authenticator is not bound', async () => {
    const me = await signedInAccount(t);
    const answer = await t.api(
      updatePwdByGoogleCode,
      { googleCode: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: me.token, lang: 'en' },
    );
    expect(answer.body).toMatchObject({
      code: 422,
      msg: 'Google Authenticator is not bound to this account',
    });
  });
});
