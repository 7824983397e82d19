/**
 * The demo provider: nothing leaves the machine. A submitted order waits in the database for the
 * sandbox review desk (`/sandbox/identity`), where a person plays the provider's reviewer. With
 * IDENTITY_API_SECRET set (and no URL), the decision callback is open too, signed with it: how a
 * provider's decisions are tried before its checks are wired.
 */
import type { IdentityProvider } from './identity-provider';

export function createSandboxIdentity(decisionSecret: string | null = null): IdentityProvider {
  return {
    kind: 'sandbox',
    decisionSecret,
    submit: (check) => Promise.resolve({ reference: `sandbox-${check.orderId}` }),
  };
}
