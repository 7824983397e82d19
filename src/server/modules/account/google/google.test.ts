import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bindGoogleCode,
  checkGoogleCode,
  getGoogleCode,
  info,
  stepUp,
  unbindGoogleCode,
} from '@contract/account';
import { accounts } from '../../../db/schema';
import { googleCodeAt } from '../../../lib/totp';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import type { SignedInAccount } from '../../../testing/signed-in';
import { openSession, signedInAccount } from '../../../testing/signed-in';

const STEP_MS = 30_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// Each test starts one second into a time step, so a step boundary cannot fall between making a
// code here and checking it on the server and turn "one step away" into two.
beforeEach(() => {
  t.advance(STEP_MS - (t.ctx.now().getTime() % STEP_MS) + 1000);
});
afterAll(async () => t.close());

interface Offer {
  secret: string;
  otpauthUri: string;
  qrDataUrl: string;
}

async function offer(me: SignedInAccount): Promise<Offer> {
  const answer = await t.api(getGoogleCode, {}, { token: me.token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as Offer;
}

async function googleColumns(accountId: string) {
  const [row] = await t.ctx.database.db
    .select({
      secret: accounts.googleSecret,
      pending: accounts.googlePendingSecret,
      lastStep: accounts.googleLastStep,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new Error('no account');
  return row;
}

const codeNow = (secret: string, steps = 0) =>
  googleCodeAt(secret, new Date(t.ctx.now().getTime() + steps * STEP_MS));
const googleBound = async (me: SignedInAccount) =>
  ((await t.api(info, {}, { token: me.token })).body.data as { googleBound: boolean }).googleBound;

describe('getGoogleCode', () => {
  it('offers a base32 secret with its otpauth URI and a PNG QR code', async () => {
    const me = await signedInAccount(t);
    const { secret, otpauthUri, qrDataUrl } = await offer(me);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain('issuer=Card%20Portal');
    expect(decodeURIComponent(otpauthUri)).toContain(me.email);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(qrDataUrl.split(',')[1] ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('keeps the pending secret sealed at rest', async () => {
    const me = await signedInAccount(t);
    const { secret } = await offer(me);
    const { pending, secret: bound } = await googleColumns(me.accountId);
    expect(bound).toBeNull();
    expect(pending).not.toBeNull();
    expect(pending).not.toContain(secret);
    expect(t.ctx.box.open(pending ?? '')).toBe(secret);
  });
});

describe('binding and unbinding', () => {
  it('binds with a code of the offered secret, storing it sealed and the step as used', async () => {
    const me = await signedInAccount(t);
    const { secret } = await offer(me);
    const code = codeNow(secret);
    expect((await t.api(bindGoogleCode, { googleCode: code }, { token: me.token })).body.code).toBe(200);
    const stored = await googleColumns(me.accountId);
    expect(stored.pending).toBeNull();
    expect(stored.secret).not.toBeNull();
    expect(stored.secret).not.toContain(secret);
    expect(t.ctx.box.open(stored.secret ?? '')).toBe(secret);
    expect(stored.lastStep).not.toBeNull();
    expect(await googleBound(me)).toBe(true);
    // The binding code is spent: it cannot be replayed as a check.
    const replay = await t.api(checkGoogleCode, { googleCode: code }, { token: me.token });
    expect(replay.body.code).toBe(422);
  });

  it('refuses a wrong code and binds nothing', async () => {
    const me = await signedInAccount(t);
    const { secret } = await offer(me);
    const right = codeNow(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const answer = await t.api(bindGoogleCode, { googleCode: wrong }, { token: me.token, lang: 'en' });
    expect(answer.body).toMatchObject({
      code: 422,
      msg: 'The Google Authenticator code is wrong or has already been used',
    });
    expect(await googleBound(me)).toBe(false);
  });

  it('needs an offer first, and only the newest offer counts', async () => {
    const me = await signedInAccount(t);
    const without = await t.api(bindGoogleCode, { googleCode: '123456' }, { token: me.token, lang: 'en' });
    expect(without.body).toMatchObject({
      code: 422,
      msg: 'Get a new Google Authenticator key first, then enter its code',
    });
    const first = await offer(me);
    const second = await offer(me);
    expect(
      (await t.api(bindGoogleCode, { googleCode: codeNow(first.secret) }, { token: me.token })).body.code,
    ).toBe(422);
    expect(
      (await t.api(bindGoogleCode, { googleCode: codeNow(second.secret) }, { token: me.token })).body.code,
    ).toBe(200);
  });

  it('refuses a new offer while bound', async () => {
    const me = await signedInAccount(t);
    const { secret } = await offer(me);
    await t.api(bindGoogleCode, { googleCode: codeNow(secret) }, { token: me.token });
    const again = await t.api(getGoogleCode, {}, { token: me.token, lang: 'en' });
    expect(again.body).toMatchObject({
      code: 422,
      msg: 'Google Authenticator is already bound. Unbind it first',
    });
  });

  it('goes round the cycle: bind, check, unbind with a code, bind a new secret', async () => {
    const me = await signedInAccount(t);
    const first = await offer(me);
    await t.api(bindGoogleCode, { googleCode: codeNow(first.secret) }, { token: me.token });

    // Unbinding needs a step-up, which for a bound account is a current, unused Google code.
    const wrong = codeNow(first.secret, 1) === '000000' ? '111111' : '000000';
    expect((await t.api(unbindGoogleCode, { googleCode: wrong }, { token: me.token })).body).toMatchObject({
      code: 428,
      data: { stepUp: 'google_unbind' },
    });
    const laptop = await openSession(t, me.accountId);
    const refusedStep = await t.api(
      stepUp,
      { purpose: 'google_unbind', googleCode: wrong },
      { token: me.token },
    );
    expect(refusedStep.body.code).toBe(422);
    expect(await googleBound(me)).toBe(true);
    const step = await t.api(
      stepUp,
      { purpose: 'google_unbind', googleCode: codeNow(first.secret, 1) },
      { token: me.token },
    );
    const stepUpTicket = (step.body.data as { ticket: string }).ticket;
    expect((await t.api(unbindGoogleCode, { stepUpTicket }, { token: me.token })).body.code).toBe(200);
    // Every other session ends with it; the caller's stays.
    expect((await t.api(info, {}, { token: laptop.token })).body.code).toBe(401);
    expect((await t.api(info, {}, { token: me.token })).body.code).toBe(200);
    expect(await googleBound(me)).toBe(false);
    expect(await googleColumns(me.accountId)).toEqual({ secret: null, pending: null, lastStep: null });

    const check = await t.api(
      checkGoogleCode,
      { googleCode: codeNow(first.secret) },
      { token: me.token, lang: 'en' },
    );
    expect(check.body).toMatchObject({ code: 422, msg: 'Google Authenticator is not bound to this account' });

    const second = await offer(me);
    expect(second.secret).not.toBe(first.secret);
    expect(
      (await t.api(bindGoogleCode, { googleCode: codeNow(second.secret) }, { token: me.token })).body.code,
    ).toBe(200);
    expect(await googleBound(me)).toBe(true);
  });
});

describe('checkGoogleCode', () => {
  async function bound(): Promise<SignedInAccount & { secret: string }> {
    const me = await signedInAccount(t);
    const { secret } = await offer(me);
    // Bind with the previous step's code so the current and next steps are still free to check.
    await t.api(bindGoogleCode, { googleCode: codeNow(secret, -1) }, { token: me.token });
    return { ...me, secret };
  }

  it('accepts a code once within its window', async () => {
    const me = await bound();
    const code = codeNow(me.secret);
    const first = await t.api(checkGoogleCode, { googleCode: code }, { token: me.token });
    expect(first.body).toMatchObject({ code: 200, data: { valid: true } });
    expect((await t.api(checkGoogleCode, { googleCode: code }, { token: me.token })).body.code).toBe(422);
  });

  it('accepts the next step (clock drift) but nothing two steps away', async () => {
    const me = await bound();
    expect(
      (await t.api(checkGoogleCode, { googleCode: codeNow(me.secret, 2) }, { token: me.token })).body.code,
    ).toBe(422);
    expect(
      (await t.api(checkGoogleCode, { googleCode: codeNow(me.secret, 1) }, { token: me.token })).body.code,
    ).toBe(200);
  });

  it('needs six digits (400 naming the field)', async () => {
    const me = await bound();
    const answer = await t.api(checkGoogleCode, { googleCode: '12345' }, { token: me.token });
    expect(answer.body).toMatchObject({ code: 400, data: { fields: ['googleCode'] } });
  });
});
