/** Builds the payments provider from the environment: the gateway when configured, else the sandbox. */
import type { Env } from '../../env';
import type { SecretBox } from '../../lib/crypto';
import { demoChannelSecrets, missingChannelSecrets, parseChannelSecrets } from './channel-secrets';
import { createGatewayPayments } from './gateway-payments';
import type { PaymentsProvider } from './payments-provider';
import { createSandboxPayments } from './sandbox-payments';

export type { Checkout, CheckoutOrder, PaymentEvent, PaymentsProvider } from './payments-provider';

/** Why production mode cannot take payments with this environment (bootstrap.ts refuses to start). */
export function paymentsProductionProblems(env: Env): string[] {
  const problems: string[] = [];
  if (!env.PAYMENTS_GATEWAY_URL)
    problems.push('PAYMENTS_GATEWAY_URL is required (the payment simulator is demo-only)');
  const missing = missingChannelSecrets(env.PAYMENT_CHANNEL_SECRETS);
  if (missing.length > 0) problems.push(`PAYMENT_CHANNEL_SECRETS needs a secret for ${missing.join(', ')}`);
  return problems;
}

export function createPaymentsProvider(env: Env, box: SecretBox): PaymentsProvider {
  if (env.PAYMENTS_GATEWAY_URL) {
    const missing = missingChannelSecrets(env.PAYMENT_CHANNEL_SECRETS);
    if (missing.length > 0)
      throw new Error(`PAYMENT_CHANNEL_SECRETS needs a secret for ${missing.join(', ')}`);
    return createGatewayPayments({
      baseUrl: env.PAYMENTS_GATEWAY_URL,
      secrets: parseChannelSecrets(env.PAYMENT_CHANNEL_SECRETS),
    });
  }
  if (env.APP_MODE === 'production') throw new Error('the payment simulator is demo-only');
  return createSandboxPayments(demoChannelSecrets(env.PAYMENT_CHANNEL_SECRETS, box));
}
