import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindGoogleCode, getGoogleCode, info } from '../../../contract/account';
import { cardFrozen } from '../../../contract/cards';
import { qrCreate } from '../../../contract/finance';
import { loginLog, operateLog } from '../../../contract/logs';
import { loginLogs, operationLogs } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { googleCodeAt } from '../../lib/totp';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { openTestCard } from '../../testing/cards';
import { openSession, signedInAccount } from '../../testing/signed-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Page<Entry> {
  data: Entry[];
  total: number;
  pageNo: number;
  pageSize: number;
}
interface Entry {
  id: string;
  result: string;
  createdAt: string;
}

const BASE = Date.parse('2025-01-01T00:00:00Z');

/** Login rows a minute apart; every third a failure. The auth module writes these for real. */
async function seedLoginLog(accountId: string, count: number): Promise<void> {
  await t.ctx.database.db.insert(loginLogs).values(
    Array.from({ length: count }, (_, i) => ({
      id: newId(),
      accountId,
      method: 'password' as const,
      result: i % 3 === 0 ? ('failure' as const) : ('success' as const),
      reason: i % 3 === 0 ? 'server:errors.badPassword' : null,
      ip: '10.0.0.1',
      device: `device-${i}`,
      createdAt: new Date(BASE + i * 60_000),
    })),
  );
}

describe('LoginLog', () => {
  it('pages the caller own rows newest first with the total', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    await seedLoginLog(me.accountId, 25);
    await seedLoginLog(other.accountId, 5);

    const first = await t.api(loginLog, { pageNo: 1, pageSize: 10 }, { token: me.token });
    const page1 = first.body.data as Page<Entry & { device: string; method: string; reason: string | null }>;
    expect(page1).toMatchObject({ total: 25, pageNo: 1, pageSize: 10 });
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0]).toMatchObject({ device: 'device-24', method: 'password', ip: '10.0.0.1' });
    expect(page1.data[0]?.createdAt).toBe(new Date(BASE + 24 * 60_000).toISOString());

    const last = (await t.api(loginLog, { pageNo: 3, pageSize: 10 }, { token: me.token })).body.data as Page<
      Entry & { device: string }
    >;
    expect(last.data.map((e) => e.device)).toEqual([
      'device-4',
      'device-3',
      'device-2',
      'device-1',
      'device-0',
    ]);

    const all = [
      page1,
      (await t.api(loginLog, { pageNo: 2, pageSize: 10 }, { token: me.token })).body.data as Page<Entry>,
      last,
    ].flatMap((p) => p.data);
    expect(new Set(all.map((e) => e.id)).size).toBe(25);
    const times = all.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by result', async () => {
    const me = await signedInAccount(t);
    await seedLoginLog(me.accountId, 9);
    const failures = (await t.api(loginLog, { result: 'failure' }, { token: me.token })).body.data as Page<
      Entry & { reason: string }
    >;
    expect(failures.total).toBe(3);
    expect(
      failures.data.every((e) => e.result === 'failure' && e.reason === 'server:errors.badPassword'),
    ).toBe(true);
  });

  it('defaults to page 1 of 10', async () => {
    const me = await signedInAccount(t);
    await seedLoginLog(me.accountId, 12);
    const page = (await t.api(loginLog, {}, { token: me.token })).body.data as Page<Entry>;
    expect(page).toMatchObject({ total: 12, pageNo: 1, pageSize: 10 });
    expect(page.data).toHaveLength(10);
  });

  it('refuses a page size over 100 with 400 naming the field', async () => {
    const me = await signedInAccount(t);
    for (const def of [loginLog, operateLog]) {
      const answer = await t.api(def, { pageSize: 101 }, { token: me.token, lang: 'en' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, data: { fields: ['pageSize'] } });
      expect(answer.body.msg).toContain('Page size');
    }
    expect((await t.api(loginLog, { pageSize: 100 }, { token: me.token })).body.code).toBe(200);
  });

  it('refuses an unknown result filter with 400', async () => {
    const me = await signedInAccount(t);
    const answer = await t.api(loginLog, { result: 'maybe' as 'success' }, { token: me.token });
    expect(answer.body).toMatchObject({ code: 400, data: { fields: ['result'] } });
  });
});

describe('operateLog', () => {
  it('holds a row per audited call with its result and answer code, and none for reads', async () => {
    const me = await signedInAccount(t);
    await t.api(info, {}, { token: me.token });
    await t.api(bindGoogleCode, { googleCode: '123456' }, { token: me.token }); // nothing offered: 422
    const { secret } = (await t.api(getGoogleCode, {}, { token: me.token })).body.data as { secret: string };
    await t.api(bindGoogleCode, { googleCode: googleCodeAt(secret, t.ctx.now()) }, { token: me.token });

    const page = (await t.api(operateLog, {}, { token: me.token })).body.data as Page<
      Entry & { action: string; code: number; ip: string; device: string }
    >;
    expect(page.total).toBe(2);
    expect(page.data.map(({ action, result, code }) => ({ action, result, code }))).toEqual([
      { action: 'account.bindGoogleCode', result: 'success', code: 200 },
      { action: 'account.bindGoogleCode', result: 'failure', code: 422 },
    ]);
    expect(page.data[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const failures = (await t.api(operateLog, { result: 'failure' }, { token: me.token })).body
      .data as Page<Entry>;
    expect(failures.total).toBe(1);
  });

  it('shows the caller their own rows only', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    await t.ctx.database.db.insert(operationLogs).values({
      id: newId(),
      accountId: other.accountId,
      action: 'account.editByCode',
      result: 'success',
      code: 200,
      ip: '10.0.0.2',
      device: 'elsewhere',
      createdAt: t.ctx.now(),
    });
    expect(((await t.api(operateLog, {}, { token: me.token })).body.data as Page<Entry>).total).toBe(0);
    expect(((await t.api(operateLog, {}, { token: other.token })).body.data as Page<Entry>).total).toBe(1);
  });
});

interface OperateRow extends Entry {
  action: string;
  actor: { kind: string; subAccountId: string | null; subUid: string | null; nickname: string | null };
  subjectKind: string | null;
  subjects: { id: string; label: string }[];
}

describe('operateLog: who acted and what it concerned', () => {
  it('names the member who acted and the card by its serial, and filters by actor and subject', async () => {
    const me = await signedInAccount(t);
    const memberId = newId();
    const member = await openSession(t, me.accountId, memberId);
    const card = await openTestCard(t, me.accountId, { subAccountId: memberId });
    const other = await openTestCard(t, me.accountId);
    await t.api(cardFrozen, { cardId: card.id, action: 'freeze' }, { token: member.token });
    await t.api(cardFrozen, { cardId: other.id, action: 'freeze' }, { token: me.token });
    await t.api(cardFrozen, { cardId: 'no-such-card', action: 'freeze' }, { token: me.token });

    const all = (await t.api(operateLog, {}, { token: me.token })).body.data as Page<OperateRow>;
    expect(all.total).toBe(3);
    const [missing, mine, theirs] = all.data;
    expect(theirs).toMatchObject({
      action: 'cards.frozen',
      result: 'success',
      actor: { kind: 'sub', subAccountId: memberId, nickname: `Member ${memberId}` },
      subjectKind: 'card',
      subjects: [{ id: card.id, label: card.serial }],
    });
    expect(theirs?.actor.subUid).toMatch(/^S\d{9}$/);
    expect(mine).toMatchObject({
      actor: { kind: 'main', subAccountId: null, subUid: null, nickname: null },
      subjects: [{ id: other.id, label: other.serial }],
    });
    // A refused call still names what it was about, as the request said it.
    expect(missing).toMatchObject({
      result: 'failure',
      subjectKind: 'card',
      subjects: [{ id: 'no-such-card', label: 'no-such-card' }],
    });

    const byMember = (await t.api(operateLog, { actor: memberId }, { token: me.token })).body
      .data as Page<OperateRow>;
    expect(byMember.data.map((r) => r.subjects[0]?.id)).toEqual([card.id]);
    const byOwner = (await t.api(operateLog, { actor: 'main' }, { token: me.token })).body
      .data as Page<OperateRow>;
    expect(byOwner.total).toBe(2);
    const bySerial = (await t.api(operateLog, { subject: card.serial }, { token: me.token })).body
      .data as Page<OperateRow>;
    expect(bySerial.data.map((r) => r.id)).toEqual([theirs?.id]);
    const byId = (await t.api(operateLog, { subject: other.id, result: 'success' }, { token: me.token })).body
      .data as Page<OperateRow>;
    expect(byId.data.map((r) => r.id)).toEqual([mine?.id]);
    const none = (await t.api(operateLog, { actor: memberId, subject: other.id }, { token: me.token })).body
      .data as Page<OperateRow>;
    expect(none.total).toBe(0);
  });

  it('names the top-up order a call created, from its answer', async () => {
    const me = await signedInAccount(t);
    const created = await t.api(
      qrCreate,
      { channel: 'wechat', amount: 60_000 },
      { token: me.token, headers: { 'idempotency-key': `log-${newId()}` } },
    );
    const { orderId } = created.body.data as { orderId: string };
    const page = (await t.api(operateLog, { subject: orderId }, { token: me.token })).body
      .data as Page<OperateRow>;
    expect(page.data.map((r) => [r.action, r.subjectKind, r.subjects])).toEqual([
      ['finance.qrCreate', 'order', [{ id: orderId, label: orderId }]],
    ]);
  });

  it('keeps the list to the owner: a member asking gets 4030', async () => {
    const me = await signedInAccount(t);
    const member = await openSession(t, me.accountId, newId());
    expect((await t.api(operateLog, {}, { token: member.token })).body.code).toBe(4030);
  });
});
