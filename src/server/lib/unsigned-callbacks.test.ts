/** Issue 29 §13: refused unsigned callbacks are purged after a week; signed ones are kept. */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCallbacks } from '../db/schema';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';
import { newId } from './crypto';
import { purgeExpired } from './purge';
import { UNSIGNED_KEEP_MS } from './unsigned-callbacks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('unsigned callbacks', () => {
  it('are deleted by the purge after a week; signed and recent ones stay', async () => {
    const old = new Date(t.ctx.now().getTime() - UNSIGNED_KEEP_MS - 60_000);
    const row = (signatureValid: boolean, receivedAt: Date) => ({
      id: newId(),
      channel: 'wechat',
      orderId: null,
      eventId: null,
      signatureValid,
      outcome: signatureValid ? 'malformed' : 'bad_signature',
      body: '{}',
      receivedAt,
    });
    const rows = [row(false, old), row(true, old), row(false, t.ctx.now())];
    await t.ctx.database.db.insert(paymentCallbacks).values(rows);
    await purgeExpired(t.ctx);
    const left = await t.ctx.database.db
      .select({ id: paymentCallbacks.id })
      .from(paymentCallbacks)
      .where(
        inArray(
          paymentCallbacks.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([rows[1]!.id, rows[2]!.id].sort());
  });
});
