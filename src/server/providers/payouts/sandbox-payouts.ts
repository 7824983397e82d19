/**
 * The sandbox payout provider (demo mode): it accepts every order and pays nothing by itself; a
 * person decides each one on the review desk `/sandbox/payouts` (pay or fail), exactly where a real
 * provider's notification would arrive.
 */
import type { PayoutOrder, PayoutsProvider } from './payouts-provider';

export function createSandboxPayouts(): PayoutsProvider {
  return {
    name: 'sandbox',
    send(order: PayoutOrder) {
      return Promise.resolve({ reference: `sandbox-${order.withdrawalId}` });
    },
  };
}
