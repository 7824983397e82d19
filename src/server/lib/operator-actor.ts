/**
 * Who performs a console operation, and the audit writer it reports to (issue 31 §3). The writer is
 * handed in by the operator route layer (the console's guard and its audit log); an operation calls it
 * inside the same transaction as its change, so a change without its audit entry cannot commit, and
 * a failed audit write undoes the change. Tests hand in a writer of their own.
 */
import type { Tx } from '../db/client';

export interface AuditRecord {
  /** A dotted name: `notices.publish`, `fees.segment.change`, `customers.freeze`, ... */
  action: string;
  targetKind: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}

export type AuditWriter = (tx: Tx, actor: ActingOperator, record: AuditRecord) => Promise<void>;

export interface ActingOperator {
  operatorId: string;
  ip: string;
  audit: AuditWriter;
}

/** Writes the record through the actor's audit writer, in `tx`. */
export function audit(tx: Tx, actor: ActingOperator, record: AuditRecord): Promise<void> {
  return actor.audit(tx, actor, record);
}
