/** Upload quotas and orphan removal (issue 13 §2). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../contract/core';
import { topupUpload } from '../../../contract/finance';
import { files } from '../../db/schema';
import { purgeExpired } from '../../lib/purge';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { postFile, tinyPng } from '../../testing/images';
import { QUOTA_BYTES, UPLOADS_PER_HOUR } from './upload-quota';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const upload = (token: string) =>
  postFile(t, topupUpload.path, { bytes: tinyPng(), name: 'p.png' }, { token });
const onDisk = (id: string) => existsSync(join(t.ctx.env.DATA_DIR, 'uploads', id));

describe('upload quotas', () => {
  it(`takes ${UPLOADS_PER_HOUR} files an hour per account, then 429 with retryAfter; other accounts go on`, async () => {
    const me = await signedInAccount(t);
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) expect((await upload(me.token)).status).toBe(200);
    const over = await upload(me.token);
    expect(over.status).toBe(429);
    expect(((await over.json()) as Envelope<{ retryAfter: number }>).data.retryAfter).toBeGreaterThan(0);
    const rows = await t.ctx.database.db.select().from(files).where(eq(files.ownerAccountId, me.accountId));
    expect(rows).toHaveLength(UPLOADS_PER_HOUR);
    const other = await signedInAccount(t);
    expect((await upload(other.token)).status).toBe(200);
    t.advance(3601_000);
  });

  it('refuses a file that would take the account over its total quota, and keeps no bytes of it', async () => {
    const me = await signedInAccount(t);
    await t.ctx.database.db.insert(files).values({
      id: `big-${me.accountId}`,
      ownerAccountId: me.accountId,
      purpose: 'general',
      mime: 'image/png',
      size: QUOTA_BYTES - 10,
      createdAt: t.ctx.now(),
    });
    const refused = await upload(me.token);
    expect(refused.status).toBe(429);
    const rows = await t.ctx.database.db.select().from(files).where(eq(files.ownerAccountId, me.accountId));
    expect(rows).toHaveLength(1);
  });

  it('removes top-up proofs no order names after a day, rows and bytes, and keeps younger ones', async () => {
    const me = await signedInAccount(t);
    const old = ((await (await upload(me.token)).json()) as Envelope<{ fileId: string }>).data.fileId;
    expect(onDisk(old)).toBe(true);
    t.advance(24 * 3600_000 + 60_000);
    // The session went idle meanwhile: the owner signs in again.
    const later = await openSession(t, me.accountId);
    const young = ((await (await upload(later.token)).json()) as Envelope<{ fileId: string }>).data.fileId;
    const purged = await purgeExpired(t.ctx);
    expect(purged.orphanUploads).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.ownerAccountId, me.accountId));
    expect(left.map((row) => row.id)).toEqual([young]);
    expect(onDisk(old)).toBe(false);
    expect(onDisk(young)).toBe(true);
  });
});
