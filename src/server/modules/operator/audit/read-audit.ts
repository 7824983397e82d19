/**
 * The audit log for admins: a page newest first, and the CSV export (at most 10,000 rows, the
 * same filter). Reading changes nothing, and is not itself audited (an export is: it hands data out).
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { AuditEntry } from '../../../../contract/operator';
import type { AppContext } from '../../../context';
import { operatorAudit } from '../../../db/schema';
import { writeOperatorAudit } from './write-operator-audit';
import type { OperatorActor } from '../operator-session';

export interface AuditFilter {
  action?: string | undefined;
  operatorEmail?: string | undefined;
  targetId?: string | undefined;
}

export const AUDIT_EXPORT_MAX = 10_000;

function whereOf(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.action) parts.push(eq(operatorAudit.action, filter.action));
  if (filter.operatorEmail)
    parts.push(eq(operatorAudit.operatorEmail, filter.operatorEmail.trim().toLowerCase()));
  if (filter.targetId) parts.push(eq(operatorAudit.targetId, filter.targetId));
  return parts.length ? and(...parts) : undefined;
}

function entryOf(row: typeof operatorAudit.$inferSelect): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    operatorId: row.operatorId,
    operatorEmail: row.operatorEmail,
    role: row.role,
    action: row.action,
    targetKind: row.targetKind,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    ip: row.ip,
  };
}

export async function listAudit(ctx: AppContext, filter: AuditFilter & { pageNo: number; pageSize: number }) {
  const where = whereOf(filter);
  const db = ctx.database.db;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(operatorAudit)
      .where(where)
      .orderBy(desc(operatorAudit.at), desc(operatorAudit.id))
      .limit(filter.pageSize)
      .offset((filter.pageNo - 1) * filter.pageSize),
    db.select({ n: count() }).from(operatorAudit).where(where),
  ]);
  return { data: rows.map(entryOf), total: total?.n ?? 0, pageNo: filter.pageNo, pageSize: filter.pageSize };
}

const COLUMNS = [
  'at',
  'operatorEmail',
  'role',
  'action',
  'targetKind',
  'targetId',
  'before',
  'after',
  'reason',
  'ip',
] as const;

export async function exportAudit(
  ctx: AppContext,
  filter: AuditFilter,
  actor: OperatorActor,
): Promise<Response> {
  const rows = await ctx.database.db
    .select()
    .from(operatorAudit)
    .where(whereOf(filter))
    .orderBy(desc(operatorAudit.at), desc(operatorAudit.id))
    .limit(AUDIT_EXPORT_MAX);
  const records = rows.map(entryOf).map((entry) =>
    COLUMNS.map((column) => {
      const value = entry[column];
      return value === null || value === undefined
        ? ''
        : typeof value === 'string'
          ? value
          : JSON.stringify(value);
    }),
  );
  // Excel-minded like the flows export: BOM, CRLF, formulas defused.
  const csv = `\uFEFF${stringify([[...COLUMNS], ...records], { record_delimiter: 'windows', escape_formulas: true, quote_record_delimiter: true })}`;
  await writeOperatorAudit(ctx.database.db, ctx, {
    actor,
    action: 'audit.export',
    after: { rows: records.length, filter },
  });
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="operator-audit-${ctx.now().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
