import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopupOrder } from '../../../contract/finance';
import { qrCreate } from '../../../contract/finance';
import { UNVERIFIED_TOPUP_CEILING } from '../../../contract/identity-rules';
import { topupOrders } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { signedInAccount } from '../../testing/signed-in';
import { deliver, eventFor, ledgerHealthy, signed } from '../../testing/topups';

// PGlite runs one transaction at a time, so only PostgreSQL can show that this race is closed.
describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('top-up ceiling race (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('concurrent orders and their payments never take an unverified account past its ceiling', async () => {
    const me = await signedInAccount(t, undefined, false);
    const ceiling = UNVERIFIED_TOPUP_CEILING.CNY!;
    // 5,000.00 CNY each: four fit under 20,000.00, twelve in flight at once.
    const amount = 500_000;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.api(
          qrCreate,
          { channel: 'wechat', amount },
          { token: me.token, headers: { 'idempotency-key': `race-${i}-${me.accountId}` } },
        ),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(ceiling / amount);
    expect(codes.every((c) => c === 200 || c === 422)).toBe(true);
    for (const refused of answers.filter((a) => a.body.code === 422))
      expect(refused.body.data).toEqual({ identityLevel: 'individual' });

    const orders = answers.filter((a) => a.body.code === 200).map((a) => a.body.data as TopupOrder);
    // Every order paid at once, each notification twice: what is credited stays under the ceiling.
    const payments = orders.flatMap((order) => {
      const sent = signed(t, 'wechat', eventFor(t, order));
      return [sent, sent, signed(t, 'wechat', eventFor(t, order))];
    });
    await Promise.all(payments.map((sent) => deliver(t, sent)));
    const rows = await t.ctx.database.db
      .select({ amount: topupOrders.amount, status: topupOrders.status })
      .from(topupOrders)
      .where(eq(topupOrders.accountId, me.accountId));
    const credited = rows.filter((r) => r.status === 'paid').reduce((sum, r) => sum + r.amount, 0);
    expect(credited).toBe(ceiling);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBeLessThanOrEqual(ceiling);

    // Once full, a further order is refused, however many ask at once.
    const more = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.api(
          qrCreate,
          { channel: 'wechat', amount: 50_000 },
          { token: me.token, headers: { 'idempotency-key': `more-${i}-${me.accountId}` } },
        ),
      ),
    );
    expect(more.every((a) => a.body.code === 422)).toBe(true);
    expect(await ledgerHealthy(t)).toBe(true);
  });
});
