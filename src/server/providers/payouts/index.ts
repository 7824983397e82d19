/**
 * Builds the payouts provider from the environment: the payout gateway when `PAYOUT_API_URL` is
 * set, the sandbox (decided on the `/sandbox/payouts` desk) in demo mode.
 */
import type { Env } from '../../env';
import { createGatewayPayouts } from './gateway-payouts';
import type { PayoutsProvider } from './payouts-provider';
import { createSandboxPayouts } from './sandbox-payouts';

export type { PayoutOrder, PayoutsProvider } from './payouts-provider';

/** Settings that cannot work together, in any mode (bootstrap.ts refuses to start). */
export function payoutsConfigProblems(env: Env): string[] {
  return env.PAYOUT_API_URL && !env.PAYOUT_API_SECRET
    ? ['PAYOUT_API_SECRET is required with PAYOUT_API_URL']
    : [];
}

/**
 * Production without a configured gateway has no way to pay a bank card: bank withdrawals answer a
 * clear refusal there instead of pretending to pay (withdraw-to-bank-card.ts), while wallet
 * withdrawals work everywhere.
 */
export function createPayoutsProvider(env: Env): PayoutsProvider | null {
  if (env.PAYOUT_API_URL) {
    if (!env.PAYOUT_API_SECRET) throw new Error('PAYOUT_API_SECRET is required with PAYOUT_API_URL');
    return createGatewayPayouts({ baseUrl: env.PAYOUT_API_URL, secret: env.PAYOUT_API_SECRET });
  }
  return env.APP_MODE === 'demo' ? createSandboxPayouts() : null;
}
