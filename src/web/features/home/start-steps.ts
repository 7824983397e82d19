/**
 * The three-step start of a new account (issue 34 §2): verify → top up → open a card, each ticked
 * from the account's own figures, never from a flag the browser keeps. Pure, so the rules are
 * tested without a page (start-steps.test.ts).
 */
import type { Overview } from '../../../contract/account';
import type { IdentityStatusView } from '../../../contract/identity';
import type { Balances } from '../../lib/wallet';

export type StartStepName = 'verify' | 'topUp' | 'openCard';

export interface StartStep {
  name: StartStepName;
  done: boolean;
  /** Verification sent and waiting for review: not done, but nothing for the customer to do. */
  pending?: boolean;
}

export interface StartInputs {
  identity: Pick<IdentityStatusView, 'level' | 'order' | 'topupCeiling'> | undefined;
  wallet: Balances | null;
  overview: Pick<Overview, 'cards' | 'monthTopUp'> | null;
}

const anyPositive = (amounts: Partial<Record<string, number>> | null | undefined): boolean =>
  Object.values(amounts ?? {}).some((amount) => (amount ?? 0) > 0);

/**
 * The steps, or null while the figures that decide them have not all arrived (a start that ticks
 * a step a moment later would be a start that lies for that moment).
 *
 * - verified: the level is individual or business;
 * - topped up: money was ever credited — what an unverified account has topped up (the server's
 *   running total against its ceiling), a balance above zero, a top-up this month, or any card
 *   ever opened (opening takes a top-up first);
 * - card opened: the account has or had a card (deleted ones count: the step was done).
 */
export function startSteps({ identity, wallet, overview }: StartInputs): StartStep[] | null {
  if (!identity || !wallet || !overview) return null;
  // The total counts every card the account opened, deleted ones included.
  const opened = overview.cards.total > 0;
  const toppedUp =
    identity.topupCeiling.some((row) => row.used > 0) ||
    anyPositive(wallet) ||
    anyPositive(overview.monthTopUp) ||
    opened;
  const pending = identity.order !== null && ['submitted', 'in_review'].includes(identity.order.status);
  return [
    {
      name: 'verify',
      done: identity.level !== 'unverified',
      pending: identity.level === 'unverified' && pending,
    },
    { name: 'topUp', done: toppedUp },
    { name: 'openCard', done: opened },
  ];
}

/**
 * Whether the start shows: while topping up or opening a card is still to do. Once both are done a
 * missing verification is the identity prompt's one line, not a checklist of one item.
 */
export function showsStart(steps: readonly StartStep[] | null): steps is StartStep[] {
  return steps !== null && steps.some((step) => step.name !== 'verify' && !step.done);
}
