/**
 * The step-up seam of bank withdrawals (BRIEF shared design 1, purpose `bank_withdrawal`). The
 * shared `consumeStepUp` of src/server/lib/step-up.ts had not landed when this module was written;
 * until it is wired here, a bank withdrawal is confirmed by the e-mail code alone (the route checks
 * it), and the request's `stepUpTicket` is accepted and ignored. This is the one place to change.
 */
import type { Call } from '../../lib/route';

export async function requireBankWithdrawalStepUp(_call: Call, _ticket: string | undefined): Promise<void> {
  // Deliberately empty until the shared step-up check exists (see the comment above).
}
