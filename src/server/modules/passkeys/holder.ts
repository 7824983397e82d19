/**
 * Whose passkeys a call concerns: the signed-in main account's own (`subAccountId` null) or one
 * member's own. A member never sees, uses or removes the owner's passkeys, nor the owner a member's
 * (member scope, issue 32 §4).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passkeys } from '../../db/schema';
import type { Call } from '../../lib/route';
import type { StoredCredential } from '../../lib/webauthn/ceremonies';

export interface Holder {
  accountId: string;
  subAccountId: string | null;
  sessionId: string;
}

export function holderOf(call: Call): Holder {
  if (!call.principal) throw new Error('passkeys used on an endpoint that is not bearer-authenticated');
  const { accountId, subAccountId, sessionId } = call.principal;
  return { accountId, subAccountId, sessionId };
}

/** The challenge scope of a signed-in ceremony: this session only. */
export const sessionScope = (purpose: string, holder: Holder) => ({
  purpose,
  subject: `session:${holder.sessionId}`,
});

export function ownedBy(holder: Pick<Holder, 'accountId' | 'subAccountId'>) {
  return and(
    eq(passkeys.accountId, holder.accountId),
    holder.subAccountId === null
      ? isNull(passkeys.subAccountId)
      : eq(passkeys.subAccountId, holder.subAccountId),
  );
}

export type PasskeyRow = typeof passkeys.$inferSelect;

export function holderPasskeys(db: Executor, holder: Pick<Holder, 'accountId' | 'subAccountId'>) {
  return db.select().from(passkeys).where(ownedBy(holder)).orderBy(desc(passkeys.createdAt));
}

export function storedCredential(row: PasskeyRow): StoredCredential {
  return {
    credentialId: row.credentialId,
    publicKey: row.publicKey,
    counter: row.counter,
    transports: row.transports,
  };
}

export function toItem(row: PasskeyRow) {
  return {
    id: row.id,
    name: row.name,
    backedUp: row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
