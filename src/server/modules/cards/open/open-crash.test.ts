/**
 * Issue 29 §7: a single opening whose process dies after the issuer made the card and before the
 * opening's transaction commits. Its planned-card record (committed before the issuer call) lets a
 * retry of the same key record the card the issuer already made — one card, one charge — and lets
 * the settlement job cancel it when nobody retries: no live issuer card the portal does not know.
 */
import { describe, expect, it } from 'vitest';
import { batchCard } from '@contract/cards';
import { fileTestApp } from '../../../testing/file-app';
import {
  cardsOf,
  expectLedgerHealthy,
  funded,
  idempotency,
  openCard,
  quote,
  SUBSCRIPTIONS,
  totalFor,
  walletBalance,
} from '../../../testing/card-kit';
import type { IssuedCard } from '../../../providers/issuer';
import { eq } from 'drizzle-orm';
import { cardBatches } from '../../../db/schema';
import { batchSettleJob, settleAbandonedBatches } from '../batch/settle-batches';
import { singleRunId } from './open-cards';

const t = fileTestApp();

/**
 * A stateful issuer in front of the sandbox: it keeps every card it made, answers the same card for
 * the same request id, and cancels by reference or request id. With `crashAfterIssue`, the next
 * issue call makes the card and then never answers: the process died between the issuer and the
 * commit (until `release()`, which plays a process that was only slow).
 */
function statefulIssuer() {
  const original = t.ctx.issuer;
  const made = new Map<string, { card: IssuedCard; state: 'active' | 'cancelled' }>();
  let crashNext = false;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached: () => void = () => undefined;
  const crashed = new Promise<void>((resolve) => (reached = resolve));
  t.ctx.issuer = {
    ...original,
    async issueCard(request) {
      const known = made.get(request.requestId);
      const card = known?.card ?? (await original.issueCard(request));
      if (!known) made.set(request.requestId, { card, state: 'active' });
      if (crashNext) {
        crashNext = false;
        reached();
        await gate;
      }
      return card;
    },
    cancelCard(issuerRef) {
      for (const one of made.values()) if (one.card.issuerRef === issuerRef) one.state = 'cancelled';
      return Promise.resolve();
    },
    cancelRequest(requestId) {
      const one = made.get(requestId);
      if (one) one.state = 'cancelled';
      return Promise.resolve();
    },
  };
  return {
    made,
    crashed,
    release,
    crashAfterIssue: () => (crashNext = true),
    restore: () => (t.ctx.issuer = original),
    /** Live cards at the issuer that no card of the portal names. */
    async unknownLive(): Promise<string[]> {
      const known = new Set(
        (await t.ctx.database.db.query.cards.findMany({ columns: { issuerRef: true } })).map(
          (row) => row.issuerRef,
        ),
      );
      return [...made.values()]
        .filter((one) => one.state === 'active' && !known.has(one.card.issuerRef))
        .map((one) => one.card.issuerRef);
    },
  };
}

async function recordOf(id: string) {
  const [row] = await t.ctx.database.db.select().from(cardBatches).where(eq(cardBatches.id, id));
  return row;
}

async function singleQuote(token: string): Promise<number> {
  return totalFor(await quote(t, token, { segmentId: SUBSCRIPTIONS, amount: 1_000 }), 'USD');
}

describe('a single opening interrupted between the issuer and the commit', () => {
  it('is finished by a retry of its key with the card the issuer already made, charged once', async () => {
    const me = await funded(t, { usd: 100_000 });
    const expectTotal = await singleQuote(me.token);
    const headers = idempotency();
    const issuer = statefulIssuer();
    try {
      issuer.crashAfterIssue();
      const dead = openCard(t, me.token, { expectTotal }, headers);
      await issuer.crashed;
      expect(issuer.made.size).toBe(1);
      const [madeCard] = [...issuer.made.values()];
      expect(await issuer.unknownLive()).toEqual([madeCard!.card.issuerRef]);

      // Within the claim window the attempt may still be running: the retry waits (409).
      expect((await openCard(t, me.token, { expectTotal }, headers)).body.code).toBe(409);

      t.advance(t.ctx.env.ABANDONED_CLAIM_MS + 1_000);
      const retried = await openCard(t, me.token, { expectTotal }, headers);
      expect(retried.body.code, retried.body.msg).toBe(200);
      // No second card at the issuer: the retry recorded the one the dead attempt asked for.
      expect(issuer.made.size).toBe(1);
      const mine = await cardsOf(t, me.accountId);
      expect(mine.map((card) => card.issuerRef)).toEqual([madeCard!.card.issuerRef]);
      expect(mine[0]!.last4).toBe(madeCard!.card.pan.slice(-4));
      expect(await issuer.unknownLive()).toEqual([]);
      expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000 - expectTotal);
      // The record is gone with the commit; the settlement job finds nothing to cancel.
      expect(await settleAbandonedBatches(t.ctx)).toEqual({ settled: 0, cancelled: 0 });

      // Were the first process only slow, its late commit is refused and cancels nothing.
      issuer.release();
      expect((await dead).body.code).toBe(409);
      expect(madeCard!.state).toBe('active');
      expect(await cardsOf(t, me.accountId)).toHaveLength(1);
      expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000 - expectTotal);

      // The same key again answers the same opening.
      const again = await openCard(t, me.token, { expectTotal }, headers);
      expect(again.body.data).toEqual(retried.body.data);
      expect(issuer.made.size).toBe(1);
      await expectLedgerHealthy(t);
    } finally {
      issuer.release();
      issuer.restore();
    }
  });

  it('is settled by the job when nobody retries: the card cancelled at the issuer, nothing charged', async () => {
    const me = await funded(t, { usd: 100_000 });
    const expectTotal = await singleQuote(me.token);
    const headers = idempotency();
    const issuer = statefulIssuer();
    try {
      issuer.crashAfterIssue();
      const dead = openCard(t, me.token, { expectTotal }, headers);
      await issuer.crashed;
      const [madeCard] = [...issuer.made.values()];

      expect(await settleAbandonedBatches(t.ctx)).toEqual({ settled: 0, cancelled: 0 });
      t.advance(t.ctx.env.ABANDONED_CLAIM_MS + 1_000);
      expect(await settleAbandonedBatches(t.ctx)).toEqual({ settled: 1, cancelled: 1 });
      expect(madeCard!.state).toBe('cancelled');
      expect(await issuer.unknownLive()).toEqual([]);
      expect(await cardsOf(t, me.accountId)).toHaveLength(0);
      expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000);
      expect(await settleAbandonedBatches(t.ctx)).toEqual({ settled: 0, cancelled: 0 });

      // A retry of the key then opens one new card, charged once.
      const retried = await openCard(t, me.token, { expectTotal }, headers);
      expect(retried.body.code, retried.body.msg).toBe(200);
      expect(issuer.made.size).toBe(2);
      expect(await cardsOf(t, me.accountId)).toHaveLength(1);
      expect(await issuer.unknownLive()).toEqual([]);
      expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000 - expectTotal);

      // Were the first process only slow, it cannot commit the settled opening's card.
      issuer.release();
      expect((await dead).body.code).toBe(409);
      expect(await cardsOf(t, me.accountId)).toHaveLength(1);
      expect(madeCard!.state).toBe('cancelled');
      expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000 - expectTotal);
      await expectLedgerHealthy(t);
      // The committed opening left no record behind.
      const id = singleRunId(me.accountId, headers['idempotency-key']);
      expect(await recordOf(id)).toBeUndefined();
    } finally {
      issuer.release();
      issuer.restore();
    }
  });

  it('keeps a failed record only as long as its key, then the settlement job removes it', async () => {
    const me = await funded(t, { usd: 100_000 });
    const expectTotal = await singleQuote(me.token);
    const headers = idempotency();
    const issuer = statefulIssuer();
    try {
      issuer.crashAfterIssue();
      void openCard(t, me.token, { expectTotal }, headers);
      await issuer.crashed;
      const id = singleRunId(me.accountId, headers['idempotency-key']);
      t.advance(t.ctx.env.ABANDONED_CLAIM_MS + 1_000);
      await batchSettleJob.run(t.ctx);
      expect((await recordOf(id))?.status).toBe('failed');
      t.advance(47 * 3600_000);
      await batchSettleJob.run(t.ctx);
      expect(await recordOf(id)).toBeDefined();
      t.advance(2 * 3600_000);
      await batchSettleJob.run(t.ctx);
      expect(await recordOf(id)).toBeUndefined();
    } finally {
      issuer.release();
      issuer.restore();
    }
  });

  it('keeps its planned-card record out of batchCard', async () => {
    const me = await funded(t, { usd: 100_000 });
    const expectTotal = await singleQuote(me.token);
    const headers = idempotency();
    const issuer = statefulIssuer();
    try {
      issuer.crashAfterIssue();
      void openCard(t, me.token, { expectTotal }, headers);
      await issuer.crashed;
      const id = singleRunId(me.accountId, headers['idempotency-key']);
      const read = await t.api(batchCard, { batchId: id }, { token: me.token });
      expect(read.body.code).toBe(404);
    } finally {
      issuer.release();
      issuer.restore();
    }
  });
});
