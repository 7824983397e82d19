/**
 * Keyset paging of the exports' batches (flows, card records, cards): newest first by
 * (created_at, id), each batch continuing after the last row of the one before, so a batch costs the
 * same at the end of the file as at the start (OFFSET would rescan everything before it).
 */
import type { AnyColumn, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { ExportBatch } from './stream-export';

export interface KeysetCursor<Id extends string | number = string> {
  /** created_at as PostgreSQL prints it: keeps the microseconds a JavaScript Date would drop. */
  createdAt: string;
  id: Id;
}

/** The rows after `after` in (created_at desc, id desc) order; no condition for the first batch. */
export function olderThan(
  createdAt: AnyColumn,
  id: AnyColumn,
  after: KeysetCursor<string | number> | null,
): SQL | undefined {
  return after ? sql`(${createdAt}, ${id}) < (${after.createdAt}::timestamptz, ${after.id})` : undefined;
}

/**
 * A batch of rows read (at most `size`) with their `cursor`, created_at as text: a full batch says
 * where the next one starts, a shorter one is the last.
 */
export function keysetBatch<R extends { id: string; cursor: string }>(
  rows: R[],
  size: number,
): ExportBatch<Omit<R, 'cursor'>, KeysetCursor> {
  const last = rows[rows.length - 1];
  return {
    rows: rows.map(({ cursor: _cursor, ...row }) => row),
    next: last && rows.length === size ? { createdAt: last.cursor, id: last.id } : null,
  };
}
