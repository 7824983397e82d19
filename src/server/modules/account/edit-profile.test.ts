import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editByCode, editCode, info } from '../../../contract/account';
import { accounts, mailOutbox } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp, uniqueEmail } from '../../testing/harness';
import { askForCode, signedInAccount } from '../../testing/signed-in';

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
  it('mails the code to the new address and accepts only that code', async () => {
    const me = await signedInAccount(t);
    const newEmail = uniqueEmail('moved');
    // A code of the current address does not prove the new one.
    const oldAddressCode = await askForCode(t, editCode, {}, me.token, me.email);
    const refused = await t.api(editByCode, { code: oldAddressCode, email: newEmail }, { token: me.token });
    expect(refused.body.code).toBe(422);
    expect(await emailOf(me.accountId)).toBe(me.email);

    const code = await askForCode(t, editCode, { email: newEmail }, me.token, newEmail);
    const answer = await t.api(editByCode, { code, email: newEmail }, { token: me.token });
    expect(answer.body).toMatchObject({ code: 200, data: { email: newEmail } });
    expect(await emailOf(me.accountId)).toBe(newEmail);
  });

  it('tells the old address about the change', async () => {
    const me = await signedInAccount(t);
    const newEmail = uniqueEmail('moved');
    const code = await askForCode(t, editCode, { email: newEmail }, me.token, newEmail);
    await t.api(editByCode, { code, email: newEmail }, { token: me.token, lang: 'en' });
    const [notice] = await t.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, me.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(notice?.subject).toBe('Your Card Portal e-mail address was changed');
    expect(notice?.text).toContain(newEmail);
  });

  it('answers 409 when asking for a code to an address that is taken', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    const answer = await t.api(editCode, { email: other.email }, { token: me.token });
    expect(answer.body.code).toBe(409);
  });

  it('answers 409 when the address is taken after the code was sent, and keeps the code', async () => {
    const me = await signedInAccount(t);
    const newEmail = uniqueEmail('contested');
    const code = await askForCode(t, editCode, { email: newEmail }, me.token, newEmail);
    const squatter = await signedInAccount(t, newEmail);
    const answer = await t.api(editByCode, { code, email: newEmail }, { token: me.token, lang: 'en' });
    expect(answer.body).toMatchObject({ code: 409, msg: 'This e-mail is already registered' });
    expect(await emailOf(me.accountId)).toBe(me.email);
    expect(await emailOf(squatter.accountId)).toBe(newEmail);
  });

  it('normalises the address as sign-up does', async () => {
    const me = await signedInAccount(t);
    const newEmail = uniqueEmail('mixed');
    const code = await askForCode(t, editCode, { email: newEmail.toUpperCase() }, me.token, newEmail);
    const answer = await t.api(
      editByCode,
      { code, email: ` ${newEmail.toUpperCase()} ` },
      { token: me.token },
    );
    expect(answer.body).toMatchObject({ code: 200, data: { email: newEmail } });
  });
});
