/**
 * Per-member monthly limits on card recharges, checked inside the money transaction, and the USD
 * spend limit, checked when a merchant asks for an authorization. The race tests (PostgreSQL only):
 * 100 recharges at once by 5 members, each against its own USD limit, and 40 authorizations at once
 * over 4 cards of one member; no member may pass its limit, and what each used is exactly what was
 * accepted.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardRecharge } from '../../../contract/cards';
import { refusePage } from '../../../contract/records';
import { subAccounts } from '../../db/schema';
import { cardBalance, openTestCard } from '../../testing/cards';
import { fileSignedInAccount, fileTestApp } from '../../testing/file-app';
import { fundWallet } from '../../testing/money';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { authorizeOnce, followUpEvent, sendEvent } from '../../testing/issuer';
import { expectLedgerHealthy, idemKey } from '../../testing/card-kit';
import { applyBp } from '../cards/open/pricing';
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

  describe('the USD spend limit at authorization', () => {
    async function spender(id: string, limit: number | null, cards = 1, accountId = me.accountId) {
      const session = await openSession(t, accountId, id);
      await t.ctx.database.db.update(subAccounts).set({ usdSpendLimit: limit }).where(eq(subAccounts.id, id));
      const opened = await Promise.all(
        Array.from({ length: cards }, () =>
          openTestCard(t, accountId, { subAccountId: id, balance: 100_000 }),
        ),
      );
      return { ...session, cards: opened };
    }

    const spent = async (id: string, accountId = me.accountId) =>
      (await figuresOf(t.ctx.database.db, accountId, [id], monthStartOf(t.ctx.now()))).get(id)!
        .usdConsumption;

    it('declines the payment that would pass it, with a translated reason; a reversal frees room', async () => {
      const one = await spender('spend-seq', 2_500);
      const card = one.cards[0]!;
      const first = await authorizeOnce(t, card, { amount: 1_000 });
      expect(first.answer.body.data).toMatchObject({ approved: true });
      expect((await authorizeOnce(t, card, { amount: 1_000 })).answer.body.data?.approved).toBe(true);
      const third = await authorizeOnce(t, card, { amount: 1_000 });
      expect(third.answer.body.data).toMatchObject({
        approved: false,
        declineReason: 'member_spend_limit',
      });
      // Exactly up to the limit is allowed.
      expect((await authorizeOnce(t, card, { amount: 500 })).answer.body.data?.approved).toBe(true);
      expect(await spent('spend-seq')).toBe(2_500);
      expect(await cardBalance(t, card.id)).toBe(100_000 - 2_500);

      // A reversed authorization spent nothing: its amount may be spent again.
      await sendEvent(t, followUpEvent(card, 'reversal', first.authorizationId, 1_000));
      expect((await authorizeOnce(t, card, { amount: 1_000 })).answer.body.data?.approved).toBe(true);

      for (const [lang, text] of [
        ['en', "The payment would pass the sub-account's monthly USD spending limit"],
        ['zh-CN', '超出子账户的每月美元消费限额'],
      ] as const) {
        const refused = await t.api(refusePage, { cardId: card.id }, { token: one.token, lang });
        const rows = (refused.body.data as { data: { declineReason: string; declineText: string }[] }).data;
        expect(rows).toEqual([
          expect.objectContaining({ declineReason: 'member_spend_limit', declineText: text }),
        ]);
      }
    });

    it('does not limit the owner’s cards, nor a member without a limit', async () => {
      const free = await spender('spend-free', null);
      expect((await authorizeOnce(t, free.cards[0]!, { amount: 90_000 })).answer.body.data?.approved).toBe(
        true,
      );
      await spender('spend-tight', 100);
      const owners = await openTestCard(t, me.accountId, { balance: 5_000 });
      expect((await authorizeOnce(t, owners, { amount: 5_000 })).answer.body.data?.approved).toBe(true);
    });

    it.runIf(process.env.TEST_DB_KIND === 'postgresql')(
      '40 concurrent authorizations over 4 cards of one member never pass its limit',
      async () => {
        // An account of its own: the declines fire its decline-rate rule, which freezes its cards.
        const owner = await signedInAccount(t);
        const one = await spender('spend-race', 7_000, 4, owner.accountId);
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, i) => authorizeOnce(t, one.cards[i % 4]!, { amount: 1_000 })),
        );
        const data = answers.map((a) => a.answer.body.data);
        expect(data.filter((d) => d?.approved === true)).toHaveLength(7);
        // Past the limit every one is declined: by the limit, or once the decline-rate rule froze
        // the cards, as frozen.
        const reasons = new Set(data.filter((d) => d?.approved !== true).map((d) => d?.declineReason));
        expect(reasons.has('member_spend_limit')).toBe(true);
        expect([...reasons].filter((r) => r !== 'member_spend_limit' && r !== 'card_frozen')).toEqual([]);
        expect(await spent('spend-race', owner.accountId)).toBe(7_000);
        await expectLedgerHealthy(t);
      },
      60_000,
    );
  });
});
