/** A stored forecast as the contract's `forecastView`, with the customer's legal actions. */
import type { ForecastView } from '../../../contract/finance';
import type { topupForecasts } from '../../db/schema';
import { customerActions } from './forecast-state';

export type ForecastRow = typeof topupForecasts.$inferSelect;

export function forecastView(row: ForecastRow): ForecastView {
  return {
    id: row.id,
    currency: 'USD',
    amount: row.amount,
    status: row.status,
    payerName: row.payerName,
    payerAccount: row.payerAccount,
    bankArea: row.bankArea,
    bankName: row.bankName,
    transferDate: row.transferDate,
    bankTxnNo: row.bankTxnNo,
    description: row.description,
    proofFileId: row.proofFileId,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...customerActions(row.status),
  };
}
