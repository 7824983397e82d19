/**
 * The live stream (issue 18 §1): a credit made by the sandbox's payment callback reaches the streams
 * of the paid account and no other account's; nothing is sent for a change that rolled back; a
 * session that ends closes its streams at once; the stream needs the bearer header and answers with
 * the headers proxies need. On PostgreSQL: an event made through one app instance reaches a stream
 * served by another instance on its own connection pool (another server process).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logout } from '../../../contract/auth';
import { qrCreate } from '../../../contract/finance';
import { createApp } from '../../app';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { inTransaction, openDatabase } from '../../db/client';
import { fileSignedInAccount, fileTestApp } from '../../testing/file-app';
import { changeOf, openLiveStream } from '../../testing/live-stream';
import { signedInAccount } from '../../testing/signed-in';
import { liveHubOf } from './live-hub';
import { MAX_STREAMS_PER_SESSION } from './stream-changes';

const t = fileTestApp();
const me = fileSignedInAccount(t);

async function payWechatOrder(token: string, accountEmail: string): Promise<void> {
  const order = await t.api(qrCreate, { channel: 'wechat', amount: 60000 }, { token });
  expect(order.body.code, order.body.msg).toBe(200);
  const orderId = (order.body.data as { orderId: string }).orderId;
  // The sandbox simulator's JSON endpoint sends the channel's signed callback, as the e2e specs do.
  const paid = await t.raw(`/sandbox/api/orders/${orderId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 60000, account: accountEmail }),
  });
  expect(paid.status).toBe(200);
}

describe('GET /api/live', () => {
  it('refuses a call without a bearer token with the usual 401 envelope', async () => {
    const stream = await openLiveStream(t.app, undefined);
    expect(stream.status).toBe(401);
    expect((stream.events[0]!.data as { code: number }).code).toBe(401);
  });

  it('answers a Server-Sent Events stream that proxies neither buffer nor cache, and says when to come back', async () => {
    const response = await t.app.request('/api/live', {
      headers: { authorization: `Bearer ${me.token}` },
      signal: AbortSignal.timeout(2000),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toContain('no-transform');
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    const first = new TextDecoder().decode(value);
    expect(first).toMatch(/^retry: \d+\n\n/);
    await reader.cancel();
  });

  it('tells the paid account that its wallet and orders changed, and not another account', async () => {
    const other = await signedInAccount(t);
    const mine = await openLiveStream(t.app, me.token);
    const theirs = await openLiveStream(t.app, other.token);
    await mine.waitFor((e) => e.event === 'ready');
    await theirs.waitFor((e) => e.event === 'ready');

    await payWechatOrder(me.token, me.email);

    const change = await mine.waitFor(changeOf('wallet'));
    expect(JSON.stringify(change.data)).not.toMatch(/\d{4,}/); // kinds only, no amounts or ids
    await mine.waitFor(changeOf('orders'));
    // Give a stray event time to arrive before saying none did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(theirs.events.filter((e) => e.event === 'change')).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('says nothing of a change that rolled back', async () => {
    const stream = await openLiveStream(t.app, me.token);
    await stream.waitFor((e) => e.event === 'ready');
    await inTransaction(t.ctx.database.db, async (tx) => {
      await tx.execute(sql`select live_notify(${me.accountId}, 'wallet')`);
      throw new Error('roll back');
    }).catch(() => undefined);
    await t.ctx.database.db.execute(sql`select live_notify(${me.accountId}, 'cards')`);
    await stream.waitFor(changeOf('cards'));
    expect(stream.events.some(changeOf('wallet'))).toBe(false);
    stream.close();
  });

  it('ends the stream, without a reconnect, when its session logs out', async () => {
    const session = await signedInAccount(t);
    const stream = await openLiveStream(t.app, session.token);
    await stream.waitFor((e) => e.event === 'ready');
    const answer = await t.api(logout, {}, { token: session.token });
    expect(answer.body.code).toBe(200);
    const end = await stream.waitFor((e) => e.event === 'end');
    expect(end.data).toEqual({ reason: 'session', cause: 'logout' });
    await expect.poll(() => stream.ended()).toBe(true);
  });

  it('refuses a ninth stream of one session on one process with 429', async () => {
    const session = await signedInAccount(t);
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
      const stream = await openLiveStream(t.app, session.token);
      await stream.waitFor((e) => e.event === 'ready');
      open.push(stream);
    }
    const refused = await openLiveStream(t.app, session.token);
    expect(refused.status).toBe(429);
    open.pop()!.close();
    await expect.poll(() => liveHubOf(t.ctx.database).streamsOf(session.sessionId)).toBe(7);
    const again = await openLiveStream(t.app, session.token);
    await again.waitFor((e) => e.event === 'ready');
    for (const stream of [...open, again]) stream.close();
  });

  it('forgets a stream the client closed', async () => {
    const hub = liveHubOf(t.ctx.database);
    const before = hub.size;
    const stream = await openLiveStream(t.app, me.token);
    await stream.waitFor((e) => e.event === 'ready');
    expect(hub.size).toBe(before + 1);
    stream.close();
    await expect.poll(() => hub.size).toBe(before);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('two server instances on one PostgreSQL', () => {
  let secondDb: Database;
  let second: ReturnType<typeof createApp>;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = (await t.ctx.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const own = new URL(url);
    own.pathname = `/${name.rows[0]!.name}`;
    secondDb = await openDatabase({ url: own.toString(), dataDir: '' });
    const secondCtx: AppContext = { ...t.ctx, database: secondDb };
    second = createApp(secondCtx);
  });
  afterAll(async () => {
    await liveHubOf(secondDb).stop();
    await secondDb.close();
  });

  it('delivers a credit made through one instance to a stream served by the other', async () => {
    const stream = await openLiveStream(second, me.token);
    await stream.waitFor((e) => e.event === 'ready');
    await payWechatOrder(me.token, me.email);
    await stream.waitFor(changeOf('wallet'));
    stream.close();
  });
});
