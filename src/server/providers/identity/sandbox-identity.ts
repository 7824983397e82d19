/**
 * The demo provider: nothing leaves the machine. A submitted order waits in the database for the
 * sandbox review desk (`/sandbox/identity`), where a person plays the provider's reviewer.
 */
import type { IdentityProvider } from './identity-provider';

export function createSandboxIdentity(): IdentityProvider {
  return {
    kind: 'sandbox',
    submit: (check) => Promise.resolve({ reference: `sandbox-${check.orderId}` }),
  };
}
