/** Builds the card issuer from the environment: the processor when configured, else the sandbox. */
import type { Env } from '../../env';
import type { SecretBox } from '../../lib/crypto';
import { createGatewayIssuer } from './gateway-issuer';
import type { IssuerProvider } from './issuer-provider';
import { createSandboxIssuer } from './sandbox-issuer';

export type { IssuedCard, IssuerProvider, IssueRequest } from './issuer-provider';

/** Why production mode cannot issue cards with this environment (bootstrap.ts refuses to start). */
export function issuerProductionProblems(env: Env): string[] {
  const problems: string[] = [];
  if (!env.ISSUER_API_URL) problems.push('ISSUER_API_URL is required (the sandbox issuer is demo-only)');
  if (!env.ISSUER_EVENT_SECRET) problems.push('ISSUER_EVENT_SECRET is required');
  return problems;
}

export function createIssuerProvider(env: Env, box: SecretBox, now: () => Date): IssuerProvider {
  if (env.ISSUER_API_URL) {
    if (!env.ISSUER_EVENT_SECRET) throw new Error('ISSUER_EVENT_SECRET is required with ISSUER_API_URL');
    return createGatewayIssuer({ baseUrl: env.ISSUER_API_URL, secret: env.ISSUER_EVENT_SECRET });
  }
  if (env.APP_MODE === 'production') throw new Error('the sandbox issuer is demo-only');
  // Demo mode: the event key derives from the server key, so it survives restarts without config.
  const eventSecret = env.ISSUER_EVENT_SECRET ?? box.hmac('issuer-events', 'sandbox');
  return createSandboxIssuer({ eventSecret, now });
}
