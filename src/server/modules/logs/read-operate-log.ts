/**
 * operateLog: the state-changing calls of the account and its team, newest first (rows are written
 * by lib/route.ts). Each row says who acted (the owner, or which member) and what it concerned
 * (cards by serial, or a top-up order); the owner can narrow the list to one actor or one subject.
 */
import type { SQL } from 'drizzle-orm';
import { and, arrayOverlaps, count, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { operateLogEntry } from '../../../contract/logs';
import type { AppContext } from '../../context';
import { cards, operationLogs, subAccounts } from '../../db/schema';
import type { LogPage, LogQuery } from './log-page';
import { newestFirst, offsetOf, ownRows } from './log-page';

export type OperateLogEntry = z.infer<typeof operateLogEntry>;

export interface OperateLogQuery extends LogQuery {
  actor?: string | undefined;
  subject?: string | undefined;
}

/** The owner's own rows, or one member's. */
function actorIs(actor: string | undefined): SQL | undefined {
  if (actor === undefined) return undefined;
  return actor === 'main' ? isNull(operationLogs.subAccountId) : eq(operationLogs.subAccountId, actor);
}

/** A subject given as a card serial is found by the card's id too, so either names the card. */
async function subjectIs(
  ctx: AppContext,
  accountId: string,
  subject: string | undefined,
): Promise<SQL | undefined> {
  if (subject === undefined) return undefined;
  const bySerial = await ctx.database.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.accountId, accountId), eq(cards.serial, subject)));
  const ids = [subject, ...bySerial.map((c) => c.id)];
  return arrayOverlaps(operationLogs.subjectIds, ids);
}

export async function readOperateLog(
  ctx: AppContext,
  accountId: string,
  query: OperateLogQuery,
): Promise<LogPage<OperateLogEntry>> {
  const db = ctx.database.db;
  const where = and(
    ownRows(operationLogs, accountId, query),
    actorIs(query.actor),
    await subjectIs(ctx, accountId, query.subject),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(operationLogs)
      .where(where)
      .orderBy(...newestFirst(operationLogs))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(operationLogs).where(where),
  ]);
  const members = await membersOf(
    ctx,
    accountId,
    rows.map((r) => r.subAccountId),
  );
  const serials = await serialsOf(
    ctx,
    accountId,
    rows.flatMap((r) => (r.subjectKind === 'card' ? (r.subjectIds ?? []) : [])),
  );
  return {
    data: rows.map((row) => {
      const member = row.subAccountId ? members.get(row.subAccountId) : undefined;
      return {
        id: row.id,
        action: row.action,
        result: row.result,
        code: row.code,
        ip: row.ip,
        device: row.device,
        createdAt: row.createdAt.toISOString(),
        actor: row.subAccountId
          ? {
              kind: 'sub' as const,
              subAccountId: row.subAccountId,
              subUid: member?.subUid ?? null,
              nickname: member?.nickname ?? null,
            }
          : { kind: 'main' as const, subAccountId: null, subUid: null, nickname: null },
        subjectKind: row.subjectKind ?? null,
        subjects: (row.subjectIds ?? []).map((id) => ({
          id,
          label: row.subjectKind === 'card' ? (serials.get(id) ?? id) : id,
        })),
      };
    }),
    total: counted?.total ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

async function membersOf(
  ctx: AppContext,
  accountId: string,
  ids: (string | null)[],
): Promise<Map<string, { subUid: string; nickname: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.database.db
    .select({ id: subAccounts.id, subUid: subAccounts.subUid, nickname: subAccounts.nickname })
    .from(subAccounts)
    .where(and(eq(subAccounts.accountId, accountId), inArray(subAccounts.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}

async function serialsOf(ctx: AppContext, accountId: string, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.database.db
    .select({ id: cards.id, serial: cards.serial })
    .from(cards)
    .where(and(eq(cards.accountId, accountId), inArray(cards.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.serial]));
}
