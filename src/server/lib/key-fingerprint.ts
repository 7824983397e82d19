/**
 * The key belongs to the database (issue 28 §4; decisions.md "Secrets at start"). Card secrets,
 * Google secrets, queued mail and the demo VAPID key are sealed with the server key; a database
 * started with another key lists and balances fine and then answers 500 on every reveal. So the
 * database keeps the key's fingerprint (an HMAC of a fixed label under the key — it says which key,
 * and nothing about it), and a start with a key that does not match is refused before serving.
 *
 * - A database that has a fingerprint: the key must match it.
 * - A database without one (new, or upgraded from before the fingerprint): it is recorded when no
 *   sealed value exists yet, or when the sealed values found open with this key; otherwise refused.
 * Several processes may start at once: the row is inserted once (on conflict nothing) and read back.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/client';
import { serverKey } from '../db/schema';
import type { SecretBox } from './crypto';
import { safeEqual } from './crypto';

const LABEL = 'card-portal database key';

export function keyFingerprint(box: SecretBox): string {
  return box.hmac('key-fingerprint', LABEL);
}

/** Where to look for a sealed value: one of each kind is enough to tell the key. */
const SEALED_SAMPLES = sql`
  (select secrets as sealed from cards limit 1)
  union all (select private_key from vapid_keys limit 1)
  union all (select google_secret from accounts where google_secret is not null limit 1)
  union all (select number_sealed from agent_bank_cards limit 1)
  union all (select sealed from mail_queue limit 1)
  union all (select code from card_otps limit 1)`;

export const KEY_MISMATCH_HELP =
  'start with the SECRET_KEY this database was sealed with (kept with its backup: docs/deployment.md "Backup and restore"); with another key no card can be revealed';

function opens(box: SecretBox, sealed: string): boolean {
  try {
    box.open(sealed);
    return true;
  } catch {
    return false;
  }
}

/** Records or checks the key's fingerprint; throws a message saying what to do when it does not match. */
export async function claimDatabaseKey(database: Database, box: SecretBox, keyName: string): Promise<void> {
  const mine = keyFingerprint(box);
  const [kept] = await database.db.select().from(serverKey);
  if (kept) {
    if (!safeEqual(kept.fingerprint, mine))
      throw new Error(`${keyName} is not the key of this database: ${KEY_MISMATCH_HELP}`);
    return;
  }
  const samples = await rowsOf<{ sealed: string }>(database.db, SEALED_SAMPLES);
  if (samples.some((row) => !opens(box, row.sealed)))
    throw new Error(
      `${keyName} does not open the secrets already sealed in this database (it has no key fingerprint yet): ${KEY_MISMATCH_HELP}`,
    );
  await database.db.insert(serverKey).values({ id: 1, fingerprint: mine }).onConflictDoNothing();
  // Another process may have recorded its key first: it must be the same.
  const [recorded] = await database.db.select().from(serverKey);
  if (!recorded || !safeEqual(recorded.fingerprint, mine))
    throw new Error(`${keyName} is not the key of this database: ${KEY_MISMATCH_HELP}`);
}
