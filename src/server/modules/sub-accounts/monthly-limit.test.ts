/**
 * Per-member monthly limits on card recharges, checked inside the money transaction. The race test
 * (PostgreSQL only): 100 recharges at once by 5 members, each against its own USD limit; no member
 * may pass its limit, and what the ledger says each used is exactly the accepted recharges.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardRecharge } from '../../../contract/cards';
import { subAccounts } from '../../db/schema';
import { cardBalance, openTestCard } from '../../testing/cards';
import { fileSignedInAccount, fileTestApp } from '../../testing/file-app';
import { fundWallet } from '../../testing/money';
import { openSession } from '../../testing/signed-in';
import { expectLedgerHealthy, idemKey } from '../cards/card-test-kit';
import { applyBp } from '../cards/pricing';
import { figuresOf } from './sub-figures';
import { monthStartOf } from './sub-view';

/** visa-428837's fee for the standard plan: 1%. */
const FEE_BP = 100;
const AMOUNT = 1_000;
const TOTAL = AMOUNT + applyBp(AMOUNT, FEE_BP);
const LIMIT = 4_500;

describe('monthly limits', () => {
  const t = fileTestApp();
  const me = fileSignedInAccount(t);

  async function member(id: string, limit: number | null) {
    const session = await openSession(t, me.accountId, id);
    await t.ctx.database.db
      .update(subAccounts)
      .set({ usdRechargeLimit: limit })
      .where(eq(subAccounts.id, id));
    const card = await openTestCard(t, me.accountId, { subAccountId: id });
    return { ...session, card };
  }

  const recharge = (token: string, cardId: string) =>
    t.api(
      cardRecharge,
      { cardId, amount: AMOUNT, debitCurrency: 'USD', expectTotal: TOTAL },
      { token, lang: 'en', headers: { 'idempotency-key': idemKey() } },
    );

  it('refuses the recharge that would pass the limit, with what is used, and moves nothing', async () => {
    await fundWallet(t, me.accountId, 'USD', 100_000);
    const one = await member('limit-seq', LIMIT);
    for (let i = 0; i < 4; i++) expect((await recharge(one.token, one.card.id)).body.code).toBe(200);
    const fifth = await recharge(one.token, one.card.id);
    expect(fifth.body.code).toBe(422);
    expect(fifth.body.msg).toBe(
      "This would pass the sub-account's monthly USD card recharge limit (40.40 of 45.00 used)",
    );
    expect(await cardBalance(t, one.card.id)).toBe(4 * AMOUNT);
    // The owner recharging the member's card is not limited by it.
    expect((await recharge(me.token, one.card.id)).body.code).toBe(200);
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgresql')(
    '100 concurrent recharges by 5 members never pass any limit',
    async () => {
      await fundWallet(t, me.accountId, 'USD', 1_000_000);
      const members = await Promise.all(
        ['r0', 'r1', 'r2', 'r3', 'r4'].map((id, i) => member(`race-${id}`, LIMIT + i * 1_000)),
      );
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => {
          const who = members[i % 5]!;
          return recharge(who.token, who.card.id);
        }),
      );
      const codes = answers.map((answer) => answer.body.code);
      expect(codes.filter((code) => code !== 200 && code !== 422)).toEqual([]);
      const used = await figuresOf(
        t.ctx.database.db,
        me.accountId,
        members.map((_, i) => `race-r${i}`),
        monthStartOf(t.ctx.now()),
      );
      members.forEach((who, i) => {
        const limit = LIMIT + i * 1_000;
        const accepted = codes.filter((code, j) => j % 5 === i && code === 200).length;
        // As many as fit, and not one more.
        expect(accepted).toBe(Math.floor(limit / TOTAL));
        expect(used.get(`race-r${i}`)!.usdRecharge).toBe(accepted * TOTAL);
        expect(used.get(`race-r${i}`)!.usdRecharge).toBeLessThanOrEqual(limit);
        void who;
      });
      await expectLedgerHealthy(t);
    },
    60_000,
  );
});
