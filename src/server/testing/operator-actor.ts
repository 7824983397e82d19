/**
 * Operator actors for tests of console operations: one that records each audit entry with the
 * transaction it came in (so a test can prove the entry is written in the change's transaction), and
 * one whose audit write fails (so a test can prove the change is then undone).
 */
import type { Tx } from '../db/client';
import type { AuditRecord, ActingOperator } from '../lib/operator-actor';

export interface RecordedAudit extends AuditRecord {
  operatorId: string;
  tx: Tx;
}

export function recordingActor(operatorId = 'op-test'): ActingOperator & { records: RecordedAudit[] } {
  const records: RecordedAudit[] = [];
  return {
    operatorId,
    ip: '127.0.0.1',
    records,
    audit: (tx, actor, record) => {
      records.push({ ...record, operatorId: actor.operatorId, tx });
      return Promise.resolve();
    },
  };
}

export function failingAuditActor(operatorId = 'op-failing'): ActingOperator {
  return {
    operatorId,
    ip: '127.0.0.1',
    audit: () => Promise.reject(new Error('audit log unavailable')),
  };
}
