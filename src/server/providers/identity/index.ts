/** Builds the identity provider from the environment: the provider when configured, else the sandbox. */
import type { Env } from '../../env';
import { createGatewayIdentity } from './gateway-identity';
import type { IdentityProvider } from './identity-provider';
import { createSandboxIdentity } from './sandbox-identity';

export type { IdentityCheck, IdentityProvider } from './identity-provider';

export function createIdentityProvider(env: Env): IdentityProvider {
  if (env.IDENTITY_API_URL) {
    if (!env.IDENTITY_API_SECRET) throw new Error('IDENTITY_API_SECRET is required with IDENTITY_API_URL');
    return createGatewayIdentity({ baseUrl: env.IDENTITY_API_URL, secret: env.IDENTITY_API_SECRET });
  }
  // Production without a provider keeps the sandbox's behaviour (orders wait for a reviewer), but
  // the review desk is demo-only, so such orders would wait for the back office.
  return createSandboxIdentity(env.IDENTITY_API_SECRET ?? null);
}
