/**
 * The forecast state machine end to end: every (state, action) pair through the real entry points.
 * The expected table is written out here on purpose, not read from forecast-state.ts, so a wrong
 * edit of the table fails this test.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastStatus } from '../../../contract/finance';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { testDbKind } from '../../testing/test-db';
import { signedInAccount } from '../../testing/signed-in';
import { auditLedger, isHealthy } from '../ledger';
import { FORECAST_ACTIONS, transitionOf } from './forecast-state';
import { act, eventsOf, forecastIn, forecastRow, REVIEWER, usdBalance } from '../../testing/forecasts';
import { reviewForecast } from './review-forecast';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Action = 'approve' | 'reject' | 'revoke' | 'resubmit';
const STATES: ForecastStatus[] = ['submitted', 'resubmitted', 'approved', 'rejected', 'revoked'];
const ACTIONS: Action[] = ['approve', 'reject', 'revoke', 'resubmit'];

const EXPECTED: Record<ForecastStatus, Partial<Record<Action, ForecastStatus>>> = {
  submitted: { approve: 'approved', reject: 'rejected', revoke: 'revoked' },
  resubmitted: { approve: 'approved', reject: 'rejected', revoke: 'revoked' },
  approved: {},
  rejected: { resubmit: 'resubmitted' },
  revoked: { resubmit: 'resubmitted' },
};
const ACTOR: Record<Action, 'customer' | 'reviewer'> = {
  approve: 'reviewer',
  reject: 'reviewer',
  revoke: 'customer',
  resubmit: 'customer',
};

const PAIRS = STATES.flatMap((state) =>
  ACTIONS.map((action) => ({ state, action, to: EXPECTED[state][action] ?? null })),
);

describe('the table of forecast-state.ts', () => {
  it('has exactly the moves of the design', () => {
    expect([...FORECAST_ACTIONS].sort()).toEqual([...ACTIONS].sort());
    for (const { state, action, to } of PAIRS) expect(transitionOf(state, action)?.to ?? null).toBe(to);
  });
});

describe.each(PAIRS.filter((p) => p.to !== null))(
  'legal: $state --$action--> $to',
  ({ state, action, to }) => {
    it('moves, writes its event and credits the wallet only on approval', async () => {
      const me = await signedInAccount(t);
      const { id, fields } = await forecastIn(t, me, state);
      const eventsBefore = await eventsOf(t, id);
      const balanceBefore = await usdBalance(t, me.accountId);
      t.advance(1000);
      const corrected = { ...fields, payerName: 'Acme Trading LLC (corrected)' };
      const outcome = await act(t, me, id, action, corrected);
      expect(outcome.code).toBe(200);
      expect(outcome.view).toMatchObject({ id, status: to });

      const events = await eventsOf(t, id);
      expect(events.slice(0, -1)).toEqual(eventsBefore);
      expect(events.at(-1)).toMatchObject({ from: state, to, actor: ACTOR[action] });

      const row = (await forecastRow(t, id))!;
      expect(row.status).toBe(to);
      const credited = (await usdBalance(t, me.accountId)) - balanceBefore;
      expect(credited).toBe(action === 'approve' ? fields.amount : 0);
      if (action === 'approve') expect(row.ledgerTransactionId).not.toBeNull();
      if (action === 'reject') {
        expect(row.rejectReason).toBe('The proof does not show the amount');
        expect(events.at(-1)!.note).toBe('The proof does not show the amount');
      }
      if (action === 'resubmit') {
        expect(row.payerName).toBe('Acme Trading LLC (corrected)');
        expect(row.rejectReason).toBeNull();
      }
      expect(outcome.view).toMatchObject({
        canRevoke: to === 'submitted' || to === 'resubmitted',
        canResubmit: to === 'rejected' || to === 'revoked',
      });
      expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
    });
  },
);

describe.each(PAIRS.filter((p) => p.to === null))('illegal: $state --$action-->', ({ state, action }) => {
  it('is refused with 409 and a translated message, and changes nothing', async () => {
    const me = await signedInAccount(t);
    const { id, fields } = await forecastIn(t, me, state);
    const rowBefore = await forecastRow(t, id);
    const eventsBefore = await eventsOf(t, id);
    const balanceBefore = await usdBalance(t, me.accountId);
    t.advance(1000);
    const outcome = await act(t, me, id, action, { ...fields, payerName: 'Someone else' });
    expect(outcome.code).toBe(409);
    expect(await forecastRow(t, id)).toEqual(rowBefore);
    expect(await eventsOf(t, id)).toEqual(eventsBefore);
    expect(await usdBalance(t, me.accountId)).toBe(balanceBefore);
  });
});

describe('messages of refused moves', () => {
  it('name the state in the caller’s language', async () => {
    const me = await signedInAccount(t);
    const { id } = await forecastIn(t, me, 'approved');
    const { topupCancel } = await import('../../../contract/finance');
    const en = await t.api(topupCancel, { id }, { token: me.token, lang: 'en' });
    const zh = await t.api(topupCancel, { id }, { token: me.token, lang: 'zh-CN' });
    expect(en.body).toMatchObject({
      code: 409,
      msg: 'This forecast has been approved and can no longer be changed',
    });
    expect(zh.body).toMatchObject({ code: 409, msg: '该预报已审核通过，不能再更改' });
  });
});

describe('the full history', () => {
  it('records every move with its party and note, through reject, resubmit and approval', async () => {
    const me = await signedInAccount(t);
    const { id } = await forecastIn(t, me, 'resubmitted');
    t.advance(1000);
    expect((await act(t, me, id, 'approve')).code).toBe(200);
    expect(await eventsOf(t, id)).toEqual([
      { from: null, to: 'submitted', actor: 'customer', note: null },
      { from: 'submitted', to: 'rejected', actor: 'reviewer', note: 'The proof does not show the amount' },
      { from: 'rejected', to: 'resubmitted', actor: 'customer', note: null },
      { from: 'resubmitted', to: 'approved', actor: 'reviewer', note: null },
    ]);
  });
});

describe('approval credits once', () => {
  it('a second approval is a 409 and the ledger holds one movement for the forecast', async () => {
    const me = await signedInAccount(t);
    const { id, fields } = await forecastIn(t, me, 'approved');
    await expect(reviewForecast(t.ctx, id, { action: 'approve' }, REVIEWER)).rejects.toMatchObject({
      code: 409,
    });
    expect(await usdBalance(t, me.accountId)).toBe(fields.amount);
    const movements = await t.ctx.database.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, id));
    expect(movements[0]!.n).toBe(1);
    const [movement] = await t.ctx.database.db
      .select({
        key: ledgerTransactions.idempotencyKey,
        kind: ledgerTransactions.kind,
        id: ledgerTransactions.id,
      })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, id));
    expect(movement).toMatchObject({ key: `forecast:${id}`, kind: 'transfer_in' });
    const entries = await t.ctx.database.db
      .select({ amount: ledgerEntries.amount, type: ledgerEntries.type, accountId: ledgerEntries.accountId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, movement!.id))
      .orderBy(ledgerEntries.id);
    // No fee leg: the house clearing account of bank transfers pays the wallet the whole amount.
    expect(entries).toEqual([
      { amount: -fields.amount, type: 'bank_transfer', accountId: null },
      { amount: fields.amount, type: 'transfer_in', accountId: me.accountId },
    ]);
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('a rejection needs a reason', async () => {
    const me = await signedInAccount(t);
    const { id } = await forecastIn(t, me, 'submitted');
    await expect(
      reviewForecast(t.ctx, id, { action: 'reject', reason: '   ' }, REVIEWER),
    ).rejects.toMatchObject({
      code: 422,
      messageKey: 'server:forecasts.reasonRequired',
    });
    expect((await forecastRow(t, id))!.status).toBe('submitted');
  });
});

describe.runIf(testDbKind() === 'postgresql')('concurrent transitions on PostgreSQL', () => {
  it('of eight simultaneous approvals one wins and the wallet is credited once', async () => {
    const me = await signedInAccount(t);
    const { id, fields } = await forecastIn(t, me, 'submitted');
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => act(t, me, id, 'approve')));
    expect(outcomes.filter((o) => o.code === 200)).toHaveLength(1);
    expect(outcomes.filter((o) => o.code === 409)).toHaveLength(7);
    expect(await usdBalance(t, me.accountId)).toBe(fields.amount);
    expect((await eventsOf(t, id)).filter((e) => e.to === 'approved')).toHaveLength(1);
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('an approval racing a revocation: exactly one happens, and the wallet agrees with it', async () => {
    for (let round = 0; round < 5; round++) {
      const me = await signedInAccount(t);
      const { id, fields } = await forecastIn(t, me, 'submitted');
      const [approve, revoke] = await Promise.all([act(t, me, id, 'approve'), act(t, me, id, 'revoke')]);
      expect([approve.code, revoke.code].sort()).toEqual([200, 409]);
      const row = (await forecastRow(t, id))!;
      expect(row.status).toBe(approve.code === 200 ? 'approved' : 'revoked');
      expect(await usdBalance(t, me.accountId)).toBe(row.status === 'approved' ? fields.amount : 0);
      expect(await eventsOf(t, id)).toHaveLength(2);
    }
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });
});
