/**
 * The one query builder of the financial breakdown: flowPage and flowDown both filter through
 * `flowWhere`, so the export holds exactly the rows the list shows. Flow rows are the ledger entries
 * of the caller's wallets (`account_id` is copied onto wallet entries only), newest first by
 * (created_at, id) — the order of the index `ledger_entries_owner_flow_idx`, so the database walks
 * the index backwards and stops after a page instead of sorting the account's whole history.
 */
import type { SQL } from 'drizzle-orm';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { CurrencyCode } from '../../../contract/core';
import type { FlowRow, FlowType, flowFilter } from '../../../contract/finance';
import { ledgerEntries } from '../../db/schema';
import { fail } from '../../lib/errors';
import { shiftCivilDate, startOfCivilDate } from '../account/account-calendar';

export type FlowFilter = z.output<typeof flowFilter>;

/**
 * Dates are calendar days of the product's calendar (UTC+8, the same one the overview counts days
 * in): startDate from its midnight, endDate up to the next midnight, both inclusive. A start after
 * the end is a mistake worth telling apart from "no rows", so it is a 400 naming both fields.
 */
export function checkFlowFilter(filter: FlowFilter): void {
  if (filter.startDate && filter.endDate && filter.startDate > filter.endDate)
    throw fail.badRequest('server:flows.dateRange', { fields: ['startDate', 'endDate'] });
}

export function flowWhere(accountId: string, filter: FlowFilter): SQL {
  const conditions: SQL[] = [eq(ledgerEntries.accountId, accountId)];
  if (filter.type) conditions.push(eq(ledgerEntries.type, filter.type));
  if (filter.currency) conditions.push(eq(ledgerEntries.currency, filter.currency));
  if (filter.startDate) conditions.push(gte(ledgerEntries.createdAt, startOfCivilDate(filter.startDate)));
  if (filter.endDate)
    conditions.push(lt(ledgerEntries.createdAt, startOfCivilDate(shiftCivilDate(filter.endDate, 1))));
  if (filter.cardSerial) conditions.push(eq(ledgerEntries.cardSerial, filter.cardSerial));
  if (filter.txnNo) conditions.push(eq(ledgerEntries.transactionId, filter.txnNo));
  // and() of a non-empty list is never undefined.
  return and(...conditions)!;
}

/** The columns of a flow row, selected the same way by both endpoints. */
export const flowColumns = {
  id: ledgerEntries.id,
  txnNo: ledgerEntries.transactionId,
  type: ledgerEntries.type,
  currency: ledgerEntries.currency,
  amount: ledgerEntries.amount,
  balance: ledgerEntries.balanceAfter,
  cardSerial: ledgerEntries.cardSerial,
  label: ledgerEntries.label,
  description: ledgerEntries.description,
  createdAt: ledgerEntries.createdAt,
};

export interface FlowRecord {
  id: number;
  txnNo: string;
  type: string;
  currency: string;
  amount: number;
  balance: number;
  cardSerial: string | null;
  label: string | null;
  description: string;
  createdAt: Date;
}

export function toFlowRow(record: FlowRecord, summary: string): FlowRow {
  return {
    txnNo: record.txnNo,
    // Wallet legs carry a contract flow type and wallets exist only in contract currencies (the
    // ledger refuses others), so these are narrowings, not conversions.
    type: record.type as FlowType,
    currency: record.currency as CurrencyCode,
    amount: record.amount,
    balance: record.balance,
    cardSerial: record.cardSerial,
    label: record.label,
    summary,
    description: record.description,
    createdAt: record.createdAt.toISOString(),
  };
}
