import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallet } from '../../../contract/wallet';
import { fundWallet } from '../../testing/money';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { openSession, signedInAccount } from '../../testing/signed-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/user/wallet', () => {
  it('needs a bearer token', async () => {
    expect((await t.api(wallet, {})).status).toBe(401);
  });

  it('starts with CNY and USD at zero', async () => {
    const me = await signedInAccount(t);
    const answer = await t.api(wallet, {}, { token: me.token });
    expect(answer.body).toMatchObject({ code: 200, data: { CNY: 0, USD: 0 } });
    expect(Object.keys(answer.body.data as object).sort()).toEqual(['CNY', 'USD']);
  });

  it('answers integer minor units, never formatted amounts', async () => {
    const me = await signedInAccount(t);
    await fundWallet(t, me.accountId, 'CNY', 5_000_075); // ¥50,000.75
    await fundWallet(t, me.accountId, 'USD', 1);
    const answer = await t.api(wallet, {}, { token: me.token });
    expect(answer.body.data).toEqual({ CNY: 5_000_075, USD: 1 });
  });

  it('shows the caller their own wallet only', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    await fundWallet(t, other.accountId, 'USD', 999);
    expect((await t.api(wallet, {}, { token: me.token })).body.data).toEqual({ CNY: 0, USD: 0 });
  });

  it('shows a sub-account user the wallet of its main account', async () => {
    const me = await signedInAccount(t);
    await fundWallet(t, me.accountId, 'USD', 12_345);
    const sub = await openSession(t, me.accountId, 'sub-1');
    expect((await t.api(wallet, {}, { token: sub.token })).body.data).toEqual({ CNY: 0, USD: 12_345 });
  });
});
