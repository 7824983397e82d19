import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  info,
  infoForSub,
  overviewCall,
  overviewForSub,
  resetPwdSubmit,
  userPrivilege,
} from '../../../contract/account';
import { Code } from '../../../contract/core';
import { logsEndpoints } from '../../../contract/logs';
import { walletEndpoints } from '../../../contract/wallet';
import { accounts } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { civilDate } from './account-calendar';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('bearer authorization', () => {
  it('answers 401 to every account, wallet and logs call without a token', async () => {
    for (const def of [...accountEndpoints, ...walletEndpoints, ...logsEndpoints]) {
      const res = await t.raw(def.path, { method: def.method });
      const body = (await res.json()) as { code: number };
      expect({ id: def.id, status: res.status, code: body.code }).toEqual({
        id: def.id,
        status: 401,
        code: Code.unauthorized,
      });
    }
  });

  it('answers 401 to an unknown token', async () => {
    const answer = await t.api(info, {}, { token: 'not-a-token' });
    expect(answer.body.code).toBe(401);
  });
});

describe('info', () => {
  it('describes the signed-in account', async () => {
    const me = await signedInAccount(t);
    const answer = await t.api(info, {}, { token: me.token });
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as Record<string, unknown>;
    expect(data).toMatchObject({
      userId: me.accountId,
      email: me.email,
      nickname: null,
      mobile: null,
      accountType: 'business',
      googleBound: false,
      statusList: { subSwitch: 1 },
    });
    expect(data.inviteCode).toMatch(/^\d{6}$/);
    expect(new Date(String(data.createdAt)).toISOString()).toBe(data.createdAt);
  });

  it('reads statusList.subSwitch from the account', async () => {
    const me = await signedInAccount(t);
    await t.ctx.database.db.update(accounts).set({ subSwitch: 0 }).where(eq(accounts.id, me.accountId));
    const answer = await t.api(info, {}, { token: me.token });
    expect(answer.body.data).toMatchObject({ statusList: { subSwitch: 0 } });
  });
});

describe('overview', () => {
  it('has card counts, month totals and 30 days oldest first ending today in Shanghai, all zero', async () => {
    const me = await signedInAccount(t);
    const answer = await t.api(overviewCall, {}, { token: me.token });
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as {
      cards: Record<string, number>;
      monthSpend: Record<string, number>;
      monthTopUp: Record<string, number>;
      daily: { date: string; spend: Record<string, number>; topUp: Record<string, number> }[];
    };
    expect(data.cards).toEqual({ total: 0, active: 0, frozen: 0, deleted: 0 });
    expect(data.monthSpend).toEqual({ CNY: 0, USD: 0 });
    expect(data.monthTopUp).toEqual({ CNY: 0, USD: 0 });
    expect(data.daily).toHaveLength(30);
    expect(data.daily.at(-1)?.date).toBe(civilDate(t.ctx.now()));
    const dates = data.daily.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
    for (const day of data.daily) {
      expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(day.spend).toEqual({ CNY: 0, USD: 0 });
      expect(day.topUp).toEqual({ CNY: 0, USD: 0 });
    }
  });
});

describe('userPrivilege', () => {
  it('names the plan in the caller language', async () => {
    const me = await signedInAccount(t);
    const en = await t.api(userPrivilege, {}, { token: me.token, lang: 'en' });
    expect(en.body.data).toEqual({
      planCode: 'standard',
      planName: 'Standard',
      feeCurrency: 'USD',
      openCardFee: 200,
      rechargeFeeBp: 150,
      monthlyCardLimit: 100,
      changeVia: 'customerService',
    });
    const zh = await t.api(userPrivilege, {}, { token: me.token, lang: 'zh-CN' });
    expect(zh.body.data).toMatchObject({ planName: '标准版' });
  });

  it('follows the plan of the account', async () => {
    const me = await signedInAccount(t);
    await t.ctx.database.db
      .update(accounts)
      .set({ planCode: 'enterprise' })
      .where(eq(accounts.id, me.accountId));
    const answer = await t.api(userPrivilege, {}, { token: me.token, lang: 'en' });
    expect(answer.body.data).toMatchObject({
      planCode: 'enterprise',
      planName: 'Enterprise',
      openCardFee: 100,
    });
  });
});

describe('main account and sub-account sessions', () => {
  it('refuses the sub-account views to a main-account session with 4030 (not a sign-out)', async () => {
    const me = await signedInAccount(t);
    for (const def of [infoForSub, overviewForSub]) {
      const answer = await t.api(def, {}, { token: me.token });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(Code.noPermission);
    }
  });

  it('answers the sub-account views to a sub-account session', async () => {
    const me = await signedInAccount(t);
    const sub = await openSession(t, me.accountId, 'sub-1');
    const who = await t.api(infoForSub, {}, { token: sub.token });
    expect(who.body).toMatchObject({
      code: 200,
      data: { nickname: 'Member sub-1', mobile: null, subAccount: 1 },
    });
    // In sub-account mode `info` describes the member too (spec §3): userId is its subUid.
    const asUser = await t.api(info, {}, { token: sub.token });
    expect(asUser.body.data).toMatchObject({
      userId: (who.body.data as { subUid: string }).subUid,
      nickname: 'Member sub-1',
      inviteCode: '',
      subAccount: 1,
    });
    const overview = await t.api(overviewForSub, {}, { token: sub.token });
    expect(overview.body.code).toBe(200);
    expect((overview.body.data as { daily: unknown[] }).daily).toHaveLength(30);
  });

  it('keeps a sub-account user away from the main account itself', async () => {
    const me = await signedInAccount(t);
    const sub = await openSession(t, me.accountId, 'sub-keep-away');
    const password = 'An0ther-secret!';
    const change = await t.api(
      resetPwdSubmit,
      { code: '123456', password, confirmPassword: password },
      { token: sub.token },
    );
    expect(change.body.code).toBe(Code.noPermission);
  });
});
