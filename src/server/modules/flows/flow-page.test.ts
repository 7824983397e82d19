import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRow } from '../../../contract/finance';
import { flowPage } from '../../../contract/finance';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import type { SignedInAccount } from '../../testing/signed-in';
import { openSession, signedInAccount } from '../../testing/signed-in';
import type { History } from '../../testing/flows';
import { postAt, postHistory } from '../../testing/flows';

let t: TestApp;
let me: SignedInAccount;
let other: SignedInAccount;
let history: History;
let otherTxn: string;

beforeAll(async () => {
  t = await createTestApp();
  me = await signedInAccount(t);
  other = await signedInAccount(t);
  // The other customer's rows sit inside every window the tests filter on.
  otherTxn = await postAt(t, other.accountId, '2026-03-01T10:00:00+08:00', 'card_recharge', [
    { currency: 'CNY', amount: 7_000, type: 'topup', description: 'not yours', cardSerial: 'C001' },
  ]);
  history = await postHistory(t, me.accountId);
});
afterAll(async () => t.close());

type Query = Parameters<typeof t.api<typeof flowPage>>[1];

async function page(query: Query, token = me.token, lang: 'en' | 'zh-CN' = 'en') {
  const answer = await t.api(flowPage, query, { token, lang });
  return answer as { status: number; body: { code: number; msg: string; data: unknown } };
}

async function rows(query: Query): Promise<FlowRow[]> {
  const answer = await page({ pageSize: 100, ...query });
  expect(answer.body.code).toBe(200);
  return (answer.body.data as { data: FlowRow[] }).data;
}

/** The history's rows picked by transaction letter and type, in the expected (newest-first) order. */
function expected(...picks: string[]): FlowRow[] {
  return history.rows.filter((row) =>
    picks.some((pick) => {
      const [letter, type] = pick.split(':') as [keyof History['txn'], string | undefined];
      return row.txnNo === history.txn[letter] && (type === undefined || row.type === type);
    }),
  );
}

describe('POST /api/account/flowPage', () => {
  it('needs a bearer token', async () => {
    expect((await t.api(flowPage, {})).status).toBe(401);
  });

  it('lists every wallet entry newest first, ties by entry order, with signed amounts and balances after', async () => {
    const answer = await page({});
    expect(answer.body).toMatchObject({ code: 200, data: { total: 6, pageNo: 1, pageSize: 10 } });
    expect((answer.body.data as { data: FlowRow[] }).data).toEqual(history.rows);
  });

  it('filters by type, currency, card serial and transaction number, each alone', async () => {
    expect(await rows({ type: 'fee' })).toEqual(expected('B:fee'));
    expect(await rows({ type: 'topup' })).toEqual(expected('D', 'B:topup', 'A'));
    expect(await rows({ currency: 'USD' })).toEqual(expected('E', 'D'));
    expect(await rows({ cardSerial: 'C001' })).toEqual(expected('C'));
    expect(await rows({ txnNo: history.txn.B })).toEqual(expected('B'));
    // Exact matches only: a prefix of a transaction number or a serial finds nothing.
    expect(await rows({ txnNo: history.txn.B.slice(0, 10) })).toEqual([]);
    expect(await rows({ cardSerial: 'C00' })).toEqual([]);
  });

  it('reads dates as whole calendar days in UTC+8, both ends inclusive', async () => {
    // 00:00:00 and 23:59:59 (UTC+8) of 1 March belong to it; 23:59:59.999 the day before and
    // 00:00:00 the day after do not.
    expect(await rows({ startDate: '2026-03-01', endDate: '2026-03-01' })).toEqual(expected('C', 'B'));
    expect(await rows({ startDate: '2026-03-02' })).toEqual(expected('E', 'D'));
    expect(await rows({ endDate: '2026-02-28' })).toEqual(expected('A'));
    expect(await rows({ startDate: '2026-02-28', endDate: '2026-03-02' })).toEqual(history.rows);
    expect(await rows({ startDate: '2026-03-03' })).toEqual([]);
  });

  it('combines filters', async () => {
    expect(await rows({ currency: 'CNY', type: 'topup', startDate: '2026-03-01' })).toEqual(
      expected('B:topup'),
    );
    expect(await rows({ currency: 'CNY', cardSerial: 'C002' })).toEqual([]);
    expect(await rows({ txnNo: history.txn.B, type: 'fee', endDate: '2026-03-01' })).toEqual(
      expected('B:fee'),
    );
  });

  it('pages through the filtered rows with their total', async () => {
    const second = await page({ pageNo: 2, pageSize: 2 });
    expect(second.body.data).toEqual({ data: history.rows.slice(2, 4), total: 6, pageNo: 2, pageSize: 2 });
    const last = await page({ pageNo: 3, pageSize: 2 });
    expect((last.body.data as { data: FlowRow[] }).data).toEqual(history.rows.slice(4, 6));
    // A partial last page gives its total without a count; it must still be the full total.
    const partial = await page({ pageNo: 2, pageSize: 4 });
    expect(partial.body.data).toEqual({ data: history.rows.slice(4, 6), total: 6, pageNo: 2, pageSize: 4 });
    const beyond = await page({ pageNo: 4, pageSize: 2 });
    expect(beyond.body.data).toEqual({ data: [], total: 6, pageNo: 4, pageSize: 2 });
    const filtered = await page({ currency: 'CNY', pageSize: 3 });
    expect(filtered.body.data).toMatchObject({ total: 4, data: history.rows.slice(2, 5) });
  });

  it('never shows another customer’s rows, even when asked for them by number', async () => {
    const all = await rows({});
    expect(all.map((r) => r.txnNo)).not.toContain(otherTxn);
    expect(await rows({ txnNo: otherTxn })).toEqual([]);
    const theirs = await t.api(flowPage, { pageSize: 100 }, { token: other.token });
    expect(theirs.body.data).toMatchObject({
      total: 1,
      data: [{ txnNo: otherTxn, description: 'not yours' }],
    });
  });

  it('shows a sub-account user the flow of its main account', async () => {
    const sub = await openSession(t, me.accountId, 'sub-flows');
    const answer = await page({ pageSize: 100 }, sub.token);
    expect((answer.body.data as { data: FlowRow[] }).data).toEqual(history.rows);
  });

  it('refuses a start date after the end date with a translated 400', async () => {
    const en = await page({ startDate: '2026-03-02', endDate: '2026-03-01' });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 400,
      msg: 'The start date must not be after the end date',
      data: { fields: ['startDate', 'endDate'] },
    });
    const zh = await page({ startDate: '2026-03-02', endDate: '2026-03-01' }, me.token, 'zh-CN');
    expect(zh.body.msg).toBe('开始日期不能晚于结束日期');
  });

  it('refuses malformed filters and paging with a 400 naming the field in the caller’s language', async () => {
    const cases: [Query, string][] = [
      [{ type: 'bonus' as FlowRow['type'] }, 'type'],
      [{ currency: 'XXX' as FlowRow['currency'] }, 'currency'],
      [{ startDate: '2026-3-1' }, 'startDate'],
      [{ endDate: 'yesterday' }, 'endDate'],
      [{ txnNo: 'T'.repeat(65) }, 'txnNo'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ pageNo: 0 }, 'pageNo'],
    ];
    for (const [query, field] of cases) {
      const answer = await page(query);
      expect(answer.status, field).toBe(400);
      expect(answer.body.data, field).toEqual({ fields: [field] });
      expect(answer.body.msg, field).not.toMatch(/^(common|server):/);
    }
    const zh = await page({ type: 'bonus' as FlowRow['type'] }, me.token, 'zh-CN');
    expect(zh.body.msg).toContain('类型');
  });
});
