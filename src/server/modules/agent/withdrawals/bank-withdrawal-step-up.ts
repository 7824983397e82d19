/**
 * Bank withdrawals need a step-up ticket of purpose `bank_withdrawal` (BRIEF shared design 1): it
 * is checked before the mail code is spent (a missing step-up does not cost the code), and spent in
 * the withdrawal's own transaction (a refused withdrawal leaves it unspent). Missing or bad: 428
 * `{ stepUp: 'bank_withdrawal' }`, and the PWA opens the step-up sheet.
 */
import type { Executor } from '../../../db/client';
import type { Call } from '../../../lib/route';
import { consumeStepUp, requireLiveStepUp } from '../../../lib/step-up';

export async function checkBankWithdrawalStepUp(call: Call, ticket: string | undefined): Promise<void> {
  await requireLiveStepUp(call.app.database.db, call, 'bank_withdrawal', ticket);
}

export async function spendBankWithdrawalStepUp(
  db: Executor,
  call: Call,
  ticket: string | undefined,
): Promise<void> {
  await consumeStepUp(db, call, 'bank_withdrawal', ticket);
}
