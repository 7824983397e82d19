import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalView } from '../../contract/agent';
import { createApp } from '../app';
import { agentBalances } from '../db/schema';
import { accrueFees } from '../modules/agent/commissions/accrue-fees';
import { addBankCard } from '../modules/agent/bank-cards/add-bank-card';
import { expectBooksHealthy, invitedPair, payFee, TEST_ACTOR } from '../testing/agent';
import { withdrawToBankCard } from '../modules/agent/withdrawals/withdraw-to-bank-card';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function balance(accountId: string) {
  const [row] = await t.ctx.database.db
    .select()
    .from(agentBalances)
    .where(and(eq(agentBalances.accountId, accountId), eq(agentBalances.currency, 'CNY')));
  return row!;
}

/** An agent with ¥200.00 available (a ¥1,000 fee at 20 %), released by the desk's test clock. */
async function agentWithMoney() {
  const { agent, invitee } = await invitedPair(t);
  await payFee(t, invitee.accountId, 'topup', 'CNY', 100_000);
  const ran = await t.raw('/sandbox/api/agent/jobs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ days: 8 }),
  });
  expect(ran.status).toBe(200);
  expect(await ran.json()).toMatchObject({ released: expect.any(Number) });
  const card = await addBankCard(t.ctx, agent.accountId, {
    holder: 'Desk',
    bank: 'ICBC',
    cardNo: '4111111111111111',
  });
  return { agent, card };
}

describe('the sandbox payout desk', () => {
  it('the test clock releases held commission only when told the days have passed', async () => {
    const { agent, invitee } = await invitedPair(t);
    await payFee(t, invitee.accountId, 'topup', 'CNY', 10_000);
    await accrueFees(t.ctx);
    await t.raw('/sandbox/api/agent/jobs', { method: 'POST', body: new URLSearchParams({ days: '3' }) });
    expect(await balance(agent.accountId)).toMatchObject({ pending: 2000, available: 0 });
    await t.raw('/sandbox/api/agent/jobs', { method: 'POST', body: new URLSearchParams({ days: '7' }) });
    expect(await balance(agent.accountId)).toMatchObject({ pending: 0, available: 2000 });
  });

  it('lists requested payouts masked, pays one, fails one (money back), refuses a second answer', async () => {
    const { agent, card } = await agentWithMoney();
    const first = await withdrawToBankCard(
      t.ctx,
      agent.accountId,
      { currency: 'CNY', amount: 5_000, bankCardId: card.id },
      null,
      TEST_ACTOR,
    );
    const second = await withdrawToBankCard(
      t.ctx,
      agent.accountId,
      { currency: 'CNY', amount: 6_000, bankCardId: card.id },
      null,
      TEST_ACTOR,
    );

    const page = await t.raw('/sandbox/payouts', { headers: { 'accept-language': 'en' } });
    const html = await page.text();
    expect(html).toContain('Commission payouts to review (sandbox)');
    expect(html).toContain('**** **** **** 1111');
    expect(html).not.toContain('4111111111111111');
    expect(html).toContain(`/sandbox/payouts/${first.id}/pay`);

    const listed = (await (await t.raw('/sandbox/api/payouts')).json()) as { id: string }[];
    expect(listed.map((p) => p.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    const paid = await t.raw(`/sandbox/api/payouts/${first.id}/pay`, { method: 'POST' });
    expect(((await paid.json()) as WithdrawalView).status).toBe('paid');
    const failed = await t.raw(`/sandbox/payouts/${second.id}/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ reason: 'account closed' }).toString(),
    });
    expect(failed.status).toBe(303);
    expect(await balance(agent.accountId)).toMatchObject({
      available: 20_000 - 5_000,
      inPayout: 0,
      // The net reached the bank; the 2.00 fee is counted as a fee.
      withdrawn: 4_800,
      fees: 200,
    });
    const again = await t.raw(`/sandbox/api/payouts/${first.id}/fail`, {
      method: 'POST',
      headers: { 'accept-language': 'en' },
    });
    expect(again.status).toBe(409);
    await expectBooksHealthy(t.ctx);
  });

  it('does not exist in production mode', async () => {
    // No built PWA either, whose catch-all would answer unknown pages with a redirect.
    const env = {
      ...t.ctx.env,
      APP_MODE: 'production' as const,
      WEB_DIST: join(t.ctx.env.DATA_DIR, 'no-web'),
    };
    const production = createApp({ ...t.ctx, env });
    expect((await production.request('/sandbox/payouts')).status).toBe(404);
    expect((await production.request('/sandbox/api/agent/jobs', { method: 'POST' })).status).toBe(404);
  });
});
