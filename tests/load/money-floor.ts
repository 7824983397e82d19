/**
 * The two money paths against their floor (issue 33 §7): a payment channel's confirmation and an
 * issuer's authorization decision, sent to the portal and then to the bare floor server
 * (floor-server.ts: node:http, the same signature check and the same database statements) on the
 * same PostgreSQL database. For each, the highest offered rate whose p99 stays ≤ 50 ms with every
 * answer 200 and every balance exact; the portal's as a ratio to the floor's (target ≥ 0.8), with
 * pgbench's minimal confirmation beside it as the database's own limit, and the authorization
 * decision's p99 at the portal's highest rate.
 *
 * The authorizations go to many cards (the velocity rule allows 10 a minute per card), each with
 * spending rules and in one of a few groups with a budget, so every decision runs the whole rule
 * path: the rules and counters read, the group's claim, the hold and the card's counters.
 * "Exact": the cards' balances fell by exactly the amounts the database holds for them.
 */
import { createHmac } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { buildContext } from '../../src/server/bootstrap';
import type { AppContext } from '../../src/server/context';
import { inTransaction } from '../../src/server/db/client';
import {
  cardAuthorizations,
  cardGroupBudgets,
  cardGroupMembers,
  cardGroups,
  cards,
  cardSegments,
  cardSpendRules,
  ledgerAccounts,
} from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { newId } from '../../src/server/lib/crypto';
import { createAccount } from '../../src/server/modules/account/create-account';
import { grantVerification } from '../../src/server/modules/identity/grant-verification';
import type { CardRow } from '../../src/server/modules/cards/card-access';
import { newCardId, storeIssuedCards } from '../../src/server/modules/cards/open/store-card';
import { moveMoney } from '../../src/server/modules/ledger';
import { ISSUER_EVENTS_PATH } from '../../src/server/modules/card-spend/events/issuer-events-route';
import { NO_SPEND_RULES } from '../../src/contract/spending';
import type { Report } from './bench-kit';
import { startFloor } from './bench-kit';
import type { RateResult } from './fixed-rate';
import { runFixedRate } from './fixed-rate';
import { callApi } from './http-client';
import { BENCH_CHANNEL_SECRET, measureConfirmations } from './topups';

export const P99_LIMIT_MS = 50;
/**
 * `BENCH_SIZE=small`: a check that the paths run end to end (few cards, two short steps), not a
 * figure to read: its ratios mean nothing.
 */
const SMALL = process.env.BENCH_SIZE === 'small';
/** Shares of pgbench's rate offered in turn, until one fails (the same steps for portal and floor). */
const SHARES = SMALL ? [0.05, 0.1] : [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];
/** Seconds measured at each rate (after a ramp of ¼, ½ and the full rate). */
const MEASURED_SECONDS = SMALL ? 2 : 6;
export const BENCH_ISSUER_SECRET = 'bench-only-issuer-event-secret';
/** What the portal and the floor are started with: the benchmark signs both kinds of event itself. */
export const MONEY_SECRETS = {
  PAYMENT_CHANNEL_SECRETS: `wechat:${BENCH_CHANNEL_SECRET}`,
  ISSUER_EVENT_SECRET: BENCH_ISSUER_SECRET,
};
/**
 * Cards the authorizations are spread over: the velocity rule declines an 11th authorization of a
 * card within a minute, so keep CARDS ≥ 6 × the highest rate offered (BENCH_SPEND_CARDS).
 */
const CARDS = Number(process.env.BENCH_SPEND_CARDS ?? (SMALL ? 200 : 2_000));
const GROUPS = 20;
const CARD_BALANCE = 100_000_000;

interface Step {
  rps: number;
  run: RateResult;
  exact: boolean;
}

export interface MoneyCeiling {
  rate: number;
  /** The run at that rate (null when none held). */
  atRate: RateResult | null;
  steps: string[];
}

async function ceilingOf(
  rates: readonly number[],
  step: (rps: number) => Promise<Step>,
): Promise<MoneyCeiling> {
  let best: MoneyCeiling = { rate: 0, atRate: null, steps: [] };
  const steps: string[] = [];
  for (const rps of rates) {
    const { run, exact } = await step(rps);
    const held = exact && run.failed === 0 && run.p99 <= P99_LIMIT_MS && run.achievedRps >= rps * 0.95;
    steps.push(`${rps}/s: p99 ${run.p99.toFixed(1)} ms${exact ? '' : ', BALANCE MISMATCH'}`);
    if (!held) break;
    best = { rate: rps, atRate: run, steps };
  }
  return { ...best, steps };
}

// ---------------------------------------------------------------------------------------------
// Authorizations

export interface AuthorizationSeed {
  cards: Pick<CardRow, 'id' | 'issuerRef'>[];
}

/** An account with CARDS funded USD cards, each with rules, spread over GROUPS groups with budgets. */
export async function seedAuthorizations(databaseUrl: string, dataDir: string): Promise<AuthorizationSeed> {
  const ctx = await buildContext(
    loadEnv({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ISSUER_EVENT_SECRET: BENCH_ISSUER_SECRET,
    }),
  );
  try {
    const account = await createAccount(ctx, {
      email: `bench.spender.${newId()}@example.com`,
      password: 'Bench-Spender#2026',
      nickname: 'Bench spender',
      accountType: 'business',
    });
    await grantVerification(ctx, account.id, 'business');
    const [segment] = await ctx.database.db
      .select()
      .from(cardSegments)
      .where(sql`${cardSegments.currency} = 'USD'`)
      .limit(1);
    if (!segment) throw new Error('no USD segment');
    const stored: CardRow[] = [];
    for (let start = 0; start < CARDS; start += 250) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(250, CARDS - start) }, async () => {
          const id = newCardId();
          const issued = await ctx.issuer.issueCard({
            requestId: id,
            bin: segment.bin,
            network: segment.network,
            currency: segment.currency,
            holderName: 'BENCH SPENDER',
          });
          return { id, issued, segmentId: segment.id, currency: segment.currency, label: null };
        }),
      );
      stored.push(
        ...(await inTransaction(ctx.database.db, (tx) =>
          storeIssuedCards(tx, ctx, {
            owner: { accountId: account.id, subAccountId: null },
            cards: batch.map((card) => ({
              ...card,
              holder: {
                holderFirstName: 'BENCH',
                holderLastName: 'SPENDER',
                street: '1 Main St',
                city: 'Austin',
                state: 'TX',
                postcode: '73301',
                country: 'US',
              },
            })),
            batchId: null,
            ip: 'bench',
            now: ctx.now(),
          }),
        )),
      );
    }
    await fund(ctx, stored);
    await ruleAndGroup(ctx, account.id, stored);
    return { cards: stored.map((card) => ({ id: card.id, issuerRef: card.issuerRef })) };
  } finally {
    await ctx.database.close();
  }
}

async function fund(ctx: AppContext, stored: CardRow[]): Promise<void> {
  for (let start = 0; start < stored.length; start += 200) {
    const part = stored.slice(start, start + 200);
    await moveMoney(ctx, {
      key: `bench-card-fund:${newId()}`,
      kind: 'card_recharge',
      accountId: part[0]!.accountId,
      legs: [
        {
          account: { house: { kind: 'card_funding', name: 'bench', currency: 'USD' } },
          amount: -CARD_BALANCE * part.length,
          type: 'bench funding',
        },
        ...part.map((card) => ({
          account: { card: { cardId: card.id, currency: card.currency } },
          amount: CARD_BALANCE,
          type: 'card_recharge',
          cardSerial: card.serial,
        })),
      ],
      actor: { ip: 'bench', device: 'bench' },
    });
  }
}

/** Rules that a decision must read and check but that never decline, and groups with large budgets. */
async function ruleAndGroup(ctx: AppContext, accountId: string, stored: CardRow[]): Promise<void> {
  const db = ctx.database.db;
  const rules = {
    ...NO_SPEND_RULES,
    perAuthorization: 100_000,
    daily: 10_000_000,
    monthly: 50_000_000,
    lifetime: 90_000_000,
    categories: { mode: 'block' as const, groups: ['government' as const] },
    countries: { mode: 'block' as const, countries: ['GB'] },
  };
  await db.insert(cardSpendRules).values(stored.map((card) => ({ cardId: card.id, accountId, rules })));
  const groupIds = Array.from({ length: GROUPS }, () => newId());
  await db
    .insert(cardGroups)
    .values(groupIds.map((id, i) => ({ id, accountId, name: `Bench ${i}`, nameKey: `bench ${i}` })));
  await db
    .insert(cardGroupBudgets)
    .values(groupIds.map((groupId) => ({ groupId, accountId, monthly: 1e12 })));
  await db
    .insert(cardGroupMembers)
    .values(stored.map((card, i) => ({ cardId: card.id, groupId: groupIds[i % GROUPS]!, accountId })));
}

/** Sum of the cards' balances and of what the database holds for them. */
async function cardMoney(
  ctx: AppContext,
  ids: readonly string[],
): Promise<{ balance: number; held: number }> {
  const [balance] = await ctx.database.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
    .from(ledgerAccounts)
    .innerJoin(cards, sql`${cards.ledgerAccountId} = ${ledgerAccounts.id}`)
    .where(inArray(cards.id, [...ids]));
  const [held] = await ctx.database.db
    .select({ sum: sql<string>`coalesce(sum(${cardAuthorizations.amount}), 0)` })
    .from(cardAuthorizations)
    .where(sql`${cardAuthorizations.status} = 'pending'`);
  return { balance: Number(balance?.sum ?? 0), held: Number(held?.sum ?? 0) };
}

function authorizer(url: string, seed: AuthorizationSeed, start: { next: number }): () => Promise<boolean> {
  return async () => {
    const card = seed.cards[start.next++ % seed.cards.length]!;
    const raw = JSON.stringify({
      eventId: `bench-evt-${newId()}`,
      type: 'authorization',
      cardRef: card.issuerRef,
      authorizationId: `bench-auth-${newId()}`,
      amount: 100 + (start.next % 900),
      currency: 'USD',
      merchant: { name: 'Ads Platform', category: '7311', country: 'US' },
      cvvMatched: true,
      expiryMatched: true,
    });
    const answer = await callApi(`${url}${ISSUER_EVENTS_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', BENCH_ISSUER_SECRET).update(raw).digest('hex'),
      },
      body: raw,
    });
    return answer.code === 200;
  };
}

async function measureAuthorizations(
  url: string,
  ctx: AppContext,
  seed: AuthorizationSeed,
  cursor: { next: number },
  rps: number,
): Promise<Step> {
  const ids = seed.cards.map((card) => card.id);
  const before = await cardMoney(ctx, ids);
  const call = authorizer(url, seed, cursor);
  for (const share of [0.25, 0.5, 1]) await runFixedRate(call, { rps: rps * share, seconds: 1 });
  const run = await runFixedRate(call, { rps, seconds: MEASURED_SECONDS });
  const after = await cardMoney(ctx, ids);
  return { rps, run, exact: before.balance - after.balance === after.held - before.held };
}

// ---------------------------------------------------------------------------------------------

/** The portal's rate over the floor's; none when the floor held no rate (0/0 is not a ratio). */
function ratioOf(portal: number, floor: number): string {
  return floor > 0 ? `×${(portal / floor).toFixed(2)}` : '— (the floor held no rate)';
}

export interface MoneyTarget {
  url: string;
  stop(): Promise<void>;
}

/**
 * Runs both paths on the portal (already running at `portalUrl`, which also makes the orders and
 * reads the wallets) and then on the floor, and reports the ratios.
 */
export async function reportMoneyAgainstFloor(
  report: Report,
  options: {
    portalUrl: string;
    tokens: readonly string[];
    databaseUrl: string;
    dataDir: string;
    seed: AuthorizationSeed;
    pgbenchTps: number;
  },
): Promise<void> {
  const rates = [...new Set(SHARES.map((share) => Math.max(1, Math.round(options.pgbenchTps * share))))];
  const ctx = await buildContext(
    loadEnv({ DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir, LOG_LEVEL: 'silent' }),
  );
  const cursor = { next: 0 };
  try {
    const confirm = (notifyUrl: string) => async (rps: number) => {
      const run = await measureConfirmations(options.portalUrl, options.tokens, {
        rps,
        seconds: MEASURED_SECONDS,
        warmSeconds: SMALL ? 1 : 3,
        notifyUrl,
      });
      return { rps, run, exact: run.walletGrewBy === run.expectedGrowth };
    };
    const authorize = (url: string) => (rps: number) =>
      measureAuthorizations(url, ctx, options.seed, cursor, rps);

    const portalConfirm = await ceilingOf(rates, confirm(options.portalUrl));
    const portalAuth = await ceilingOf(rates, authorize(options.portalUrl));
    const floor = await startFloor(options.dataDir, options.databaseUrl, {
      ISSUER_EVENT_SECRET: BENCH_ISSUER_SECRET,
    });
    let floorConfirm: MoneyCeiling;
    let floorAuth: MoneyCeiling;
    try {
      floorConfirm = await ceilingOf(rates, confirm(floor.url));
      floorAuth = await ceilingOf(rates, authorize(floor.url));
    } finally {
      await floor.stop();
    }
    const line = (name: string, portal: MoneyCeiling, floorFigure: MoneyCeiling) =>
      report(
        `${name}: highest rate with p99 ≤ ${P99_LIMIT_MS} ms, portal / floor (pgbench ${options.pgbenchTps.toFixed(0)} tps)`,
        `${portal.rate}/s / ${floorFigure.rate}/s = ${ratioOf(portal.rate, floorFigure.rate)}` +
          ` (portal: ${portal.steps.join('; ')} | floor: ${floorFigure.steps.join('; ')})`,
        '≥ ×0.8, balances exact',
      );
    line('payment confirmation', portalConfirm, floorConfirm);
    line('authorization decision', portalAuth, floorAuth);
    report(
      'authorization decision p99 at the portal’s highest rate',
      portalAuth.atRate
        ? `${portalAuth.atRate.p99.toFixed(1)} ms at ${portalAuth.rate}/s (p50 ${portalAuth.atRate.p50.toFixed(1)} ms)`
        : 'no rate held',
      'far below the issuer’s ~2 s deadline',
    );
  } finally {
    await ctx.database.close();
  }
}
