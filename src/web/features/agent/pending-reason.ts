/** Why a commission line is in its state, and when it changes, in the agent's words. */
import type { CommissionView } from '../../../contract/agent';
import { productDate } from '../../lib/product-time';

export interface LineExplanation {
  key: string;
  params: Record<string, string>;
}

export function explainLine(line: CommissionView, now = Date.now()): LineExplanation {
  if (line.status === 'clawed_back') return { key: 'flow.why.clawedBack', params: {} };
  if (line.status === 'available')
    return { key: 'flow.why.available', params: { date: productDate(line.releasedAt ?? line.availableAt) } };
  // Pending: held until the refund window of the fee closes; past the date, the next job run frees it.
  const date = productDate(line.availableAt);
  return Date.parse(line.availableAt) <= now
    ? { key: 'flow.why.releasing', params: { date } }
    : { key: 'flow.why.holding', params: { date } };
}
