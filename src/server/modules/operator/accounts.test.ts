/** Operator accounts (issue 31 §1): set-up links, sign-in with a mandatory second factor, lock-out, sessions. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../contract';
import { Code } from '../../../contract/core';
import {
  addOperator,
  completeSetup,
  disableOperator,
  operatorSignIn,
  operatorSignOut,
  operatorWhoAmI,
  setupInfo,
} from '../../../contract/operator';
import { fileTestApp } from '../../testing/file-app';
import {
  freshCode,
  OPERATOR_PASSWORD,
  opApi,
  pendingOperator,
  signedInOperator,
} from '../../testing/operator';
import { OPERATOR_IDLE_MS, OPERATOR_MAX_MS } from './operator-session';
import { MAX_WRONG_PASSWORDS } from '../auth/password-lock';

const t = fileTestApp();

describe('set-up link', () => {
  it('shows the address and the secret to enrol, then is spent once: password and a code of that secret', async () => {
    const pending = await pendingOperator(t, 'finance');
    const info = await opApi(t, setupInfo, { token: pending.token });
    expect(info.body.data).toMatchObject({
      email: pending.email,
      role: 'finance',
      totpSecret: pending.secret,
    });
    const wrong = await opApi(t, completeSetup, {
      token: pending.token,
      password: OPERATOR_PASSWORD,
      totpCode: '000000',
    });
    expect(wrong.body.code).toBe(Code.unprocessable);
    const done = await opApi(t, completeSetup, {
      token: pending.token,
      password: OPERATOR_PASSWORD,
      totpCode: freshCode(t, pending.secret),
    });
    expect(done.body.code).toBe(Code.ok);
    const again = await opApi(t, completeSetup, {
      token: pending.token,
      password: 'Another-pass-99!',
      totpCode: freshCode(t, pending.secret),
    });
    expect(again.body.code).toBe(Code.unprocessable);
    expect((await opApi(t, setupInfo, { token: pending.token })).body.code).toBe(Code.unprocessable);
  });

  it('dies after 72 hours', async () => {
    const pending = await pendingOperator(t, 'support');
    t.advance(72 * 3600_000 + 1000);
    expect((await opApi(t, setupInfo, { token: pending.token })).body.code).toBe(Code.unprocessable);
  });

  it('a pending operator cannot sign in', async () => {
    const pending = await pendingOperator(t, 'support');
    const answer = await opApi(t, operatorSignIn, {
      email: pending.email,
      password: OPERATOR_PASSWORD,
      totpCode: freshCode(t, pending.secret),
    });
    expect(answer.body.code).toBe(Code.unprocessable);
  });
});

describe('sign-in', () => {
  it('needs the password and a fresh authenticator code; a code counts once', async () => {
    const me = await signedInOperator(t, 'finance');
    const me2 = await opApi(t, operatorWhoAmI, {}, me.token);
    expect(me2.body.data).toMatchObject({
      email: me.email,
      role: 'finance',
      permissions: ['forecasts.review', 'payouts.review'],
    });
    const noCode = await opApi(t, operatorSignIn, { email: me.email, password: me.password });
    expect(noCode.body.code).toBe(Code.badRequest);
    const code = me.nextCode();
    const first = await opApi(t, operatorSignIn, { email: me.email, password: me.password, totpCode: code });
    expect(first.body.code).toBe(Code.ok);
    const replay = await opApi(t, operatorSignIn, { email: me.email, password: me.password, totpCode: code });
    expect(replay.body.code).toBe(Code.unprocessable);
    const wrongPassword = await opApi(t, operatorSignIn, {
      email: me.email,
      password: 'not-the-password',
      totpCode: me.nextCode(),
    });
    expect(wrongPassword.body.code).toBe(Code.unprocessable);
  });

  it('locks the password after ten wrong ones, as for customers (423), even for the right one', async () => {
    const me = await signedInOperator(t, 'support');
    for (let i = 1; i < MAX_WRONG_PASSWORDS; i++) {
      const answer = await opApi(t, operatorSignIn, {
        email: me.email,
        password: `wrong-${i}`,
        totpCode: '123456',
      });
      expect(answer.body.code).toBe(Code.unprocessable);
    }
    const tenth = await opApi(t, operatorSignIn, {
      email: me.email,
      password: 'wrong-10',
      totpCode: '123456',
    });
    expect(tenth.body.code).toBe(Code.locked);
    const right = await opApi(t, operatorSignIn, {
      email: me.email,
      password: me.password,
      totpCode: me.nextCode(),
    });
    expect(right.body.code).toBe(Code.locked);
  });

  it('throttles wrong codes: five in 15 minutes, then 429', async () => {
    const me = await signedInOperator(t, 'compliance');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await opApi(t, operatorSignIn, {
        email: me.email,
        password: me.password,
        totpCode: '000001',
      });
      codes.push(answer.body.code);
    }
    expect(codes).toEqual([422, 422, 422, 422, 422, 429]);
  });
});

describe('sessions', () => {
  it('end after 15 idle minutes', async () => {
    const me = await signedInOperator(t, 'finance');
    t.advance(OPERATOR_IDLE_MS - 60_000);
    expect((await opApi(t, operatorWhoAmI, {}, me.token)).body.code).toBe(Code.ok);
    t.advance(OPERATOR_IDLE_MS + 1000);
    expect((await opApi(t, operatorWhoAmI, {}, me.token)).body.code).toBe(Code.unauthorized);
  });

  it('end after 8 hours however busy', async () => {
    const me = await signedInOperator(t, 'finance');
    for (let spent = 0; spent < OPERATOR_MAX_MS; spent += 10 * 60_000) {
      t.advance(10 * 60_000);
      await opApi(t, operatorWhoAmI, {}, me.token);
    }
    expect((await opApi(t, operatorWhoAmI, {}, me.token)).body.code).toBe(Code.unauthorized);
  });

  it('end on sign-out', async () => {
    const me = await signedInOperator(t, 'finance');
    expect((await opApi(t, operatorSignOut, {}, me.token)).body.code).toBe(Code.ok);
    expect((await opApi(t, operatorWhoAmI, {}, me.token)).body.code).toBe(Code.unauthorized);
  });

  it('an operator token is not a customer token', async () => {
    const me = await signedInOperator(t, 'admin');
    const userInfo = allEndpoints.find((def) => def.path === '/api/user/info')!;
    const answer = await t.api(userInfo, {}, { token: me.token });
    expect(answer.body.code).toBe(Code.unauthorized);
  });
});

describe('operator management', () => {
  it('an admin adds an operator with a fresh code (step-up) and gets a set-up link', async () => {
    const admin = await signedInOperator(t, 'admin');
    const email = `new.${Date.now()}@example.com`;
    const noStep = await opApi(t, addOperator, { email, role: 'support', totpCode: '000000' }, admin.token);
    expect(noStep.body.code).toBe(Code.unprocessable);
    const added = await opApi(
      t,
      addOperator,
      { email, role: 'support', totpCode: admin.nextCode() },
      admin.token,
    );
    expect(added.body.code).toBe(Code.ok);
    const { setupPath } = added.body.data as { setupPath: string };
    expect(setupPath).toMatch(/^\/console#\/setup\/[\w-]+$/);
    const token = setupPath.split('/').pop()!;
    expect((await opApi(t, setupInfo, { token })).body.data).toMatchObject({ email, role: 'support' });
    const twice = await opApi(
      t,
      addOperator,
      { email, role: 'admin', totpCode: admin.nextCode() },
      admin.token,
    );
    expect(twice.body.code).toBe(Code.conflict);
  });

  it('disabling an operator ends its sessions; nobody disables themselves', async () => {
    const admin = await signedInOperator(t, 'admin');
    const other = await signedInOperator(t, 'finance');
    const self = await opApi(
      t,
      disableOperator,
      { id: admin.id, reason: 'test', totpCode: admin.nextCode() },
      admin.token,
    );
    expect(self.body.code).toBe(Code.unprocessable);
    const done = await opApi(
      t,
      disableOperator,
      { id: other.id, reason: 'left the company', totpCode: admin.nextCode() },
      admin.token,
    );
    expect(done.body.code).toBe(Code.ok);
    expect((await opApi(t, operatorWhoAmI, {}, other.token)).body.code).toBe(Code.unauthorized);
    const signIn = await opApi(t, operatorSignIn, {
      email: other.email,
      password: other.password,
      totpCode: other.nextCode(),
    });
    expect(signIn.body.code).toBe(Code.unprocessable);
  });
});

describe('no password or secret in the clear', () => {
  it('stores hashes and a sealed secret only', async () => {
    const me = await signedInOperator(t, 'finance');
    const rows = await t.ctx.database.db.execute(
      sql`select password_hash, totp_secret from operators where email = ${me.email}`,
    );
    const row = (rows as unknown as { rows: { password_hash: string; totp_secret: string }[] }).rows[0]!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.totp_secret).not.toContain(me.secret);
  });
});
