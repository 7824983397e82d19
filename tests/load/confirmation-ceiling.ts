/**
 * Confirmed top-ups against the database's own limit (issue 19 §1). pgbench measures the minimal
 * transaction a confirmation must do (pgbench-baseline.ts); the portal is then offered rising shares
 * of that rate, and the figure is the highest one it takes with p99 ≤ 50 ms, every confirmation
 * answered, and the wallets exactly what the paid orders add up to. Printed for one hot wallet and
 * for 100 wallets. Both the baseline and the portal move with the host's speed; their ratio does not
 * (much), so the target is a ratio: ≥ 0.6.
 */
import { buildContext } from '../../src/server/bootstrap';
import { loadEnv } from '../../src/server/env';
import { createAccount } from '../../src/server/modules/account/create-account';
import { grantVerification } from '../../src/server/modules/identity/grant-verification';
import type { Report } from './bench-kit';
import { BASIC } from './bench-kit';
import { measureConfirmations } from './topups';

const P99_LIMIT_MS = 50;
/** Shares of the pgbench rate offered in turn, until one fails. */
const SHARES = [0.15, 0.25, 0.35, 0.5, 0.6, 0.7, 0.85];
const CUSTOMER_PASSWORD = 'Bench-Customer#2026';
const customerEmail = (i: number) => `bench.customer.${i}@example.com`;

/** Customers made straight in the database before the server starts (no sign-up limits to meet). */
export async function seedCustomers(databaseUrl: string, dataDir: string, count: number): Promise<void> {
  const ctx = await buildContext(
    loadEnv({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  );
  try {
    for (let i = 0; i < count; i++) {
      const account = await createAccount(ctx, {
        email: customerEmail(i),
        password: CUSTOMER_PASSWORD,
        nickname: `Bench ${i}`,
        accountType: 'business',
      });
      // Verified, like the demo account: an unverified one may top up ¥20,000 in all (issue 16),
      // which the orders of one measurement pass.
      await grantVerification(ctx, account.id, 'business');
    }
  } finally {
    await ctx.database.close();
  }
}

export async function signInCustomers(url: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/user/loginPwd`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: customerEmail(i), password: CUSTOMER_PASSWORD }),
    });
    const body = (await res.json()) as { code: number; data: { access_token: string } };
    if (body.code !== 200) throw new Error(`customer sign-in failed: ${JSON.stringify(body)}`);
    tokens.push(body.data.access_token);
  }
  return tokens;
}

export interface Ceiling {
  /** The highest offered rate that held; 0 when the first share already failed. */
  rate: number;
  steps: string[];
}

export async function confirmationCeiling(
  url: string,
  customers: readonly string[],
  baselineTps: number,
): Promise<Ceiling> {
  let rate = 0;
  const steps: string[] = [];
  for (const share of SHARES) {
    const rps = Math.round(baselineTps * share);
    const run = await measureConfirmations(url, customers, { rps, seconds: 6, warmSeconds: 3 });
    const exact = run.walletGrewBy === run.expectedGrowth;
    const held = exact && run.failed === 0 && run.p99 <= P99_LIMIT_MS && run.achievedRps >= rps * 0.95;
    steps.push(
      `${rps}/s: p99 ${run.p99.toFixed(1)} ms, ${run.achievedRps.toFixed(0)}/s ok${exact ? '' : ', WALLET MISMATCH'}`,
    );
    if (!held) break;
    rate = rps;
  }
  return { rate, steps };
}

export function reportCeiling(report: Report, where: string, ceiling: Ceiling, baselineTps: number): void {
  report(
    `confirmed top-ups on ${where}: highest rate with p99 ≤ ${P99_LIMIT_MS} ms, against pgbench`,
    `${ceiling.rate}/s / ${baselineTps.toFixed(0)} tps = ×${(ceiling.rate / baselineTps).toFixed(2)} (${ceiling.steps.join('; ')})`,
    '≥ ×0.6, wallets exact',
  );
}
