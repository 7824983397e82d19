/** Builds the payouts provider from the environment: the sandbox in demo mode. */
import type { Env } from '../../env';
import type { PayoutsProvider } from './payouts-provider';
import { createSandboxPayouts } from './sandbox-payouts';

export type { PayoutOrder, PayoutsProvider } from './payouts-provider';

/**
 * Production has no payout gateway yet: bank withdrawals answer a clear refusal there instead of
 * pretending to pay (withdraw-to-bank-card.ts), while wallet withdrawals work everywhere.
 */
export function createPayoutsProvider(env: Env): PayoutsProvider | null {
  return env.APP_MODE === 'demo' ? createSandboxPayouts() : null;
}
