/**
 * Sessions and their tokens (api-conventions.md "Authentication"): random 256-bit tokens stored as
 * SHA-256 hashes, rotated on refresh with reuse detection, revoked on logout, dead after 2 idle hours.
 */
import { and, eq, isNull, lte, ne } from 'drizzle-orm';
import type { Tokens } from '../../contract/auth';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { inTransaction } from '../db/client';
import { accounts, sessions, sessionTokens } from '../db/schema';
import { newId, newToken, sha256 } from './crypto';
import { AppError, fail } from './errors';
import { Code } from '../../contract/core';
import { normalisePermissions, type PermissionKey } from '../../contract/permissions';

/** How often last_seen_at is written: at most once a minute per session (spec §9). */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionPrincipal {
  sessionId: string;
  accountId: string;
  subAccountId: string | null;
  /**
   * The account as read with the session, in the same statement: calls that only read these fields
   * (user info) need no second query. Absent where a principal is built without it.
   */
  account?: SessionAccount;
  /**
   * A sub-account session's member, read with the session in the same statement on every request
   * (status, validity and role keys are never cached: a change counts from the next request).
   */
  sub?: SessionSub;
}

/** The member behind a sub-account session, as the session lookup reads it. */
export interface SessionSub {
  id: string;
  subUid: string;
  email: string;
  nickname: string;
  mobile: string | null;
  validUntil: Date;
  expired: boolean;
  roleName: string;
  /** The role's keys as granted (normalised: unknown keys dropped, required keys added). */
  permissions: readonly PermissionKey[];
}

export interface ClientInfo {
  clientId: string;
  ip: string;
  device: string;
}

async function issueTokens(ctx: AppContext, tx: Executor, sessionId: string): Promise<Tokens> {
  const now = ctx.now().getTime();
  const access = newToken();
  const refresh = newToken();
  const accessExpires = new Date(now + ctx.env.ACCESS_TOKEN_TTL * 1000);
  await tx.insert(sessionTokens).values([
    {
      tokenHash: sha256(access),
      sessionId,
      kind: 'access',
      expiresAt: accessExpires,
      createdAt: new Date(now),
    },
    {
      tokenHash: sha256(refresh),
      sessionId,
      kind: 'refresh',
      expiresAt: new Date(now + ctx.env.REFRESH_TOKEN_TTL * 1000),
      createdAt: new Date(now),
    },
  ]);
  return { access_token: access, access_overtime: accessExpires.getTime(), refresh_token: refresh };
}

/** Open a session for an account that has passed every sign-in step. */
export async function startSession(
  ctx: AppContext,
  tx: Executor,
  accountId: string,
  client: ClientInfo,
  subAccountId: string | null = null,
): Promise<Tokens> {
  const id = newId();
  const now = ctx.now();
  await tx.insert(sessions).values({
    id,
    accountId,
    subAccountId,
    clientId: client.clientId,
    ip: client.ip,
    device: client.device,
    createdAt: now,
    lastSeenAt: now,
  });
  return issueTokens(ctx, tx, id);
}

function idleLimitPassed(ctx: AppContext, lastSeenAt: Date): boolean {
  return ctx.now().getTime() - lastSeenAt.getTime() > ctx.env.SESSION_IDLE_TTL * 1000;
}

/** The account fields a session lookup carries: enough for `userInfo` and the status check. */
export type SessionAccount = Pick<
  typeof accounts.$inferSelect,
  | 'id'
  | 'email'
  | 'nickname'
  | 'mobile'
  | 'accountType'
  | 'status'
  | 'inviteCode'
  | 'googleSecret'
  | 'subSwitch'
  | 'createdAt'
>;

interface SessionLookupRow {
  kind: 'access' | 'refresh';
  expires_at: Date;
  session_id: string;
  sub_account_id: string | null;
  last_seen_at: Date;
  revoked_at: Date | null;
  account_id: string;
  email: string;
  nickname: string | null;
  mobile: string | null;
  account_type: SessionAccount['accountType'];
  status: SessionAccount['status'];
  invite_code: string;
  google_secret: string | null;
  sub_switch: number;
  account_created_at: Date;
  sub_id: string | null;
  sub_uid: string | null;
  sub_email: string | null;
  sub_nickname: string | null;
  sub_mobile: string | null;
  sub_status: 'invited' | 'online' | 'frozen' | null;
  sub_valid_until: Date | null;
  role_name: string | null;
  role_permissions: string[] | null;
}

/**
 * Token, session and account in one statement, prepared once (`prepared`): it runs on every
 * bearer call, and parsing and planning the three-table join each time cost more than running it.
 */
const SESSION_LOOKUP = `select t.kind, t.expires_at, s.id as session_id, s.sub_account_id, s.last_seen_at,
  s.revoked_at, a.id as account_id, a.email, a.nickname, a.mobile, a.account_type, a.status,
  a.invite_code, a.google_secret, a.sub_switch, a.created_at as account_created_at,
  sa.id as sub_id, sa.sub_uid, sa.email as sub_email, sa.nickname as sub_nickname,
  sa.mobile as sub_mobile, sa.status as sub_status, sa.valid_until as sub_valid_until,
  r.name as role_name, r.permissions as role_permissions
  from session_tokens t
  join sessions s on s.id = t.session_id
  join accounts a on a.id = s.account_id
  left join sub_accounts sa on sa.id = s.sub_account_id and sa.account_id = s.account_id
  left join sub_roles r on r.id = sa.role_id
  where t.token_hash = $1`;

/**
 * Resolve a bearer token. 401: unknown, revoked or idle session. 600: the access token expired (the
 * client refreshes). 403: the account may no longer act. Every call reads the session as stored, so
 * a revocation (logout, password change or reset, refresh rotation, closure) counts at once, in any
 * number of server processes.
 */
export async function authenticate(ctx: AppContext, token: string | undefined): Promise<SessionPrincipal> {
  if (!token) throw fail.unauthorized();
  const lookup = ctx.database.prepared<SessionLookupRow>('session_lookup', SESSION_LOOKUP);
  const [row] = await lookup([sha256(token)]);
  if (!row || row.kind !== 'access' || row.revoked_at) throw fail.unauthorized();
  const now = ctx.now();
  if (idleLimitPassed(ctx, row.last_seen_at)) {
    await revokeSession(ctx, ctx.database.db, row.session_id, 'idle');
    throw new AppError(Code.unauthorized, 'server:errors.idleTimeout');
  }
  if (row.expires_at.getTime() <= now.getTime()) throw fail.accessExpired();
  if (row.status !== 'active') throw fail.forbidden('server:errors.accountInactive');
  const sub = row.sub_account_id ? subOf(row, now) : undefined;
  if (row.sub_account_id && !sub) {
    // Freezing revokes the member's sessions; this catches a session that outlived its member.
    await revokeSession(ctx, ctx.database.db, row.session_id, 'sub-inactive');
    throw fail.forbidden('server:subAccounts.inactive');
  }
  if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_INTERVAL_MS)
    await touchSession(ctx, row.session_id, now);
  return {
    ...(sub ? { sub } : {}),
    sessionId: row.session_id,
    accountId: row.account_id,
    subAccountId: row.sub_account_id,
    account: {
      id: row.account_id,
      email: row.email,
      nickname: row.nickname,
      mobile: row.mobile,
      accountType: row.account_type,
      status: row.status,
      inviteCode: row.invite_code,
      googleSecret: row.google_secret,
      subSwitch: row.sub_switch,
      createdAt: row.account_created_at,
    },
  };
}

/** The member of a sub-account session, or null when it may no longer act (gone, frozen, invited). */
function subOf(row: SessionLookupRow, now: Date): SessionSub | null {
  if (!row.sub_id || row.sub_status !== 'online' || !row.sub_valid_until) return null;
  return {
    id: row.sub_id,
    subUid: row.sub_uid ?? '',
    email: row.sub_email ?? '',
    nickname: row.sub_nickname ?? '',
    mobile: row.sub_mobile,
    validUntil: row.sub_valid_until,
    expired: row.sub_valid_until.getTime() <= now.getTime(),
    roleName: row.role_name ?? '',
    permissions: normalisePermissions(row.role_permissions ?? []),
  };
}

/**
 * Move the activity stamp forward. Requests that read the old stamp at the same moment (or in
 * another process) all get here; the condition lets only the first of them write, so the stamp is
 * written at most once a minute per session.
 */
async function touchSession(ctx: AppContext, sessionId: string, now: Date): Promise<void> {
  await ctx.database.db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(eq(sessions.id, sessionId), lte(sessions.lastSeenAt, new Date(now.getTime() - TOUCH_INTERVAL_MS))),
    );
}

/**
 * The refresh grant. The presented refresh token is spent and a new pair issued; presenting a spent
 * one means it was stolen or replayed, so the whole session is revoked (610).
 */
export async function refreshSession(
  ctx: AppContext,
  refreshToken: string,
  clientId: string,
): Promise<Tokens> {
  const outcome = await inTransaction(ctx.database.db, async (tx) => {
    const [row] = await tx
      .select({
        kind: sessionTokens.kind,
        usedAt: sessionTokens.usedAt,
        expiresAt: sessionTokens.expiresAt,
        sessionId: sessions.id,
        clientId: sessions.clientId,
        revokedAt: sessions.revokedAt,
        lastSeenAt: sessions.lastSeenAt,
        status: accounts.status,
      })
      .from(sessionTokens)
      .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(eq(sessionTokens.tokenHash, sha256(refreshToken)))
      .for('update')
      .limit(1);
    if (!row || row.kind !== 'refresh' || row.revokedAt || row.clientId !== clientId) {
      return { error: fail.refreshExpired() };
    }
    if (row.usedAt) {
      await revokeSession(ctx, tx, row.sessionId, 'refresh-reuse');
      return { error: fail.refreshExpired() };
    }
    if (row.expiresAt.getTime() <= ctx.now().getTime() || idleLimitPassed(ctx, row.lastSeenAt)) {
      await revokeSession(ctx, tx, row.sessionId, 'expired');
      return { error: fail.refreshExpired() };
    }
    if (row.status !== 'active') return { error: fail.forbidden('server:errors.accountInactive') };
    const spent = await tx
      .update(sessionTokens)
      .set({ usedAt: ctx.now() })
      .where(and(eq(sessionTokens.tokenHash, sha256(refreshToken)), isNull(sessionTokens.usedAt)))
      .returning({ hash: sessionTokens.tokenHash });
    if (spent.length === 0) return { error: fail.refreshExpired() };
    // The old access token dies with the rotation so only one pair is live per session.
    await tx
      .delete(sessionTokens)
      .where(and(eq(sessionTokens.sessionId, row.sessionId), eq(sessionTokens.kind, 'access')));
    await tx.update(sessions).set({ lastSeenAt: ctx.now() }).where(eq(sessions.id, row.sessionId));
    return { tokens: await issueTokens(ctx, tx, row.sessionId) };
  });
  // Revocations above must commit, so the refusal is thrown only after the transaction.
  if ('error' in outcome) throw outcome.error;
  return outcome.tokens;
}

export async function revokeSession(
  ctx: AppContext,
  tx: Executor,
  sessionId: string,
  reason: string,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: ctx.now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revoke every live session of an account, optionally sparing the one making the call. */
export async function revokeAccountSessions(
  ctx: AppContext,
  tx: Executor,
  accountId: string,
  reason: string,
  keepSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.accountId, accountId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await tx
    .update(sessions)
    .set({ revokedAt: ctx.now(), revokedReason: reason })
    .where(and(...conditions));
}
