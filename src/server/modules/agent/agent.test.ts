import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBankCard,
  agentGetCode,
  agentInfo,
  bankCardList,
  inviterOfCode,
  pageFlow,
  pageOfInvitations,
  pageWithdrawal,
  removeBankCardNo,
  withdrawalsInfo,
  withdrawalsToBankCard,
  withdrawalsToWallet,
} from '../../../contract/agent';
import type { AgentInfoView, BankCardView, CommissionView, WithdrawalView } from '../../../contract/agent';
import { stepUp } from '../../../contract/account';
import { accounts, agentFeeEvents, agentBankCards, identityOrders } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { askForCode, openSession, signedInAccount } from '../../testing/signed-in';
import { grantVerification } from '../identity/grant-verification';
import { readWallet } from '../wallet/read-wallet';
import { accrueFees } from './commissions/accrue-fees';
import { expectBooksHealthy, invitedPair, inviteeOf, payFee, refundFee } from '../../testing/agent';
import { HOLD_MS } from './agent-rules';
import { releaseCommissions } from './commissions/release-commissions';
import { settlePayout } from './payouts/settle-payout';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Moves the clock (past the 2-hour idle limit of sessions) and signs the people in again. */
async function later(ms: number, ...people: { accountId: string; token: string }[]): Promise<void> {
  t.advance(ms);
  for (const person of people) Object.assign(person, await openSession(t, person.accountId));
}

/** A step-up ticket of purpose bank_withdrawal for the session (the password proven again). */
async function ticketFor(person: { token: string; password: string }): Promise<string> {
  const answer = await t.api(
    stepUp,
    { purpose: 'bank_withdrawal', password: person.password },
    { token: person.token },
  );
  expect(answer.body.code).toBe(200);
  return (answer.body.data as { ticket: string }).ticket;
}

const key = () => `k-${Math.random().toString(36).slice(2)}`;

async function info(token: string): Promise<AgentInfoView> {
  const answer = await t.api(agentInfo, {}, { token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as AgentInfoView;
}

function balanceOf(view: AgentInfoView, currency: string) {
  return view.balances.find((b) => b.currency === currency);
}

/** The agent's figures of a currency, checked to add up as the screen shows them (issue 29 item 14). */
async function figures(token: string, currency: string) {
  const b = balanceOf(await info(token), currency)!;
  expect(b.earned).toBe(b.pending + b.available + b.inPayout + b.withdrawn + b.fees - b.owed);
  return b;
}

async function flow(token: string): Promise<CommissionView[]> {
  return (
    (await t.api(pageFlow, { pageNo: 1, pageSize: 50 }, { token })).body.data as { data: CommissionView[] }
  ).data;
}

describe('commission accrual', () => {
  it('accrues the plan rate of a fee an invitee pays, pending for the holding period, then available', async () => {
    const { agent, invitee } = await invitedPair(t);
    const feeTxn = await payFee(t, invitee.accountId, 'card_open', 'USD', 200);
    await accrueFees(t.ctx);
    const lines = await flow(agent.token);
    expect(lines).toHaveLength(1);
    // standard plan, card opening fee: 30 %.
    expect(lines[0]).toMatchObject({
      feeType: 'card_open',
      sourceTxnNo: feeTxn,
      currency: 'USD',
      feeAmount: 200,
      rateBp: 3000,
      amount: 60,
      status: 'pending',
    });
    expect(lines[0]!.inviteeEmailMasked).toMatch(/^i\*\*\*@e\*\*\*\.com$/);
    expect(Date.parse(lines[0]!.availableAt) - Date.parse(lines[0]!.accruedAt)).toBe(HOLD_MS);
    expect(balanceOf(await info(agent.token), 'USD')).toMatchObject({ pending: 60, available: 0 });

    // Not before the holding period ends.
    expect(await releaseCommissions(t.ctx, new Date(Date.parse(lines[0]!.availableAt) - 1000))).toBe(0);
    await later(HOLD_MS, agent);
    expect(await releaseCommissions(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(balanceOf(await info(agent.token), 'USD')).toMatchObject({
      pending: 0,
      available: 60,
      earned: 60,
    });
    expect((await flow(agent.token))[0]!.status).toBe('available');
    await expectBooksHealthy(t.ctx);
  });

  it('accrues each fee once, however many times the job runs', async () => {
    const { agent, invitee } = await invitedPair(t);
    await payFee(t, invitee.accountId, 'topup', 'CNY', 1000);
    await Promise.all([accrueFees(t.ctx), accrueFees(t.ctx), accrueFees(t.ctx)]);
    await accrueFees(t.ctx);
    expect(await flow(agent.token)).toHaveLength(1);
    expect(balanceOf(await info(agent.token), 'CNY')).toMatchObject({ pending: 200 });
    await expectBooksHealthy(t.ctx);
  });

  it('earns nothing on a customer nobody invited, nor on what is not a fee', async () => {
    const loner = await signedInAccount(t);
    const before = (await t.ctx.database.db.select().from(agentFeeEvents)).length;
    await payFee(t, loner.accountId, 'card_open', 'USD', 500);
    const { invitee } = await invitedPair(t);
    const { fundWallet } = await import('../../testing/money');
    await fundWallet(t, invitee.accountId, 'USD', 10_000);
    expect((await t.ctx.database.db.select().from(agentFeeEvents)).length).toBe(before);
  });

  it('claws back a pending commission when its fee is refunded', async () => {
    const { agent, invitee } = await invitedPair(t);
    const feeTxn = await payFee(t, invitee.accountId, 'card_recharge', 'USD', 300);
    await accrueFees(t.ctx);
    await refundFee(t.ctx, feeTxn);
    await accrueFees(t.ctx);
    const [line] = await flow(agent.token);
    expect(line).toMatchObject({ status: 'clawed_back', amount: 60 });
    expect(balanceOf(await info(agent.token), 'USD')).toMatchObject({ pending: 0, available: 0, earned: 0 });
    await later(HOLD_MS, agent);
    await releaseCommissions(t.ctx);
    expect(balanceOf(await info(agent.token), 'USD')).toMatchObject({ available: 0 });
    await expectBooksHealthy(t.ctx);
  });

  it('claws back a released commission from available, and what was withdrawn from the next releases', async () => {
    const { agent, invitee } = await invitedPair(t);
    const first = await payFee(t, invitee.accountId, 'topup', 'CNY', 10_000); // 2000 commission
    await accrueFees(t.ctx);
    await later(HOLD_MS, agent);
    await releaseCommissions(t.ctx);
    const code = await askForCode(t, agentGetCode, {}, agent.token, agent.email);
    const out = await t.api(
      withdrawalsToWallet,
      { currency: 'CNY', amount: 1500, code },
      { token: agent.token, headers: { 'idempotency-key': key() } },
    );
    expect(out.body.code).toBe(200);
    await refundFee(t.ctx, first);
    await accrueFees(t.ctx);
    // 500 was still available; the 1500 withdrawn is owed.
    expect(balanceOf(await info(agent.token), 'CNY')).toMatchObject({ available: 0, earned: 0 });
    await payFee(t, invitee.accountId, 'topup', 'CNY', 10_000); // another 2000
    await accrueFees(t.ctx);
    await later(HOLD_MS, agent);
    await releaseCommissions(t.ctx);
    expect(balanceOf(await info(agent.token), 'CNY')).toMatchObject({ available: 500, pending: 0 });
    await expectBooksHealthy(t.ctx);
  });
});

describe('invitations', () => {
  it('lists invitees masked with their stage, funnel and earnings; no one else’s', async () => {
    const { agent, invitee } = await invitedPair(t);
    await inviteeOf(t, agent.accountId);
    await payFee(t, invitee.accountId, 'topup', 'CNY', 500);
    await accrueFees(t.ctx);
    const page = (await t.api(pageOfInvitations, { pageNo: 1, pageSize: 10 }, { token: agent.token })).body
      .data as {
      data: { id: string; emailMasked: string; stage: string; nextStage: string | null; earned: unknown[] }[];
      total: number;
      funnel: { stage: string; count: number }[];
    };
    expect(page.total).toBe(2);
    expect(page.funnel.find((f) => f.stage === 'registered')!.count).toBe(2);
    expect(page.funnel.find((f) => f.stage === 'first_topup')!.count).toBe(1);
    const paying = page.data.find((row) => row.earned.length > 0)!;
    expect(paying).toMatchObject({
      stage: 'first_topup',
      // Topped up below the unverified ceiling: verification is the step still missing.
      nextStage: 'verified',
      earned: [{ currency: 'CNY', amount: 100 }],
    });
    expect(paying.id).not.toBe(invitee.accountId);
    expect(JSON.stringify(page)).not.toContain(invitee.email);

    const stranger = await signedInAccount(t);
    const theirs = (await t.api(pageOfInvitations, { pageNo: 1, pageSize: 10 }, { token: stranger.token }))
      .body.data as { total: number };
    expect(theirs.total).toBe(0);
    expect(await flow(stranger.token)).toEqual([]);
  });

  it('counts an invitee as verified only while an identity approval holds, whatever else they did', async () => {
    const { agent, invitee } = await invitedPair(t);
    // Signed in and topped up below the unverified ceiling, but not verified.
    await payFee(t, invitee.accountId, 'topup', 'CNY', 500);
    const page = async () =>
      (await t.api(pageOfInvitations, { pageNo: 1, pageSize: 10 }, { token: agent.token })).body.data as {
        data: { stage: string; nextStage: string | null }[];
        funnel: { stage: string; count: number }[];
      };
    const count = (view: Awaited<ReturnType<typeof page>>, stage: string) =>
      view.funnel.find((f) => f.stage === stage)!.count;
    let view = await page();
    expect(view.data[0]).toEqual(expect.objectContaining({ stage: 'first_topup', nextStage: 'verified' }));
    // The funnel never widens (issue 29 item 18): past "verified" on the row, counted there too.
    expect(view.funnel.map((f) => f.count)).toEqual([1, 1, 1, 0, 0]);
    const filtered = (
      await t.api(pageOfInvitations, { pageNo: 1, pageSize: 10, stage: 'verified' }, { token: agent.token })
    ).body.data as { total: number };
    expect(filtered.total).toBe(0);

    await grantVerification(t.ctx, invitee.accountId, 'individual');
    view = await page();
    expect(view.data[0]).toEqual(expect.objectContaining({ stage: 'first_topup', nextStage: 'first_card' }));
    expect(count(view, 'verified')).toBe(1);

    // An approval that has expired no longer counts: verification is the missing step again.
    await t.ctx.database.db
      .update(identityOrders)
      .set({ expiresAt: new Date(t.ctx.now().getTime() - 1000) })
      .where(eq(identityOrders.accountId, invitee.accountId));
    expect((await page()).data[0]).toEqual(expect.objectContaining({ nextStage: 'verified' }));
    // A verified invitee who did nothing else counts as verified and registered only.
    const { agent: second, invitee: onlyVerified } = await invitedPair(t);
    await grantVerification(t.ctx, onlyVerified.accountId, 'individual');
    const theirs = (await t.api(pageOfInvitations, { pageNo: 1, pageSize: 10 }, { token: second.token })).body
      .data as { funnel: { count: number }[] };
    expect(theirs.funnel.map((f) => f.count)).toEqual([1, 1, 0, 0, 0]);
  });

  it('shows who an invitation code belongs to, masked, without signing in', async () => {
    const agent = await signedInAccount(t);
    const [row] = await t.ctx.database.db
      .select({ code: accounts.inviteCode })
      .from(accounts)
      .where(eq(accounts.id, agent.accountId));
    const answer = await t.api(inviterOfCode, { code: row!.code });
    expect(answer.body).toMatchObject({
      code: 200,
      data: { emailMasked: expect.stringMatching(/^u\*\*\*@e\*\*\*\.com$/) },
    });
  });
});

describe('withdrawals', () => {
  async function agentWithAvailable(currency: 'CNY' | 'USD', fee: number) {
    const { agent, invitee } = await invitedPair(t);
    await payFee(t, invitee.accountId, 'topup', currency, fee);
    await accrueFees(t.ctx);
    await later(HOLD_MS, agent);
    await releaseCommissions(t.ctx);
    return agent;
  }

  it('moves available commission into the wallet at once, free, once per idempotency key', async () => {
    const agent = await agentWithAvailable('CNY', 50_000); // 10000 available
    const code = await askForCode(t, agentGetCode, {}, agent.token, agent.email);
    const k = key();
    const send = () =>
      t.api(
        withdrawalsToWallet,
        { currency: 'CNY', amount: 4000, code },
        { token: agent.token, headers: { 'idempotency-key': k } },
      );
    const first = await send();
    expect(first.body.data).toMatchObject({
      target: 'wallet',
      amount: 4000,
      fee: 0,
      net: 4000,
      status: 'paid',
    });
    const again = await send();
    expect((again.body.data as WithdrawalView).id).toBe((first.body.data as WithdrawalView).id);
    const wallet = await readWallet(t.ctx, agent.accountId);
    expect(JSON.stringify(wallet)).toContain('4000');
    expect(balanceOf(await info(agent.token), 'CNY')).toMatchObject({ available: 6000, withdrawn: 4000 });
    const list = (await t.api(pageWithdrawal, { pageNo: 1, pageSize: 10 }, { token: agent.token })).body
      .data as {
      total: number;
    };
    expect(list.total).toBe(1);
    await expectBooksHealthy(t.ctx);
  });

  it('refuses more than is available, a wrong code, and amounts outside the limits, changing nothing', async () => {
    const agent = await agentWithAvailable('USD', 1000); // 200 available
    const code = await askForCode(t, agentGetCode, {}, agent.token, agent.email);
    const over = await t.api(
      withdrawalsToWallet,
      { currency: 'USD', amount: 300, code },
      { token: agent.token, lang: 'en' },
    );
    expect(over.body).toMatchObject({
      code: 422,
      msg: 'Not enough available commission: 2.00 USD can be withdrawn',
    });
    const zh = await t.api(
      withdrawalsToWallet,
      { currency: 'USD', amount: 50, code: '000000' },
      { token: agent.token },
    );
    expect(zh.body.code).toBe(422);
    const tiny = await t.api(
      withdrawalsToWallet,
      { currency: 'USD', amount: 50, code },
      { token: agent.token, lang: 'en' },
    );
    expect(tiny.body.msg).toBe('The amount must be between 1.00 and 10000.00 USD');
    const bad = await t.api(
      withdrawalsToWallet,
      { currency: 'EUR' as 'USD', amount: 100, code },
      { token: agent.token, lang: 'en' },
    );
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringContaining('CNY or USD') });
    expect(balanceOf(await info(agent.token), 'USD')).toMatchObject({ available: 200, withdrawn: 0 });
    const rules = (await t.api(withdrawalsInfo, {}, { token: agent.token })).body.data as {
      currency: string;
      available: number;
    }[];
    expect(rules.find((r) => r.currency === 'USD')!.available).toBe(200);
  });

  it('pays out to a bank card: fee shown, requested, then paid; a failed payout returns the money', async () => {
    const agent = await agentWithAvailable('CNY', 500_000); // 100000 available
    const added = await t.api(
      addBankCard,
      { holder: 'Li Lei', bank: 'ICBC', cardNo: '4111 1111 1111 1111' },
      { token: agent.token },
    );
    expect(added.body.code).toBe(200);
    const card = added.body.data as BankCardView;
    expect(card.cardMasked).toBe('**** **** **** 1111');
    const [stored] = await t.ctx.database.db
      .select()
      .from(agentBankCards)
      .where(eq(agentBankCards.id, card.id));
    expect(stored!.numberSealed).not.toContain('4111111111111111');
    expect(JSON.stringify((await t.api(bankCardList, {}, { token: agent.token })).body.data)).not.toContain(
      '41111111',
    );

    let code = await askForCode(t, agentGetCode, {}, agent.token, agent.email);
    const failing = await t.api(
      withdrawalsToBankCard,
      { currency: 'CNY', amount: 20_000, bankCardId: card.id, code, stepUpTicket: await ticketFor(agent) },
      { token: agent.token, headers: { 'idempotency-key': key() } },
    );
    // 1 % with a 2.00 minimum.
    expect(failing.body.data).toMatchObject({ status: 'requested', amount: 20_000, fee: 200, net: 19_800 });
    // Requested: the fee is counted at once, not lost until the payout is paid.
    expect(await figures(agent.token, 'CNY')).toMatchObject({
      earned: 100_000,
      available: 80_000,
      inPayout: 19_800,
      fees: 200,
      withdrawn: 0,
    });
    await settlePayout(
      t.ctx,
      (failing.body.data as WithdrawalView).id,
      { status: 'failed', reason: 'closed account' },
      { ip: 't', device: 't' },
    );
    // Refused (returned): everything, fee included, is available again.
    expect(await figures(agent.token, 'CNY')).toMatchObject({
      available: 100_000,
      inPayout: 0,
      withdrawn: 0,
      fees: 0,
    });

    code = await askForCode(t, agentGetCode, {}, agent.token, agent.email);
    // Without the step-up ticket: 428, and the mail code is not spent.
    const unproven = await t.api(
      withdrawalsToBankCard,
      { currency: 'CNY', amount: 50_000, bankCardId: card.id, code },
      { token: agent.token, lang: 'en' },
    );
    expect(unproven.body).toMatchObject({ code: 428, data: { stepUp: 'bank_withdrawal' } });
    const paid = await t.api(
      withdrawalsToBankCard,
      { currency: 'CNY', amount: 50_000, bankCardId: card.id, code, stepUpTicket: await ticketFor(agent) },
      { token: agent.token, headers: { 'idempotency-key': key() } },
    );
    expect(paid.body.data).toMatchObject({ fee: 500, net: 49_500 });
    expect(await figures(agent.token, 'CNY')).toMatchObject({
      available: 50_000,
      inPayout: 49_500,
      fees: 500,
    });
    const id = (paid.body.data as WithdrawalView).id;
    await settlePayout(t.ctx, id, { status: 'paid' }, { ip: 't', device: 't' });
    await expect(
      settlePayout(t.ctx, id, { status: 'failed', reason: 'x' }, { ip: 't', device: 't' }),
    ).rejects.toMatchObject({ code: 409 });
    // Paid: the net reached the bank, the fee stays a fee.
    expect(await figures(agent.token, 'CNY')).toMatchObject({
      earned: 100_000,
      available: 50_000,
      inPayout: 0,
      withdrawn: 49_500,
      fees: 500,
    });
    await expectBooksHealthy(t.ctx);
  });

  it('keeps the mail code when a withdrawal is refused for a bad bank card or the day’s count', async () => {
    const agent = await agentWithAvailable('CNY', 500_000); // 100000 available
    const other = await agentWithAvailable('CNY', 500_000);
    Object.assign(agent, await openSession(t, agent.accountId)); // the other's holding period passed
    const card = (
      await t.api(
        addBankCard,
        { holder: 'Li Lei', bank: 'ICBC', cardNo: '4111111111111111' },
        { token: agent.token },
      )
    ).body.data as BankCardView;
    const foreign = (
      await t.api(
        addBankCard,
        { holder: 'Wang', bank: 'BOC', cardNo: '5555555555554444' },
        { token: other.token },
      )
    ).body.data as BankCardView;
    const code = await askForCode(t, agentGetCode, {}, agent.token, agent.email);
    const withdraw = async (bankCardId: string) =>
      t.api(
        withdrawalsToBankCard,
        { currency: 'CNY', amount: 2_000, bankCardId, code, stepUpTicket: await ticketFor(agent) },
        { token: agent.token, lang: 'en', headers: { 'idempotency-key': key() } },
      );
    // More refusals than a customer has codes before the mail back-off: none of them costs the code.
    for (const bad of [foreign.id, 'no-such-card', foreign.id, 'no-such-card', foreign.id, 'no-such-card']) {
      const refused = await withdraw(bad);
      expect(refused.body).toMatchObject({ code: 422, msg: 'This bank card is not among your saved cards' });
    }
    expect(await figures(agent.token, 'CNY')).toMatchObject({ available: 100_000, inPayout: 0, fees: 0 });
    const ok = await withdraw(card.id);
    expect(ok.body.data).toMatchObject({ status: 'requested', amount: 2_000 });
    // Spent by the withdrawal that went through, and only by it.
    const reused = await withdraw(card.id);
    expect(reused.body).toMatchObject({ code: 422 });

    // The day's count refused: the (new) code is kept as well.
    const second = await askForCode(t, agentGetCode, {}, agent.token, agent.email);
    const again = async () =>
      t.api(
        withdrawalsToBankCard,
        {
          currency: 'CNY',
          amount: 2_000,
          bankCardId: card.id,
          code: second,
          stepUpTicket: await ticketFor(agent),
        },
        { token: agent.token, lang: 'en', headers: { 'idempotency-key': key() } },
      );
    expect((await again()).body.data).toMatchObject({ status: 'requested' });
    const third = await askForCode(t, agentGetCode, {}, agent.token, agent.email);
    expect(
      (
        await t.api(
          withdrawalsToBankCard,
          {
            currency: 'CNY',
            amount: 2_000,
            bankCardId: card.id,
            code: third,
            stepUpTicket: await ticketFor(agent),
          },
          { token: agent.token, headers: { 'idempotency-key': key() } },
        )
      ).body.data,
    ).toMatchObject({ status: 'requested' });
    const fourth = await askForCode(t, agentGetCode, {}, agent.token, agent.email);
    const counted = await t.api(
      withdrawalsToBankCard,
      {
        currency: 'CNY',
        amount: 2_000,
        bankCardId: card.id,
        code: fourth,
        stepUpTicket: await ticketFor(agent),
      },
      { token: agent.token, lang: 'en', headers: { 'idempotency-key': key() } },
    );
    expect(counted.body).toMatchObject({ code: 422, msg: expect.stringContaining('3') });
    // The refused withdrawal left the code live: a wallet withdrawal spends it.
    const toWallet = await t.api(
      withdrawalsToWallet,
      { currency: 'CNY', amount: 1_000, code: fourth },
      { token: agent.token, headers: { 'idempotency-key': key() } },
    );
    expect(toWallet.body.data).toMatchObject({ status: 'paid', amount: 1_000 });
    await figures(agent.token, 'CNY');
    await expectBooksHealthy(t.ctx);
  });

  it('checks bank cards: Luhn, duplicates, removal, and another customer’s card is unknown', async () => {
    const agent = await agentWithAvailable('CNY', 500_000);
    const wrong = await t.api(
      addBankCard,
      { holder: 'A', bank: 'B', cardNo: '4111111111111112' },
      { token: agent.token, lang: 'en' },
    );
    expect(wrong.body).toMatchObject({
      code: 422,
      msg: 'This card number is not valid; please check the digits',
    });
    const ok = await t.api(
      addBankCard,
      { holder: 'A', bank: 'B', cardNo: '5555555555554444' },
      { token: agent.token },
    );
    const twice = await t.api(
      addBankCard,
      { holder: 'A', bank: 'B', cardNo: '5555555555554444' },
      { token: agent.token },
    );
    expect(twice.body.code).toBe(409);
    const cardId = (ok.body.data as BankCardView).id;

    const thief = await agentWithAvailable('CNY', 500_000);
    const code = await askForCode(t, agentGetCode, {}, thief.token, thief.email);
    const stolen = await t.api(
      withdrawalsToBankCard,
      { currency: 'CNY', amount: 20_000, bankCardId: cardId, code, stepUpTicket: await ticketFor(thief) },
      { token: thief.token, lang: 'en' },
    );
    expect(stolen.body).toMatchObject({ code: 422, msg: 'This bank card is not among your saved cards' });
    expect((await t.api(removeBankCardNo, { id: cardId }, { token: thief.token })).body.code).toBe(422);
    Object.assign(agent, await openSession(t, agent.accountId));

    expect((await t.api(removeBankCardNo, { id: cardId }, { token: agent.token })).body.code).toBe(200);
    expect((await t.api(bankCardList, {}, { token: agent.token })).body.data).toEqual([]);
  });

  it('is the main account’s own: a sub-account user gets 4030 on every call', async () => {
    const agent = await signedInAccount(t);
    const sub = await openSession(t, agent.accountId, 'sub-agent');
    for (const answer of [
      await t.api(agentInfo, {}, { token: sub.token }),
      await t.api(pageFlow, { pageNo: 1, pageSize: 10 }, { token: sub.token }),
      await t.api(
        withdrawalsToWallet,
        { currency: 'CNY', amount: 100, code: '123456' },
        { token: sub.token },
      ),
      await t.api(addBankCard, { holder: 'A', bank: 'B', cardNo: '4111111111111111' }, { token: sub.token }),
    ])
      expect(answer.body.code).toBe(4030);
  });
});
