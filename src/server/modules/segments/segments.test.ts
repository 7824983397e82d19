import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SegmentView } from '../../../contract/segments';
import { groupList, groupOpen, groupOpenAmount } from '../../../contract/segments';
import { accounts } from '../../db/schema';
import { fileTestApp } from '../../testing/file-app';
import { signedInAccount } from '../../testing/signed-in';
import { monthStart } from './monthly-cards';

const t = fileTestApp();

describe('card segments', () => {
  it('group/list: every segment with the caller’s prices (the lower of segment and plan), named in their language', async () => {
    const me = await signedInAccount(t);
    const en = await t.api(groupList, {}, { token: me.token });
    const list = en.body.data as SegmentView[];
    expect(list.map((s) => [s.id, s.status, s.openFee, s.rechargeFeeBp, s.minFirstRecharge])).toEqual([
      // standard plan: 2.00 per card, 1.5%
      ['visa-485932', 'open', 200, 150, 1_000],
      ['mc-531993', 'open', 200, 120, 2_000],
      ['visa-428837', 'open', 100, 100, 500],
      ['mc-556766', 'open', 200, 150, 5_000],
      ['visa-441112', 'maintenance', 200, 100, 1_000],
    ]);
    expect(list[2]).toMatchObject({
      name: 'Visa 428837 · Subscriptions',
      bin: '428837',
      network: 'visa',
      currency: 'USD',
    });
    expect(list[2]?.merchants).toContain('netflix');
    const zh = await t.api(groupList, {}, { token: me.token, lang: 'zh-CN' });
    expect((zh.body.data as SegmentView[])[2]?.name).toBe('Visa 428837 · 订阅服务');

    // A partner plan (no opening fee, 0.8%) lowers every price below the segments'.
    await t.ctx.database.db
      .update(accounts)
      .set({ planCode: 'partner' })
      .where(eq(accounts.id, me.accountId));
    const partner = (await t.api(groupList, {}, { token: me.token })).body.data as SegmentView[];
    expect(partner.map((s) => [s.openFee, s.rechargeFeeBp])).toEqual([
      [0, 80],
      [0, 80],
      [0, 80],
      [0, 80],
      [0, 80],
    ]);
  });

  it('group/open: only the segments cards can be opened from', async () => {
    const me = await signedInAccount(t);
    const open = (await t.api(groupOpen, {}, { token: me.token })).body.data as SegmentView[];
    expect(open.map((s) => s.id)).toEqual(['visa-485932', 'mc-531993', 'visa-428837', 'mc-556766']);
  });

  it('group/openAmount: minimum first load, fees and the cards left this month', async () => {
    const me = await signedInAccount(t);
    const answer = await t.api(groupOpenAmount, { segmentId: 'mc-556766' }, { token: me.token });
    expect(answer.body.data).toEqual({
      segmentId: 'mc-556766',
      currency: 'USD',
      minFirstRecharge: 5_000,
      openFee: 200,
      rechargeFeeBp: 150,
      monthlyCardsLeft: 100,
    });
    const unknown = await t.api(groupOpenAmount, { segmentId: 'nope' }, { token: me.token });
    expect([unknown.body.code, unknown.body.msg]).toEqual([
      422,
      'This card segment does not exist; please choose one from the list',
    ]);
  });

  it('needs a session', async () => {
    expect((await t.api(groupList, {})).body.code).toBe(401);
  });
});

describe('monthStart', () => {
  it('is the first day of the month in UTC+8', () => {
    // 2026-03-31 17:00 UTC is already April 1st, 01:00 in UTC+8.
    expect(monthStart(new Date('2026-03-31T17:00:00Z')).toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(monthStart(new Date('2026-03-31T15:59:59Z')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(monthStart(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2025-12-31T16:00:00.000Z');
  });
});
