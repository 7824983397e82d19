/** What both log lists share: the request filter, the order and the page of the answer. */
import type { SQL } from 'drizzle-orm';
import { and, desc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface LogQuery {
  pageNo: number;
  pageSize: number;
  result?: 'success' | 'failure' | 'continued' | undefined;
}

export interface LogPage<Entry> {
  data: Entry[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** The columns every log table has. */
export interface LogColumns {
  id: PgColumn;
  accountId: PgColumn;
  result: PgColumn;
  createdAt: PgColumn;
}

/** The caller's own rows only, optionally of one result. */
export function ownRows(log: LogColumns, accountId: string, query: LogQuery): SQL | undefined {
  return and(eq(log.accountId, accountId), query.result ? eq(log.result, query.result) : undefined);
}

/** Newest first; the id breaks ties between rows of the same instant so pages never overlap or skip. */
export function newestFirst(log: LogColumns): SQL[] {
  return [desc(log.createdAt), desc(log.id)];
}

export function offsetOf(query: LogQuery): number {
  return (query.pageNo - 1) * query.pageSize;
}
