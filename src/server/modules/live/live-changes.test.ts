/**
 * How live changes travel (migration 0024, live-hub.ts), beyond what the stream tests show: no
 * NOTIFY anywhere (PostgreSQL commits notifying transactions one at a time, which throttled the
 * money path), one row per kind and topic per transaction, nothing announced that committed before
 * a subscription, a transaction that commits late still heard, and old rows purged.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTransaction, rowsOf } from '../../db/client';
import { fileSignedInAccount, fileTestApp } from '../../testing/file-app';
import { changeOf, openLiveStream } from '../../testing/live-stream';
import { LIVE_CHANGES_KEEP_MS, purgeLiveChanges } from './purge-live-changes';
import { POLL_MS } from './live-hub';

const t = fileTestApp();
const me = fileSignedInAccount(t);

const passes = (count: number) => new Promise((resolve) => setTimeout(resolve, POLL_MS * count));

async function rowsOfTopic(topic: string): Promise<{ kind: string }[]> {
  return rowsOf(t.ctx.database.db, sql`select kind from live_changes where topic = ${topic} order by kind`);
}

describe('live changes', () => {
  it('are never sent with NOTIFY: no function of the database calls pg_notify', async () => {
    const notifying = await rowsOf<{ name: string }>(
      t.ctx.database.db,
      sql`select p.proname as name from pg_proc p join pg_language l on l.oid = p.prolang
          where l.lanname in ('plpgsql', 'sql') and (p.prosrc ilike '%pg_notify%' or p.prosrc ~* '\mnotify\s')`,
    );
    expect(notifying).toEqual([]);
  });

  it('keep one row per kind and topic for a transaction, however many changes it makes', async () => {
    const topic = `acct-${Date.now()}`;
    await inTransaction(t.ctx.database.db, async (tx) => {
      for (let i = 0; i < 50; i++) await tx.execute(sql`select live_notify(${topic}, 'cards')`);
      await tx.execute(sql`select live_notify(${topic}, 'wallet')`);
    });
    expect(await rowsOfTopic(topic)).toEqual([{ kind: 'cards' }, { kind: 'wallet' }]);
  });

  it('do not announce to a new stream what committed before it subscribed', async () => {
    await t.ctx.database.db.execute(sql`select live_notify(${me.accountId}, 'forecasts')`);
    const stream = await openLiveStream(t.app, me.token);
    await stream.waitFor((e) => e.event === 'ready');
    await t.ctx.database.db.execute(sql`select live_notify(${me.accountId}, 'cards')`);
    await stream.waitFor(changeOf('cards'));
    await passes(3);
    expect(stream.events.some(changeOf('forecasts'))).toBe(false);
    stream.close();
  });

  it('are purged after ten minutes, and not before', async () => {
    const topic = `purge-${Date.now()}`;
    const old = new Date(t.ctx.now().getTime() - LIVE_CHANGES_KEEP_MS - 60_000).toISOString();
    await t.ctx.database.db.execute(
      sql`insert into live_changes (topic, kind, created_at) values (${topic}, 'cards', ${old}::timestamptz)`,
    );
    await t.ctx.database.db.execute(sql`select live_notify(${topic}, 'wallet')`);
    expect(await purgeLiveChanges(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await rowsOfTopic(topic)).toEqual([{ kind: 'wallet' }]);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('a transaction that commits late', () => {
  it('is heard, though a later transaction of the same account committed and was read first', async () => {
    const { Client } = await import('pg');
    const url = (
      await rowsOf<{ name: string }>(t.ctx.database.db, sql`select current_database() as name`)
    )[0]!;
    const own = new URL(process.env.TEST_DATABASE_URL!);
    own.pathname = `/${url.name}`;
    const slow = new Client({ connectionString: own.toString() });
    await slow.connect();
    try {
      const stream = await openLiveStream(t.app, me.token);
      await stream.waitFor((e) => e.event === 'ready');
      // The slow transaction takes its id first, then a quick one commits and is handed out.
      await slow.query('begin');
      await slow.query(`select live_notify($1, 'otp')`, [me.accountId]);
      await t.ctx.database.db.execute(sql`select live_notify(${me.accountId}, 'wallet')`);
      await stream.waitFor(changeOf('wallet'));
      await passes(3);
      expect(stream.events.some(changeOf('otp'))).toBe(false);
      await slow.query('commit');
      await stream.waitFor(changeOf('otp'));
      stream.close();
    } finally {
      await slow.end();
    }
  });
});
