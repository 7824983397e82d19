/**
 * Bank withdrawals through a production payout gateway (issue 17): a real local HTTP server plays
 * the gateway. It checks each order's signature and answers signed; its decisions come back signed
 * to `POST /api/payouts/events`, which settles the withdrawal once, whatever is replayed or forged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentInfoView, BankCardView, WithdrawalView } from '@contract/agent';
import { addBankCard, agentGetCode, agentInfo, withdrawalsToBankCard } from '@contract/agent';
import { stepUp } from '@contract/account';
import { loadEnv } from '../../../env';
import { SIGNATURE_HEADER, signBody, verifySignature } from '../../../providers/payments/signature';
import { createPayoutsProvider, payoutsConfigProblems } from '../../../providers/payouts';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import { askForCode, openSession } from '../../../testing/signed-in';
import { expectBooksHealthy, invitedPair, payFee } from '../../../testing/agent';
import { accrueFees } from '../commissions/accrue-fees';
import { HOLD_MS } from '../agent-rules';
import { PAYOUT_EVENTS_PATH } from './payout-events-route';
import { releaseCommissions } from '../commissions/release-commissions';

const SECRET = 'payout-gateway-secret-for-tests';

/** The gateway: records every order whose signature holds, answers a signed reference. */
function startGateway(): Promise<{ server: Server; url: string; orders: Record<string, unknown>[] }> {
  const orders: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.url !== '/v1/payouts' || !verifySignature(SECRET, raw, req.headers['x-signature'] as string)) {
        res.writeHead(401).end();
        return;
      }
      const order = JSON.parse(raw) as Record<string, unknown>;
      orders.push(order);
      const answer = JSON.stringify({ reference: `gw-${String(order['withdrawalId'])}` });
      res.writeHead(200, {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(SECRET, answer),
      });
      res.end(answer);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/v1`, orders });
    }),
  );
}

let t: TestApp;
let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
  t = await createTestApp({ PAYOUT_API_URL: gateway.url, PAYOUT_API_SECRET: SECRET });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => gateway.server.close(resolve));
});

function deliver(body: unknown, secret = SECRET) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return t.raw(PAYOUT_EVENTS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, raw) },
    body: raw,
  });
}

async function outcomeOf(response: Response): Promise<{ code: number; outcome: string }> {
  const body = (await response.json()) as { code: number; data: { outcome: string } };
  return { code: body.code, outcome: body.data.outcome };
}

async function cnyBalance(token: string) {
  const view = (await t.api(agentInfo, {}, { token })).body.data as AgentInfoView;
  return view.balances.find((b) => b.currency === 'CNY');
}

/** An agent with 100,000 CNY available (500,000 of invitee fees at 20 %), a bank card and a request. */
async function agentWithBankCard() {
  const { agent, invitee } = await invitedPair(t);
  await payFee(t, invitee.accountId, 'topup', 'CNY', 500_000);
  await accrueFees(t.ctx);
  t.advance(HOLD_MS);
  Object.assign(agent, await openSession(t, agent.accountId));
  await releaseCommissions(t.ctx);
  const card = (
    await t.api(
      addBankCard,
      { holder: 'Li Lei', bank: 'ICBC', cardNo: '4111 1111 1111 1111' },
      { token: agent.token },
    )
  ).body.data as BankCardView;
  const withdraw = async (amount: number) => {
    const code = await askForCode(t, agentGetCode, {}, agent.token, agent.email);
    const ticket = (
      await t.api(stepUp, { purpose: 'bank_withdrawal', password: agent.password }, { token: agent.token })
    ).body.data as { ticket: string };
    const answer = await t.api(
      withdrawalsToBankCard,
      { currency: 'CNY', amount, bankCardId: card.id, code, stepUpTicket: ticket.ticket },
      { token: agent.token, headers: { 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` } },
    );
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as WithdrawalView;
  };
  return { agent, withdraw };
}

describe('payout gateway', () => {
  it('receives each bank withdrawal as a signed order with the full number, net of the fee', async () => {
    const { withdraw } = await agentWithBankCard();
    const request = await withdraw(20_000);
    expect(request).toMatchObject({ status: 'requested', fee: 200, net: 19_800 });
    expect(gateway.orders.at(-1)).toEqual({
      withdrawalId: request.id,
      currency: 'CNY',
      amount: 19_800,
      holder: 'Li Lei',
      bank: 'ICBC',
      cardNumber: '4111111111111111',
    });
  });

  it('settles a withdrawal once from its signed decision; replays, forgeries and contradictions change nothing', async () => {
    const { agent, withdraw } = await agentWithBankCard();
    const paid = await withdraw(50_000);
    expect(await cnyBalance(agent.token)).toMatchObject({ available: 50_000, inPayout: 49_500 });

    // Forged (another key), unreadable and unknown: refused, nothing moves.
    const forged = await deliver(
      { withdrawalId: paid.id, status: 'failed', reason: 'x' },
      'not-the-secret-at-all',
    );
    expect(await outcomeOf(forged)).toEqual({ code: 401, outcome: 'bad_signature' });
    expect(await outcomeOf(await deliver('{"withdrawalId":'))).toEqual({ code: 400, outcome: 'malformed' });
    expect(await outcomeOf(await deliver({ withdrawalId: paid.id, status: 'failed' }))).toEqual({
      code: 400,
      outcome: 'malformed',
    });
    expect(await outcomeOf(await deliver({ withdrawalId: 'nope', status: 'paid' }))).toEqual({
      code: 404,
      outcome: 'unknown_withdrawal',
    });
    expect(await cnyBalance(agent.token)).toMatchObject({
      available: 50_000,
      inPayout: 49_500,
      withdrawn: 0,
      fees: 500,
    });

    expect(await outcomeOf(await deliver({ withdrawalId: paid.id, status: 'paid' }))).toEqual({
      code: 200,
      outcome: 'paid',
    });
    // The same decision again is harmless; the opposite one is refused.
    expect(await outcomeOf(await deliver({ withdrawalId: paid.id, status: 'paid' }))).toMatchObject({
      code: 200,
    });
    expect(
      await outcomeOf(await deliver({ withdrawalId: paid.id, status: 'failed', reason: 'late' })),
    ).toEqual({ code: 409, outcome: 'already_settled' });
    expect(await cnyBalance(agent.token)).toMatchObject({
      available: 50_000,
      inPayout: 0,
      withdrawn: 49_500,
      fees: 500,
    });

    // A failed payout returns the whole amount, fee included.
    const failing = await withdraw(20_000);
    expect(
      await outcomeOf(
        await deliver({ withdrawalId: failing.id, status: 'failed', reason: 'account closed' }),
      ),
    ).toEqual({ code: 200, outcome: 'failed' });
    expect(await cnyBalance(agent.token)).toMatchObject({
      available: 50_000,
      inPayout: 0,
      withdrawn: 49_500,
      fees: 500,
    });
    await expectBooksHealthy(t.ctx);
  });
});

describe('payout configuration', () => {
  it('uses the gateway when configured, the sandbox only in demo mode, and nothing in production without one', () => {
    expect(
      createPayoutsProvider(loadEnv({ PAYOUT_API_URL: 'https://payouts.test', PAYOUT_API_SECRET: SECRET }))
        ?.name,
    ).toBe('gateway');
    expect(createPayoutsProvider(loadEnv({}))?.name).toBe('sandbox');
    expect(createPayoutsProvider(loadEnv({ APP_MODE: 'production' }))).toBeNull();
  });

  it('refuses a gateway address without its secret', () => {
    expect(payoutsConfigProblems(loadEnv({ PAYOUT_API_URL: 'https://payouts.test' }))).toEqual([
      'PAYOUT_API_SECRET is required with PAYOUT_API_URL',
    ]);
    expect(payoutsConfigProblems(loadEnv({}))).toEqual([]);
  });

  it('answers events as not configured when the server has no payout secret', async () => {
    const plain = await createTestApp();
    try {
      const raw = JSON.stringify({ withdrawalId: 'w', status: 'paid' });
      const answer = await plain.raw(PAYOUT_EVENTS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, raw) },
        body: raw,
      });
      expect(await outcomeOf(answer)).toEqual({ code: 404, outcome: 'not_configured' });
    } finally {
      await plain.close();
    }
  });
});
