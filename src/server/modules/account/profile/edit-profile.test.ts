import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editByCode, editCode, info } from '@contract/account';
import { accounts, mailOutbox, operationLogs } from '../../../db/schema';
import type { TestApp } from '../../../testing/harness';
import { createTestApp, uniqueEmail } from '../../../testing/harness';
import type { SignedInAccount } from '../../../testing/signed-in';
import { askForCode, openSession, signedInAccount } from '../../../testing/signed-in';
import { stepUpTicketFor } from '../../../testing/step-up';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function emailOf(accountId: string): Promise<string | undefined> {
  const [row] = await t.ctx.database.db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.email;
}

describe('edit without an e-mail change', () => {
  it('proves the current address and answers the new userInfo', async () => {
    const me = await signedInAccount(t);
    const code = await askForCode(t, editCode, {}, me.token, me.email);
    const answer = await t.api(
      editByCode,
      { code, nickname: 'Ann', mobile: '+86 138 0000 0000' },
      { token: me.token },
    );
    expect(answer.body).toMatchObject({
      code: 200,
      data: { userId: me.accountId, email: me.email, nickname: 'Ann', mobile: '+86 138 0000 0000' },
    });
    expect((await t.api(info, {}, { token: me.token })).body.data).toMatchObject({ nickname: 'Ann' });
  });

  it('logs the change with each changed field before and after', async () => {
    const me = await signedInAccount(t);
    const code = await askForCode(t, editCode, {}, me.token, me.email);
    await t.api(editByCode, { code, nickname: 'Cleo', mobile: '+44 7700 900123' }, { token: me.token });
    const again = await askForCode(t, editCode, {}, me.token, me.email);
    await t.api(editByCode, { code: again, mobile: '+44 7700 900999' }, { token: me.token });
    const rows = await t.ctx.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.accountId, me.accountId))
      .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id));
    const edits = rows.filter((r) => r.action === 'account.editByCode');
    expect(edits.map((r) => r.detail)).toEqual([
      { mobile: { before: '+44 7700 900123', after: '+44 7700 900999' } },
      {
        nickname: { before: null, after: 'Cleo' },
        mobile: { before: null, after: '+44 7700 900123' },
      },
    ]);
    expect(edits.every((r) => r.result === 'success' && r.subAccountId === null)).toBe(true);
  });

  it('refuses a nickname over 32 characters and a malformed mobile, naming the field', async () => {
    const me = await signedInAccount(t);
    const code = await askForCode(t, editCode, {}, me.token, me.email);
    const long = await t.api(editByCode, { code, nickname: 'x'.repeat(33) }, { token: me.token, lang: 'en' });
    expect(long.body).toMatchObject({ code: 400, data: { fields: ['nickname'] } });
    expect(long.body.msg).toBe('The nickname must be 1 to 32 characters');
    const bad = await t.api(editByCode, { code, mobile: 'call me' }, { token: me.token, lang: 'zh-CN' });
    expect(bad.body).toMatchObject({ code: 400, data: { fields: ['mobile'] } });
    expect(bad.body.msg).not.toMatch(/[a-z]{4}/);
    // The code was not spent by the refusals.
    const ok = await t.api(editByCode, { code, nickname: 'Dee' }, { token: me.token });
    expect(ok.body.code).toBe(200);
  });

  it('leaves fields that are not given as they were', async () => {
    const me = await signedInAccount(t);
    await askForCode(t, editCode, {}, me.token, me.email).then((code) =>
      t.api(editByCode, { code, nickname: 'Ann', mobile: '+86 138 0000 0000' }, { token: me.token }),
    );
    const code = await askForCode(t, editCode, {}, me.token, me.email);
    const answer = await t.api(editByCode, { code, nickname: 'Bea', mobile: '' }, { token: me.token });
    expect(answer.body.data).toMatchObject({ nickname: 'Bea', mobile: '+86 138 0000 0000' });
  });

  it('refuses a wrong code and changes nothing', async () => {
    const me = await signedInAccount(t);
    const code = await askForCode(t, editCode, {}, me.token, me.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answer = await t.api(editByCode, { code: wrong, nickname: 'Mallory' }, { token: me.token });
    expect(answer.body.code).toBe(422);
    expect((await t.api(info, {}, { token: me.token })).body.data).toMatchObject({ nickname: null });
  });
});

describe('e-mail change', () => {
  /** The legitimate flow: step-up, then one code to the current address and one to the new one. */
  async function startChange(
    me: SignedInAccount,
    newEmail: string,
  ): Promise<{ oldCode: string; code: string }> {
    const stepUpTicket = await stepUpTicketFor(t, me.token, 'email_change');
    const sent = await t.api(editCode, { email: newEmail, stepUpTicket }, { token: me.token });
    expect(sent.body.code).toBe(200);
    const codes = {
      oldCode: await t.latestCode(me.email),
      code: await t.latestCode(newEmail.trim().toLowerCase()),
    };
    t.advance(61_000);
    return codes;
  }

  it('needs a step-up, a code from the current address and one from the new address', async () => {
    const me = await signedInAccount(t);
    const newEmail = uniqueEmail('moved');
    const { oldCode, code } = await startChange(me, newEmail);
    // The current address's code alone, or the new address's alone, moves nothing.
    expect((await t.api(editByCode, { code, email: newEmail }, { token: me.token })).body.code).toBe(422);
    expect(
      (await t.api(editByCode, { code: oldCode, oldCode, email: newEmail }, { token: me.token })).body.code,
    ).toBe(422);
    expect(await emailOf(me.accountId)).toBe(me.email);

    const again = await startChange(me, newEmail);
    const answer = await t.api(editByCode, { ...again, email: newEmail }, { token: me.token });
    expect(answer.body).toMatchObject({ code: 200, data: { email: newEmail } });
    expect(await emailOf(me.accountId)).toBe(newEmail);
  });

  it('a stolen bearer token cannot send the codes nor move the address (428 stepUp email_change)', async () => {
    const victim = await signedInAccount(t);
    const thief = uniqueEmail('thief');
    const sent = await t.api(editCode, { email: thief }, { token: victim.token, lang: 'en' });
    expect(sent.body).toMatchObject({ code: 428, data: { stepUp: 'email_change' } });
    const forged = await t.api(
      editCode,
      { email: thief, stepUpTicket: 'x'.repeat(43) },
      { token: victim.token },
    );
    expect(forged.body).toMatchObject({ code: 428, data: { stepUp: 'email_change' } });
    const moved = await t.api(
      editByCode,
      { code: '123456', oldCode: '123456', email: thief },
      { token: victim.token },
    );
    expect(moved.body).toMatchObject({ code: 428, data: { stepUp: 'email_change' } });
    expect(await emailOf(victim.accountId)).toBe(victim.email);
    // Nothing was mailed to the thief's address.
    await expect(t.latestCode(thief)).rejects.toThrow();
  });

  it('the grant belongs to the session that stepped up: another session of the account cannot use it', async () => {
    const me = await signedInAccount(t);
    const other = await openSession(t, me.accountId);
    const newEmail = uniqueEmail('moved');
    const codes = await startChange(me, newEmail);
    const answer = await t.api(editByCode, { ...codes, email: newEmail }, { token: other.token });
    expect(answer.body).toMatchObject({ code: 428, data: { stepUp: 'email_change' } });
    expect(await emailOf(me.accountId)).toBe(me.email);
  });

  it('tells the old address and ends every other session', async () => {
    const me = await signedInAccount(t);
    const laptop = await openSession(t, me.accountId);
    const newEmail = uniqueEmail('moved');
    const codes = await startChange(me, newEmail);
    await t.api(editByCode, { ...codes, email: newEmail }, { token: me.token, lang: 'en' });
    const [notice] = await t.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, me.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(notice?.subject).toBe('Your Card Portal e-mail address was changed');
    expect(notice?.text).toContain(newEmail);
    expect((await t.api(info, {}, { token: me.token })).body.code).toBe(200);
    expect((await t.api(info, {}, { token: laptop.token })).body.code).toBe(401);
  });

  it('answers 409 when asking for a code to an address that is taken', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    const answer = await t.api(editCode, { email: other.email }, { token: me.token });
    expect(answer.body.code).toBe(409);
  });

  it('answers 409 when the address is taken after the code was sent, and keeps the codes', async () => {
    const me = await signedInAccount(t);
    const newEmail = uniqueEmail('contested');
    const codes = await startChange(me, newEmail);
    const squatter = await signedInAccount(t, newEmail);
    const answer = await t.api(editByCode, { ...codes, email: newEmail }, { token: me.token, lang: 'en' });
    expect(answer.body).toMatchObject({ code: 409, msg: 'This e-mail is already registered' });
    expect(await emailOf(me.accountId)).toBe(me.email);
    expect(await emailOf(squatter.accountId)).toBe(newEmail);
  });

  it('normalises the address as sign-up does', async () => {
    const me = await signedInAccount(t);
    const newEmail = uniqueEmail('mixed');
    const codes = await startChange(me, newEmail.toUpperCase());
    const answer = await t.api(
      editByCode,
      { ...codes, email: ` ${newEmail.toUpperCase()} ` },
      { token: me.token },
    );
    expect(answer.body).toMatchObject({ code: 200, data: { email: newEmail } });
  });
});
