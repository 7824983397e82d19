/**
 * Passkeys (WebAuthn; docs/decisions.md "Passkeys"). `webauthnChallenges` is generic (lib/webauthn,
 * reusable by any console that signs people in with passkeys): a challenge is stored with its
 * purpose, the subject it was issued to and an expiry, and spent once. `passkeys` are the customers'
 * credentials: a main account's (`sub_account_id` null) or one member's, never shared between them.
 */
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** The base64url challenge itself (random, 32 bytes): it is what the browser signs. */
    challenge: text('challenge').primaryKey(),
    /** `register`, `sign_in`, `step_up` … (free text: another console has its own purposes). */
    purpose: text('purpose').notNull(),
    /** Who may answer it (`account:<id>`, `member:<id>`, a session), or null for a sign-in. */
    subject: text('subject'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webauthn_challenges_expiry_idx').on(t.expiresAt)],
);

export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The member the passkey belongs to; null for the main account's own. */
    subAccountId: text('sub_account_id'),
    /** The credential id, base64url, as the authenticator made it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen (0 for authenticators that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** `singleDevice` or `multiDevice` (a synced passkey). */
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull(),
    /** Given by the customer, or derived from the browser that registered it. */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_idx').on(t.credentialId),
    index('passkeys_account_idx').on(t.accountId, t.subAccountId),
  ],
);
