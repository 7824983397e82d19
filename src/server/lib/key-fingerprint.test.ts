/**
 * The key belongs to the database (issue 28 §4): a start with another key is refused before
 * serving, on PGlite and on PostgreSQL; a new database records its key; a database from before the
 * fingerprint records it only when its sealed secrets open with the key.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../bootstrap';
import { serverKey, vapidKeys } from '../db/schema';
import { loadEnv } from '../env';
import type { TestDatabase } from '../testing/test-db';
import { openTestDatabase } from '../testing/test-db';
import { SecretBox } from './crypto';
import { keyFingerprint } from './key-fingerprint';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await openTestDatabase();
  // PGlite is one process's folder: the test's own handle lets go so the starts below can open it.
  if (testDb.database.kind === 'pglite') await testDb.database.close();
});
afterAll(async () => {
  if (testDb.database.kind === 'pglite') rmSync(testDb.dataDir, { recursive: true, force: true });
  else await testDb.dispose();
});

/** A start of the server's context on the test's database with `key` (none: the data folder's key file). */
async function startWith(key: string | undefined, dataDir = testDb.dataDir) {
  return buildContext(
    loadEnv({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
      ...(key ? { SECRET_KEY: key } : {}),
    }),
  );
}

describe('the key belongs to the database', () => {
  it('is recorded by the first start, as a fingerprint and never the key', async () => {
    const ctx = await startWith(keyA);
    const rows = await ctx.database.db.select().from(serverKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.fingerprint).toBe(keyFingerprint(SecretBox.fromBase64(keyA)));
    expect(rows[0]!.fingerprint).not.toContain(Buffer.from(keyA, 'base64').toString('hex'));
    await ctx.database.close();
    // The same key starts again.
    const again = await startWith(keyA);
    await again.database.close();
  });

  it('refuses another key, and a missing one, saying what to do', async () => {
    await expect(startWith(keyB)).rejects.toThrow(
      /Refusing to start: SECRET_KEY is not the key of this database: start with the SECRET_KEY this database was sealed with/,
    );
    // No SECRET_KEY: a data folder of its own makes a new key file, which is another key.
    const otherFolder = `${testDb.dataDir}-fresh-key`;
    if (testDb.url) {
      await expect(startWith(undefined, otherFolder)).rejects.toThrow(/is not the key of this database/);
      rmSync(otherFolder, { recursive: true, force: true });
    } else {
      // PGlite's folder copied without its key file: the new key file made at start is another key.
      await expect(startWith(undefined)).rejects.toThrow(
        /The key file in .* is not the key of this database/,
      );
    }
    // Nothing was changed by the refused starts.
    const ctx = await startWith(keyA);
    expect(await ctx.database.db.select().from(serverKey)).toHaveLength(1);
    await ctx.database.close();
  });

  it('on a database from before the fingerprint, records the key only if its sealed secrets open', async () => {
    const ctx = await startWith(keyA);
    await ctx.database.db.delete(serverKey);
    await ctx.database.db
      .insert(vapidKeys)
      .values({
        id: 'upgrade-test',
        publicKey: 'p',
        privateKey: ctx.box.seal('private'),
        createdAt: new Date(),
      })
      .onConflictDoNothing();
    await ctx.database.close();
    await expect(startWith(keyB)).rejects.toThrow(
      /SECRET_KEY does not open the secrets already sealed in this database \(it has no key fingerprint yet\)/,
    );
    const upgraded = await startWith(keyA);
    const [row] = await upgraded.database.db.select().from(serverKey);
    expect(row?.fingerprint).toBe(keyFingerprint(SecretBox.fromBase64(keyA)));
    await upgraded.database.close();
    await expect(startWith(keyB)).rejects.toThrow(/is not the key of this database/);
  });
});
