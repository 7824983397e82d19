/** Builds the card issuer from the environment: only the sandbox exists, and only in demo mode. */
import type { Env } from '../../env';
import type { SecretBox } from '../../lib/crypto';
import type { IssuerProvider } from './issuer-provider';
import { createSandboxIssuer } from './sandbox-issuer';

export type { IssuedCard, IssuerProvider, IssueRequest } from './issuer-provider';

export function issuerProductionProblems(env: Env): string[] {
  return env.APP_MODE === 'production'
    ? ['no production card issuer is integrated yet (the sandbox issuer is demo-only)']
    : [];
}

export function createIssuerProvider(env: Env, box: SecretBox, now: () => Date): IssuerProvider {
  if (env.APP_MODE === 'production') throw new Error('the sandbox issuer is demo-only');
  // Demo mode: the event key derives from the server key, so it survives restarts without config.
  const eventSecret = env.ISSUER_EVENT_SECRET ?? box.hmac('issuer-events', 'sandbox');
  return createSandboxIssuer({ eventSecret, now });
}
