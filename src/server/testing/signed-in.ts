/**
 * Fast fixtures for tests of signed-in calls: an account made with createAccount and a session opened
 * with startSession, without going through the sign-up and sign-in endpoints.
 */
import { eq } from 'drizzle-orm';
import type { EndpointDef, RequestOf } from '../../contract/core';
import { PERMISSION_KEYS } from '../../contract/permissions';
import { sessionTokens, subAccounts, subRoles } from '../db/schema';
import { newId, randomDigits, sha256 } from '../lib/crypto';
import { startSession } from '../lib/session';
import { createAccount } from '../modules/account/create-account';
import { grantVerification } from '../modules/identity/grant-verification';
import type { TestApp } from './harness';
import { TEST_PASSWORD, uniqueEmail } from './harness';

export interface SignedInSession {
  token: string;
  sessionId: string;
}

export interface SignedInAccount extends SignedInSession {
  accountId: string;
  email: string;
  password: string;
}

/**
 * A member of the account with this id, online and valid for a year, holding a role with `keys`
 * (every key by default), made directly in the database. Nothing happens when it exists already.
 */
export async function ensureSubAccount(
  t: TestApp,
  accountId: string,
  subAccountId: string,
  keys: readonly string[] = PERMISSION_KEYS,
): Promise<void> {
  const db = t.ctx.database.db;
  const [existing] = await db
    .select({ id: subAccounts.id })
    .from(subAccounts)
    .where(eq(subAccounts.id, subAccountId));
  if (existing) return;
  const roleId = newId();
  const now = t.ctx.now();
  await db.insert(subRoles).values({ id: roleId, accountId, name: `role ${roleId}`, permissions: [...keys] });
  await db.insert(subAccounts).values({
    id: subAccountId,
    accountId,
    subUid: `S${randomDigits(9)}`,
    email: uniqueEmail(`member-${subAccountId}`).toLowerCase(),
    passwordHash: null,
    nickname: `Member ${subAccountId}`,
    status: 'online',
    roleId,
    validUntil: new Date(now.getTime() + 365 * 86_400_000),
  });
}

/**
 * Open one more session for an account; `subAccountId` makes it a sub-account user's session (the
 * member is made first when it does not exist: see ensureSubAccount).
 */
export async function openSession(
  t: TestApp,
  accountId: string,
  subAccountId: string | null = null,
): Promise<SignedInSession> {
  if (subAccountId) await ensureSubAccount(t, accountId, subAccountId);
  const tokens = await startSession(
    t.ctx,
    t.ctx.database.db,
    accountId,
    { clientId: 'portal', ip: '127.0.0.1', device: 'vitest' },
    subAccountId,
  );
  const [row] = await t.ctx.database.db
    .select({ sessionId: sessionTokens.sessionId })
    .from(sessionTokens)
    .where(eq(sessionTokens.tokenHash, sha256(tokens.access_token)));
  if (!row) throw new Error('session token not stored');
  return { token: tokens.access_token, sessionId: row.sessionId };
}

/**
 * A signed-in business account, verified as a business unless `verified` is false (verification
 * levels, docs/decisions.md: most tests exercise what a verified customer may do).
 */
export async function signedInAccount(
  t: TestApp,
  email = uniqueEmail(),
  verified = true,
): Promise<SignedInAccount> {
  const { id } = await createAccount(t.ctx, { email, password: TEST_PASSWORD });
  if (verified) await grantVerification(t.ctx, id, 'business');
  return { accountId: id, email, password: TEST_PASSWORD, ...(await openSession(t, id)) };
}

/**
 * Call a code-sending endpoint and read the code from the outbox. The clock then moves past the
 * one-a-minute limit, so the next request for the same address is allowed.
 */
export async function askForCode<E extends EndpointDef>(
  t: TestApp,
  def: E,
  input: RequestOf<E>,
  token: string,
  address: string,
): Promise<string> {
  const sent = await t.api(def, input, { token });
  if (sent.body.code !== 200) throw new Error(`${def.id} failed: ${JSON.stringify(sent.body)}`);
  const code = await t.latestCode(address);
  t.advance(61_000);
  return code;
}
