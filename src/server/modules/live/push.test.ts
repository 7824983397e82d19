/**
 * Web Push, the sending side (issue 18 §1), against a local push service that decrypts what it
 * receives with the subscription's own private key (testing/push-receiver.ts): a 3-D Secure code
 * (merchant, amount, seconds left; the code only when the customer chose it), a decline with its
 * reason, a credited top-up and a decided forecast each arrive as one encrypted, VAPID-signed push
 * that opens the right screen; an expired subscription (410) is deleted; logging out deletes the
 * session's subscriptions; two drains racing send each push once.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logout } from '../../../contract/auth';
import { qrCreate } from '../../../contract/finance';
import { pushStatus, pushSubscribe, pushUnsubscribe } from '../../../contract/live';
import { pushQueue, pushSubscriptions, sessions, subAccounts, subRoles } from '../../db/schema';
import { fileTestApp } from '../../testing/file-app';
import { openTestCard } from '../../testing/cards';
import type { PushReceiver } from '../../testing/push-receiver';
import { startPushReceiver } from '../../testing/push-receiver';
import type { SignedInAccount } from '../../testing/signed-in';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { authorizeOnce, sendEvent, uid } from '../../testing/issuer';
import { forecastIn } from '../../testing/forecasts';
import { counterValue, pushDeliveriesTotal } from '../../lib/metrics';
import { drainPushQueue } from './push-queue';

const t = fileTestApp();

/** Gives the member of `session` a role with exactly these permissions. */
async function ensureRole(session: { sessionId: string }, keys: string[]): Promise<void> {
  const [row] = await t.ctx.database.db
    .select({ roleId: subAccounts.roleId })
    .from(sessions)
    .innerJoin(subAccounts, eq(subAccounts.id, sessions.subAccountId))
    .where(eq(sessions.id, session.sessionId));
  await t.ctx.database.db.update(subRoles).set({ permissions: keys }).where(eq(subRoles.id, row!.roleId!));
}
let receiver: PushReceiver;
let me: SignedInAccount;

beforeEach(async () => {
  receiver = await startPushReceiver();
  me = await signedInAccount(t);
});
afterEach(async () => {
  await receiver.close();
});

async function subscribe(showCode = false, lang: 'en' | 'zh-CN' = 'en'): Promise<void> {
  const answer = await t.api(
    pushSubscribe,
    { ...receiver.subscription, showCode },
    { token: me.token, lang },
  );
  expect(answer.body.code, answer.body.msg).toBe(200);
}

async function challenge(code: string, subAccountId: string | null = null): Promise<void> {
  const card = await openTestCard(t, me.accountId, { subAccountId });
  const answer = await sendEvent(t, {
    eventId: uid('evt'),
    type: 'threeds_challenge',
    cardRef: card.issuerRef,
    code,
    amount: 1_999,
    currency: 'USD',
    merchant: { name: 'Apple Store' },
  });
  expect(answer.body.data?.outcome).toBe('challenge_stored');
}

describe('push subscriptions', () => {
  it('hands out one VAPID public key and lists the session’s subscription', async () => {
    await subscribe(true);
    const status = await t.api(pushStatus, {}, { token: me.token });
    const data = status.body.data as { publicKey: string; subscriptions: unknown[] };
    expect(Buffer.from(data.publicKey, 'base64url')).toHaveLength(65);
    expect(data.subscriptions).toEqual([{ endpoint: receiver.subscription.endpoint, showCode: true }]);
    const again = await t.api(pushStatus, {}, { token: (await signedInAccount(t)).token });
    expect((again.body.data as { publicKey: string }).publicKey).toBe(data.publicKey);
  });

  it('refuses keys of the wrong size and a push service that is not https, changing nothing', async () => {
    const bad = await t.api(
      pushSubscribe,
      { ...receiver.subscription, keys: { p256dh: 'AAAA', auth: receiver.subscription.keys.auth } },
      { token: me.token, json: true },
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('push subscription is not valid');
    const plain = await t.api(
      pushSubscribe,
      { ...receiver.subscription, endpoint: 'http://push.example.com/x' },
      { token: me.token },
    );
    expect(plain.body.code).toBe(400);
    const rows = await t.ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.accountId, me.accountId));
    expect(rows).toEqual([]);
  });

  it('unsubscribes, and logging out deletes the session’s subscriptions', async () => {
    await subscribe();
    await t.api(pushUnsubscribe, { endpoint: receiver.subscription.endpoint }, { token: me.token });
    const of = eq(pushSubscriptions.accountId, me.accountId);
    expect(await t.ctx.database.db.select().from(pushSubscriptions).where(of)).toEqual([]);
    await subscribe();
    expect(await t.ctx.database.db.select().from(pushSubscriptions).where(of)).toHaveLength(1);
    await t.api(logout, {}, { token: me.token });
    expect(await t.ctx.database.db.select().from(pushSubscriptions).where(of)).toEqual([]);
  });
});

describe('sending pushes', () => {
  it('pushes a 3-D Secure code with merchant, amount and seconds left, never the code unless chosen', async () => {
    await subscribe(false);
    await challenge('482913');
    const sentBefore = await counterValue(pushDeliveriesTotal, { outcome: 'sent' });
    expect((await drainPushQueue(t.ctx)).sent).toBe(1);
    // The delivery is counted in the Prometheus figures (lib/metrics.ts).
    expect(await counterValue(pushDeliveriesTotal, { outcome: 'sent' })).toBe(sentBefore + 1);
    expect(receiver.received).toHaveLength(1);
    const push = receiver.received[0]!;
    expect(push.message).toMatchObject({
      kind: 'otp',
      title: '3-D Secure code',
      url: '/cardList?otp=1',
    });
    expect(push.message.body).toMatch(/^Apple Store · \$19\.99 · \d+ s left/);
    expect(JSON.stringify(push.message)).not.toContain('482913');
    expect(push.headers.urgency).toBe('high');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(300);
    const status = await t.api(pushStatus, {}, { token: me.token });
    expect(push.vapidKey).toBe((status.body.data as { publicKey: string }).publicKey);

    await subscribe(true, 'zh-CN');
    await challenge('771204');
    await drainPushQueue(t.ctx);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.message.title).toBe('3-D Secure 验证码');
    expect(receiver.received[1]!.message.body).toContain('验证码 771204');
  });

  it('pushes a decline with its reason, translated', async () => {
    await subscribe();
    const card = await openTestCard(t, me.accountId);
    const { answer } = await authorizeOnce(t, card, { amount: 99_999_999, merchant: 'Big Shop' });
    expect(answer.body.data?.outcome).toBe('declined');
    await drainPushQueue(t.ctx);
    const messages = receiver.received.map((r) => r.message);
    expect(messages).toContainEqual(
      expect.objectContaining({
        kind: 'decline',
        title: 'Payment declined',
        body: expect.stringMatching(/^Big Shop · \$999,999\.99: \S+/),
        url: '/cardRecord',
      }),
    );
  });

  it('pushes a credited top-up and a decided forecast', async () => {
    await subscribe();
    const order = await t.api(qrCreate, { channel: 'wechat', amount: 60_000 }, { token: me.token });
    const orderId = (order.body.data as { orderId: string }).orderId;
    const paid = await t.raw(`/sandbox/api/orders/${orderId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 60_000 }),
    });
    expect(paid.status).toBe(200);
    await forecastIn(t, me, 'rejected');
    await drainPushQueue(t.ctx);
    const messages = receiver.received.map((r) => r.message);
    expect(messages).toContainEqual(
      expect.objectContaining({
        kind: 'topup',
        body: '¥600.00 was added to your wallet.',
        url: '/financeRecord',
      }),
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        kind: 'forecast',
        title: 'USD transfer rejected',
        body: expect.stringContaining('The proof does not show the amount'),
        url: '/financeAudit',
      }),
    );
  });

  it('sends a team member only the codes of the cards they opened, and only with the permission', async () => {
    const member = await openSession(t, me.accountId, `m-${me.accountId.slice(0, 8)}`);
    const answer = await t.api(pushSubscribe, receiver.subscription, { token: member.token });
    expect(answer.body.code).toBe(200);
    const withoutOtp = await startPushReceiver();
    const other = await openSession(t, me.accountId, `n-${me.accountId.slice(0, 8)}`);
    await ensureRole(other, ['card:list', 'card:record']);
    await t.api(pushSubscribe, withoutOtp.subscription, { token: other.token });

    await challenge('100200'); // the owner's card
    await challenge('300400', `m-${me.accountId.slice(0, 8)}`); // the member's card
    await challenge('500600', `n-${me.accountId.slice(0, 8)}`); // the other member's card, no card:otp
    await drainPushQueue(t.ctx);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.message.kind).toBe('otp');
    expect(withoutOtp.received).toEqual([]);
    await withoutOtp.close();
  });

  it('queues nothing for an account without a subscribed device', async () => {
    await challenge('123456');
    const queued = await t.ctx.database.db
      .select()
      .from(pushQueue)
      .where(eq(pushQueue.accountId, me.accountId));
    expect(queued).toEqual([]);
  });

  it('deletes a subscription its push service says is gone (410)', async () => {
    await subscribe();
    receiver.answerWith(410);
    await challenge('654321');
    const goneBefore = await counterValue(pushDeliveriesTotal, { outcome: 'gone' });
    expect((await drainPushQueue(t.ctx)).gone).toBe(1);
    expect(await counterValue(pushDeliveriesTotal, { outcome: 'gone' })).toBe(goneBefore + 1);
    const rows = await t.ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.accountId, me.accountId));
    expect(rows).toEqual([]);
  });

  it('sends each push once when two drains race for the queue', async () => {
    await subscribe();
    await challenge('111222');
    await challenge('333444');
    const [a, b] = await Promise.all([drainPushQueue(t.ctx), drainPushQueue(t.ctx)]);
    expect(a.sent + b.sent).toBe(2);
    expect(receiver.received).toHaveLength(2);
  });
});
