/**
 * The VAPID key pair that signs every push (RFC 8292). Production: from the environment (bootstrap
 * refuses to start without it). Demo and embedded modes: made once and kept in the database, private
 * half sealed with the server key, so every process on the database signs with the same pair and
 * subscriptions survive restarts. Two processes racing to make it both read the one that won.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppContext } from '../../context';
import { vapidKeys } from '../../db/schema';

export interface VapidPair {
  publicKey: string;
  privateKey: string;
}

const ROW_ID = 'default';
const known = new WeakMap<AppContext['database'], Promise<VapidPair>>();

async function loadOrMake(ctx: AppContext): Promise<VapidPair> {
  const db = ctx.database.db;
  const read = async () => (await db.select().from(vapidKeys).where(eq(vapidKeys.id, ROW_ID)))[0];
  let row = await read();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(vapidKeys)
      .values({
        id: ROW_ID,
        publicKey: made.publicKey,
        privateKey: ctx.box.seal(made.privateKey),
        createdAt: ctx.now(),
      })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('VAPID keys could not be stored');
  return { publicKey: row.publicKey, privateKey: ctx.box.open(row.privateKey) };
}

export function vapidPair(ctx: AppContext): Promise<VapidPair> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = ctx.env;
  if (publicKey && privateKey) return Promise.resolve({ publicKey, privateKey });
  let pair = known.get(ctx.database);
  if (!pair) {
    pair = loadOrMake(ctx);
    pair.catch(() => known.delete(ctx.database));
    known.set(ctx.database, pair);
  }
  return pair;
}
