/**
 * Every action the server can write into the operation log (issue 34 §6): the audited endpoints
 * (lib/route.ts writes the endpoint id), the ledger's movements (`ledger.<kind>`, written by the
 * database function `ledger_post` in the movement's transaction) and the jobs' own rows. The
 * operation log page and its export name each in both languages (locales/*\/operations.json); a
 * test keeps those names complete against this list.
 */
import { isAudited } from './core';
import { allEndpoints } from './index';

/** What moves money; also the log action `ledger.<kind>` (server/modules/ledger/movement.ts). */
export const LEDGER_KINDS = [
  'topup',
  'transfer_in',
  'reversal',
  'card_open',
  'card_recharge',
  'card_withdraw',
  'card_delete',
  'card_spend',
  'card_refund',
  'card_reversal',
  'rebate_accrue',
  'rebate_clawback',
  'rebate_release',
  'rebate_payout',
  'rebate_withdraw',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Rows written by jobs and unauthenticated calls, outside lib/route.ts. */
export const JOB_LOG_ACTIONS = [
  'risk.freeze',
  'file.pubUpload',
  'subAccounts.expiryReminded',
  'subAccounts.expiryApplied',
] as const;
export type JobLogAction = (typeof JOB_LOG_ACTIONS)[number];

/** Every action an operation-log row can carry. */
export function loggedActions(): string[] {
  return [
    ...new Set([
      ...allEndpoints.filter(isAudited).map((def) => def.id),
      ...LEDGER_KINDS.map((kind) => `ledger.${kind}`),
      ...JOB_LOG_ACTIONS,
    ]),
  ].sort();
}
