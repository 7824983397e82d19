/**
 * Real concurrency (PostgreSQL only): 200 recharges and withdrawals at once against one card and
 * one wallet, each with its own Idempotency-Key. Neither balance may go below zero, and the final
 * balances must be exactly what the accepted operations add up to.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardRecharge, cardReduce } from '@contract/cards';
import { cardEvents } from '../../../db/schema';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { cardBalance, openTestCard } from '../../../testing/cards';
import { fundWallet } from '../../../testing/money';
import { applyBp } from '../open/pricing';
import { expectLedgerHealthy, idemKey, walletBalance } from '../../../testing/card-kit';

const OPERATIONS = 200;
/** Small against the amounts, so both balances hit zero again and again while the requests run. */
const WALLET_START = 5_000;
const CARD_START = 5_000;
/** visa-428837's fee for the standard plan: 1%. */
const FEE_BP = 100;

/** A fixed mix of amounts (1 to 30 USD), the same on every run (a 32-bit LCG). */
function amounts(count: number): number[] {
  let seed = 20_261_122;
  return Array.from({ length: count }, () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return (1 + ((seed >>> 16) % 30)) * 100;
  });
}

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('card money under concurrency', () => {
  const t = fileTestApp();
  const me = fileSignedInAccount(t);

  it('200 mixed recharges and withdrawals never overdraw the wallet or the card, and add up exactly', async () => {
    await fundWallet(t, me.accountId, 'USD', WALLET_START);
    const card = await openTestCard(t, me.accountId, { balance: CARD_START });
    const kinds = Array.from({ length: OPERATIONS }, (_, i) => (i % 2 === 0 ? 'recharge' : 'withdraw'));
    const sizes = amounts(OPERATIONS);
    const totals = sizes.map((amount) => amount + applyBp(amount, FEE_BP));
    const answers = await Promise.all(
      kinds.map((kind, i) =>
        kind === 'recharge'
          ? t.api(
              cardRecharge,
              { cardId: card.id, amount: sizes[i]!, debitCurrency: 'USD', expectTotal: totals[i]! },
              { token: me.token, headers: { 'idempotency-key': idemKey() } },
            )
          : t.api(
              cardReduce,
              { cardId: card.id, amount: sizes[i]! },
              { token: me.token, headers: { 'idempotency-key': idemKey() } },
            ),
      ),
    );

    const codes = answers.map((answer) => answer.body.code);
    // Every refusal is a business refusal (a balance), never a server error or a lock failure.
    expect(codes.filter((code) => code !== 200 && code !== 422)).toEqual([]);
    const accepted = (kind: string) => kinds.flatMap((k, i) => (k === kind && codes[i] === 200 ? [i] : []));
    const recharges = accepted('recharge');
    const withdrawals = accepted('withdraw');
    expect(recharges.length).toBeGreaterThan(0);
    expect(withdrawals.length).toBeGreaterThan(0);
    const sum = (indices: number[], of: number[]) => indices.reduce((total, i) => total + of[i]!, 0);

    const wallet = await walletBalance(t, me.accountId, 'USD');
    const onCard = await cardBalance(t, card.id);
    expect(wallet).toBe(WALLET_START - sum(recharges, totals) + sum(withdrawals, sizes));
    expect(onCard).toBe(CARD_START + sum(recharges, sizes) - sum(withdrawals, sizes));
    expect(wallet).toBeGreaterThanOrEqual(0);
    expect(onCard).toBeGreaterThanOrEqual(0);

    const events = await t.ctx.database.db
      .select({ action: cardEvents.action })
      .from(cardEvents)
      .where(eq(cardEvents.cardId, card.id));
    expect(events.filter((e) => e.action === 'recharge')).toHaveLength(recharges.length);
    expect(events.filter((e) => e.action === 'withdraw')).toHaveLength(withdrawals.length);
    await expectLedgerHealthy(t);
  });
});
