/**
 * Step-up re-authentication (docs/decisions.md "Step-up re-authentication"). A bearer token alone
 * must not be enough to take over an account or read card secrets: sensitive calls also need a
 * ticket that only the password (or the Google code, when Google Authenticator is bound) can buy.
 *
 * - `issueStepUp` (POST /api/user/stepUp) checks the factor and stores a ticket as a SHA-256 hash,
 *   bound to the session and one purpose, for 5 minutes. Wrong passwords are throttled per account
 *   (429 after 5 in 15 minutes); wrong Google codes go through lib/totp.ts, which throttles them.
 * - `consumeStepUp` spends a ticket with one conditional UPDATE: of two concurrent calls with the
 *   same ticket only one can win. Anything else answers 428 with `data: { stepUp: purpose }`.
 *
 * Nothing lives in memory, so any number of server processes share the tickets.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { StepUpPurpose } from '../../contract/account';
import type { Executor } from '../db/client';
import type { AppContext } from '../context';
import { accounts, stepUpTickets, subAccounts } from '../db/schema';
import { newToken, sha256 } from './crypto';
import { fail } from './errors';
import { claimThenJudge } from './limit-claim';
import { verifyPassword } from './passwords';
import type { Call } from './route';
import { consumeGoogleCode } from './totp';

export const STEP_UP_TTL_SECONDS = 300;
/** Wrong step-up passwords allowed per account in the window before further tries wait. */
export const STEP_UP_WRONG_LIMIT = 5;
const STEP_UP_WINDOW_MS = 15 * 60_000;
const wrongSubject = (holder: string) => `stepup:${holder}`;

export type StepUpMethod = 'password' | 'google' | 'passkey';

export interface StepUpProof {
  purpose: StepUpPurpose;
  password?: string | undefined;
  googleCode?: string | undefined;
}

function sessionOf(call: Call): { sessionId: string; accountId: string } {
  if (!call.principal) throw new Error('step-up used on an endpoint that is not bearer-authenticated');
  return call.principal;
}

/**
 * Check the factor the account has: the Google code when Google Authenticator is bound (the
 * stronger one: a password can be phished or reused elsewhere), the password otherwise.
 */
async function proveHolder(
  ctx: AppContext,
  accountId: string,
  subAccountId: string | null,
  proof: StepUpProof,
): Promise<StepUpMethod> {
  // A member of the team proves itself, never the owner: its own password (members have no Google
  // Authenticator). Its wrong passwords are counted apart from the owner's.
  if (subAccountId !== null) {
    const [member] = await ctx.database.db
      .select({ passwordHash: subAccounts.passwordHash })
      .from(subAccounts)
      .where(and(eq(subAccounts.id, subAccountId), eq(subAccounts.accountId, accountId)))
      .limit(1);
    if (!member?.passwordHash) throw fail.rule('server:stepUp.passwordWrong');
    return provePassword(ctx, `${accountId}:${subAccountId}`, member.passwordHash, proof);
  }
  const [account] = await ctx.database.db
    .select({ passwordHash: accounts.passwordHash, googleSecret: accounts.googleSecret })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account) throw new Error(`Account ${accountId} of a live session does not exist`);
  if (account.googleSecret) {
    if (!proof.googleCode) throw fail.rule('server:stepUp.googleRequired', {}, { need: 'google' });
    await consumeGoogleCode(ctx, accountId, proof.googleCode);
    return 'google';
  }
  return provePassword(ctx, accountId, account.passwordHash, proof);
}

/** The password step, throttled per `holder` (the account, or the account and its member). */
async function provePassword(
  ctx: AppContext,
  holder: string,
  passwordHash: string,
  proof: StepUpProof,
): Promise<StepUpMethod> {
  if (!proof.password) throw fail.rule('server:stepUp.passwordRequired', {}, { need: 'password' });
  const password = proof.password;
  // Claim a wrong-try slot before judging (lib/limit-claim.ts): a burst cannot outrun the count.
  const limit = { subject: wrongSubject(holder), limit: STEP_UP_WRONG_LIMIT, windowMs: STEP_UP_WINDOW_MS };
  const outcome = await claimThenJudge(ctx.database.db, [limit], ctx.now(), async () =>
    (await verifyPassword(passwordHash, password)) ? 'right' : 'wrong',
  );
  if (outcome === 'wrong') throw fail.rule('server:stepUp.passwordWrong');
  return 'password';
}

/** POST /api/user/stepUp. */
export async function issueStepUp(
  ctx: AppContext,
  call: Call,
  proof: StepUpProof,
): Promise<{ ticket: string; expiresAt: string }> {
  const { accountId } = sessionOf(call);
  const method = await proveHolder(ctx, accountId, call.principal?.subAccountId ?? null, proof);
  return storeStepUpTicket(ctx, call, proof.purpose, method);
}

/**
 * Store a ticket for a holder already proven by `method` (the passkey step-up of
 * modules/passkeys proves with its own credential and stores the same ticket).
 */
export async function storeStepUpTicket(
  ctx: AppContext,
  call: Call,
  purpose: StepUpPurpose,
  method: StepUpMethod,
): Promise<{ ticket: string; expiresAt: string }> {
  const { sessionId, accountId } = sessionOf(call);
  const ticket = newToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + STEP_UP_TTL_SECONDS * 1000);
  await ctx.database.db.insert(stepUpTickets).values({
    ticketHash: sha256(ticket),
    accountId,
    sessionId,
    purpose,
    method,
    expiresAt,
    createdAt: now,
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

export function stepUpNeeded(purpose: StepUpPurpose) {
  return fail.needStep('server:stepUp.needed', { stepUp: purpose });
}

/**
 * Spend the ticket for `purpose` in the caller's session; 428 `{ stepUp: purpose }` when it is
 * missing, unknown, spent, expired, of another purpose or of another session. Pass the transaction
 * of the change it guards, so a change that fails leaves the ticket unspent.
 */
export async function consumeStepUp(
  db: Executor,
  call: Call,
  purpose: StepUpPurpose,
  ticket: string | undefined,
): Promise<{ method: StepUpMethod }> {
  const { sessionId, accountId } = sessionOf(call);
  if (!ticket) throw stepUpNeeded(purpose);
  const now = call.app.now();
  const [spent] = await db
    .update(stepUpTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(stepUpTickets.ticketHash, sha256(ticket)),
        eq(stepUpTickets.sessionId, sessionId),
        eq(stepUpTickets.accountId, accountId),
        eq(stepUpTickets.purpose, purpose),
        isNull(stepUpTickets.usedAt),
        gt(stepUpTickets.expiresAt, now),
      ),
    )
    .returning({ method: stepUpTickets.method });
  if (!spent) throw stepUpNeeded(purpose);
  return { method: spent.method };
}

/**
 * Whether the ticket would be accepted, without spending it: checked before the mail or Google code
 * of the same call is spent, so a missing step-up does not cost the user their code. The change
 * itself still calls consumeStepUp, which is the single-use guarantee.
 */
export async function requireLiveStepUp(
  db: Executor,
  call: Call,
  purpose: StepUpPurpose,
  ticket: string | undefined,
): Promise<{ method: StepUpMethod }> {
  const { sessionId, accountId } = sessionOf(call);
  if (!ticket) throw stepUpNeeded(purpose);
  const [live] = await db
    .select({ method: stepUpTickets.method })
    .from(stepUpTickets)
    .where(
      and(
        eq(stepUpTickets.ticketHash, sha256(ticket)),
        eq(stepUpTickets.sessionId, sessionId),
        eq(stepUpTickets.accountId, accountId),
        eq(stepUpTickets.purpose, purpose),
        isNull(stepUpTickets.usedAt),
        gt(stepUpTickets.expiresAt, call.app.now()),
      ),
    )
    .limit(1);
  if (!live) throw stepUpNeeded(purpose);
  return live;
}

/**
 * A grant carried from one call to the next of the same flow (an e-mail change: the step-up is
 * spent when the codes are sent, the change comes minutes later). Stored like a ticket, never
 * handed out: the session, purpose and subject find it.
 */
export const GRANT_TTL_SECONDS = 15 * 60;

export async function storeGrant(
  db: Executor,
  call: Call,
  purpose: string,
  subject: string,
  method: StepUpMethod,
): Promise<void> {
  const { sessionId, accountId } = sessionOf(call);
  const now = call.app.now();
  // Only the newest grant of a purpose counts in a session.
  await db
    .update(stepUpTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(stepUpTickets.sessionId, sessionId),
        eq(stepUpTickets.purpose, purpose),
        isNull(stepUpTickets.usedAt),
      ),
    );
  await db.insert(stepUpTickets).values({
    ticketHash: sha256(`grant:${newToken()}`),
    accountId,
    sessionId,
    purpose,
    method,
    subject,
    expiresAt: new Date(now.getTime() + GRANT_TTL_SECONDS * 1000),
    createdAt: now,
  });
}

/** Whether the session holds a live grant of `purpose` for `subject` (not spent by looking). */
export async function hasGrant(db: Executor, call: Call, purpose: string, subject: string): Promise<boolean> {
  const { sessionId, accountId } = sessionOf(call);
  const [live] = await db
    .select({ hash: stepUpTickets.ticketHash })
    .from(stepUpTickets)
    .where(
      and(
        eq(stepUpTickets.sessionId, sessionId),
        eq(stepUpTickets.accountId, accountId),
        eq(stepUpTickets.purpose, purpose),
        eq(stepUpTickets.subject, subject),
        isNull(stepUpTickets.usedAt),
        gt(stepUpTickets.expiresAt, call.app.now()),
      ),
    )
    .limit(1);
  return live !== undefined;
}

/** Spend the session's live grant of `purpose` for `subject`; false when there is none. */
export async function spendGrant(
  db: Executor,
  call: Call,
  purpose: string,
  subject: string,
): Promise<boolean> {
  const { sessionId, accountId } = sessionOf(call);
  const now = call.app.now();
  const spent = await db
    .update(stepUpTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(stepUpTickets.sessionId, sessionId),
        eq(stepUpTickets.accountId, accountId),
        eq(stepUpTickets.purpose, purpose),
        eq(stepUpTickets.subject, subject),
        isNull(stepUpTickets.usedAt),
        gt(stepUpTickets.expiresAt, now),
      ),
    )
    .returning({ hash: stepUpTickets.ticketHash });
  return spent.length > 0;
}
