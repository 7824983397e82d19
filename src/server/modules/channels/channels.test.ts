/**
 * Messenger channels (issue 32 §3) against local servers that answer and check as each service does
 * (testing/bot-servers.ts): a 3-D Secure code reaches a WeCom robot, a signed DingTalk robot, a
 * signed Feishu bot and a Telegram bot in each one's documented format; a failed delivery is retried
 * with back-off and shown in the log; secrets are sealed and never answered; only the services' own
 * hosts are accepted; a member's channel hears only the member's cards.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelSaveInput, DeliveryView } from '../../../contract/channels';
import {
  channelDeliveries,
  channelList,
  channelRemove,
  channelSave,
  channelTest,
} from '../../../contract/channels';
import type { AppContext } from '../../context';
import {
  channelDeliveries as deliveriesTable,
  messengerChannels,
  subRoles,
  subAccounts,
  sessions,
} from '../../db/schema';
import { loadEnv } from '../../env';
import { openTestCard } from '../../testing/cards';
import { BOT_SECRETS, startBotServers } from '../../testing/bot-servers';
import { fileTestApp } from '../../testing/file-app';
import { authorizeOnce, sendEvent, uid } from '../../testing/issuer';
import type { SignedInAccount } from '../../testing/signed-in';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { acceptableTelegram, acceptableWebhook } from './channel-hosts';
import {
  backoffMs,
  CHANNEL_MAX_ATTEMPTS,
  channelDrainSettled,
  drainChannelDeliveries,
} from './deliver-channels';

const bots = await startBotServers();
afterAll(() => bots.close());
const t = fileTestApp({ CHANNEL_SERVICE_ORIGINS: [bots.origin] });
let me: SignedInAccount;

beforeEach(async () => {
  // Deliveries earlier tests left waiting would fall due as the clock advances: closed here.
  await t.ctx.database.db
    .update(deliveriesTable)
    .set({ status: 'failed' })
    .where(eq(deliveriesTable.status, 'pending'));
  me = await signedInAccount(t);
  bots.received.length = 0;
  bots.failNext(0);
});

const hook = {
  wecom: () => `${bots.origin}/cgi-bin/webhook/send?key=wecom-key-0000${uid('k').slice(-8)}`,
  dingtalk: () => `${bots.origin}/robot/send?access_token=ding-token-${uid('k').slice(-8)}`,
  feishu: () => `${bots.origin}/open-apis/bot/v2/hook/0a1b2c3d-${uid('k').slice(-8)}`,
  telegram: () => `${bots.origin}/bot${BOT_SECRETS.telegramToken}`,
};

async function addChannel(token: string, input: Partial<ChannelSaveInput> & Pick<ChannelSaveInput, 'kind'>) {
  const answer = await t.api(
    channelSave,
    { name: `${input.kind} bot`, events: ['otp'], webhook: hook[input.kind](), ...input },
    { token, json: true },
  );
  expect(answer.body.code, answer.body.msg).toBe(200);
  return (answer.body.data as { id: string }).id;
}

async function challenge(accountId: string, code: string, subAccountId: string | null = null) {
  const card = await openTestCard(t, accountId, { subAccountId, label: 'Ads' });
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
  return card;
}

async function log(token: string, id: string): Promise<DeliveryView[]> {
  const answer = await t.api(channelDeliveries, { id, pageNo: 1, pageSize: 20 }, { token });
  expect(answer.body.code, answer.body.msg).toBe(200);
  return (answer.body.data as { data: DeliveryView[] }).data;
}

describe('each service receives its documented, signed request', () => {
  it('sends a 3-D Secure code to WeCom, DingTalk (signed), Feishu (signed) and Telegram', async () => {
    await addChannel(me.token, { kind: 'wecom' });
    await addChannel(me.token, { kind: 'dingtalk', secret: BOT_SECRETS.dingtalk, showCode: true });
    await addChannel(me.token, { kind: 'feishu', secret: BOT_SECRETS.feishu });
    await addChannel(me.token, { kind: 'telegram', chatId: '-1001234567890', showCode: true });
    const card = await challenge(me.accountId, '482913');
    expect((await drainChannelDeliveries(t.ctx)).sent).toBe(4);
    const by = Object.fromEntries(bots.received.map((r) => [r.service, r]));
    expect(Object.keys(by).sort()).toEqual(['dingtalk', 'feishu', 'telegram', 'wecom']);
    for (const request of bots.received) {
      expect(request.status).toBe(200);
      expect(request.contentType).toMatch(/^application\/json/);
    }

    const wecom = by.wecom!.body as { msgtype: string; text: { content: string } };
    expect(wecom.msgtype).toBe('text');
    expect(wecom.text.content).toMatch(/^3-D Secure code\nApple Store · \$19\.99 · \d+ s left/);
    expect(wecom.text.content).toContain(`Card: Ads ····${card.last4}`);
    expect(wecom.text.content).not.toContain('482913');

    expect(by.dingtalk!.signed).toBe(true);
    expect(Number(by.dingtalk!.query.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    const ding = by.dingtalk!.body as { msgtype: string; markdown: { title: string; text: string } };
    expect(ding.markdown.title).toBe('3-D Secure code');
    expect(ding.markdown.text).toContain('Code 482913');

    expect(by.feishu!.signed).toBe(true);
    const feishu = by.feishu!.body as { msg_type: string; timestamp: string; content: { text: string } };
    expect(feishu.msg_type).toBe('text');
    expect(feishu.timestamp).toMatch(/^\d{10}$/);
    expect(feishu.content.text).not.toContain('482913');

    expect(by.telegram!.path).toBe(`/bot${BOT_SECRETS.telegramToken}/sendMessage`);
    const telegram = by.telegram!.body as { chat_id: string; text: string };
    expect(telegram.chat_id).toBe('-1001234567890');
    expect(telegram.text).toContain('Code 482913');
  });

  it('a wrong signing secret is refused by the service and logged as failed, never as sent', async () => {
    const id = await addChannel(me.token, { kind: 'feishu', secret: 'not-the-secret' });
    await challenge(me.accountId, '111111');
    expect((await drainChannelDeliveries(t.ctx)).retry).toBe(1);
    expect(bots.received[0]!.signed).toBe(false);
    const [entry] = await log(me.token, id);
    expect(entry).toMatchObject({ kind: 'otp', status: 'pending', attempts: 1 });
    expect(entry!.lastError).toContain('19021');
  });

  it('sends a test message and shows it in the delivery log', async () => {
    const id = await addChannel(me.token, { kind: 'dingtalk', secret: BOT_SECRETS.dingtalk });
    const test = await t.api(channelTest, { id }, { token: me.token, json: true });
    expect(test.body.code, test.body.msg).toBe(200);
    // "Send test message" starts a drain at once: no job needed.
    await channelDrainSettled(t.ctx);
    const [entry] = await log(me.token, id);
    expect(entry).toMatchObject({ kind: 'test', status: 'sent', attempts: 1, lastError: null });
    expect((bots.received[0]!.body as { markdown: { title: string } }).markdown.title).toBe(
      'Card Portal test message',
    );
    const list = await t.api(channelList, {}, { token: me.token });
    const view = (
      list.body.data as { channels: { id: string; lastDelivery: { status: string } }[] }
    ).channels.find((c) => c.id === id);
    expect(view?.lastDelivery?.status).toBe('sent');
  });
});

describe('retries with exponential back-off', () => {
  it('retries a failed delivery after 30 s, then 60 s, and logs each attempt', async () => {
    const id = await addChannel(me.token, { kind: 'wecom', events: ['otp'] });
    await challenge(me.accountId, '222222');
    bots.failNext(2);
    expect((await drainChannelDeliveries(t.ctx)).retry).toBe(1);
    let [entry] = await log(me.token, id);
    expect(entry).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 500' });
    const due = Date.parse(entry!.nextAttemptAt!) - t.ctx.now().getTime();
    expect(due).toBeGreaterThan(backoffMs(1) - 2_000);
    expect(due).toBeLessThanOrEqual(backoffMs(1));
    // Not due yet: nothing is sent.
    expect(await drainChannelDeliveries(t.ctx)).toMatchObject({ sent: 0, retry: 0 });
    t.advance(backoffMs(1));
    expect((await drainChannelDeliveries(t.ctx)).retry).toBe(1);
    [entry] = await log(me.token, id);
    expect(entry).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Date.parse(entry!.nextAttemptAt!) - t.ctx.now().getTime()).toBeGreaterThan(backoffMs(2) - 2_000);
    t.advance(backoffMs(1));
    expect((await drainChannelDeliveries(t.ctx)).sent).toBe(0);
    t.advance(backoffMs(2));
    // The code expired meanwhile (five minutes): a stale code is not sent, the log says why.
    await drainChannelDeliveries(t.ctx);
    [entry] = await log(me.token, id);
    expect(entry!.attempts).toBe(3);
    expect(['sent', 'failed']).toContain(entry!.status);
  });

  it('gives up after the last attempt and marks the delivery failed', async () => {
    const id = await addChannel(me.token, { kind: 'telegram', chatId: '@cardteam' });
    bots.failNext(100);
    await t.api(channelTest, { id }, { token: me.token, json: true });
    await channelDrainSettled(t.ctx);
    for (let attempt = 1; attempt < CHANNEL_MAX_ATTEMPTS; attempt += 1) {
      t.advance(backoffMs(attempt));
      await drainChannelDeliveries(t.ctx);
    }
    // The clock ran past the access token's life: a new session of the same account reads the log.
    const again = await openSession(t, me.accountId);
    const [entry] = await log(again.token, id);
    expect(entry).toMatchObject({
      kind: 'test',
      status: 'failed',
      attempts: CHANNEL_MAX_ATTEMPTS,
      nextAttemptAt: null,
    });
    bots.failNext(0);
  });
});

describe('secrets at rest and in answers', () => {
  it('seals the webhook token, the signing secret and the bot token; the client sees a hint only', async () => {
    const webhook = hook.dingtalk();
    const token = new URL(webhook).searchParams.get('access_token')!;
    const id = await addChannel(me.token, { kind: 'dingtalk', webhook, secret: BOT_SECRETS.dingtalk });
    const tg = await addChannel(me.token, { kind: 'telegram', chatId: '42424242' });
    const rows = await t.ctx.database.db
      .select()
      .from(messengerChannels)
      .where(eq(messengerChannels.accountId, me.accountId));
    const stored = JSON.stringify(rows);
    for (const secret of [token, BOT_SECRETS.dingtalk, BOT_SECRETS.telegramToken, 'robot/send'])
      expect(stored).not.toContain(secret);
    const list = await t.api(channelList, {}, { token: me.token });
    const text = JSON.stringify(list.body.data);
    for (const secret of [token, BOT_SECRETS.dingtalk, BOT_SECRETS.telegramToken])
      expect(text).not.toContain(secret);
    const views = (list.body.data as { channels: { id: string; targetHint: string; hasSecret: boolean }[] })
      .channels;
    expect(views.find((c) => c.id === id)).toMatchObject({
      hasSecret: true,
      targetHint: `127.0.0.1:${new URL(bots.origin).port} · …${token.slice(-4)}`,
    });
    expect(views.find((c) => c.id === tg)!.targetHint).toContain('42424242');
    // Changing the name without re-entering the secrets keeps them working.
    const kept = await t.api(
      channelSave,
      { id, kind: 'dingtalk', name: 'Renamed', events: ['otp'] },
      { token: me.token, json: true },
    );
    expect(kept.body.code, kept.body.msg).toBe(200);
    await t.api(channelTest, { id }, { token: me.token, json: true });
    await channelDrainSettled(t.ctx);
    expect(bots.received.find((r) => r.service === 'dingtalk')?.signed).toBe(true);
  });
});

describe('only the services’ own hosts', () => {
  const production = { env: loadEnv({ APP_MODE: 'production' }) } as unknown as AppContext;

  it('accepts each service’s documented webhook and refuses internal and look-alike addresses', () => {
    expect(
      acceptableWebhook(
        production,
        'wecom',
        'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx',
      ),
    ).not.toBeNull();
    expect(
      acceptableWebhook(
        production,
        'dingtalk',
        'https://oapi.dingtalk.com/robot/send?access_token=abcdef0123',
      ),
    ).not.toBeNull();
    expect(
      acceptableWebhook(production, 'feishu', 'https://open.feishu.cn/open-apis/bot/v2/hook/5e3d587e-d78e'),
    ).not.toBeNull();
    expect(
      acceptableWebhook(
        production,
        'feishu',
        'https://open.larksuite.com/open-apis/bot/v2/hook/5e3d587e-d78e',
      ),
    ).not.toBeNull();
    expect(acceptableTelegram(production, BOT_SECRETS.telegramToken)?.apiOrigin).toBe(
      'https://api.telegram.org',
    );
    for (const bad of [
      'http://127.0.0.1:5432/robot/send?access_token=abcdef0123',
      'https://10.0.0.8/robot/send?access_token=abcdef0123',
      'https://169.254.169.254/robot/send?access_token=abcdef0123',
      'https://[::1]/robot/send?access_token=abcdef0123',
      'https://localhost/robot/send?access_token=abcdef0123',
      'http://oapi.dingtalk.com/robot/send?access_token=abcdef0123',
      'https://oapi.dingtalk.com:8443/robot/send?access_token=abcdef0123',
      'https://oapi.dingtalk.com.evil.example/robot/send?access_token=abcdef0123',
      'https://oapi.dingtalk.com@127.0.0.1/robot/send?access_token=abcdef0123',
      'https://qyapi.weixin.qq.com/robot/send?access_token=abcdef0123',
    ])
      expect(acceptableWebhook(production, 'dingtalk', bad), bad).toBeNull();
    expect(
      acceptableTelegram(production, `http://127.0.0.1:8080/bot${BOT_SECRETS.telegramToken}`),
    ).toBeNull();
    expect(
      acceptableTelegram(production, `https://api.telegram.org.evil.example/bot${BOT_SECRETS.telegramToken}`),
    ).toBeNull();
  });

  it('refuses an internal address through the API and stores nothing', async () => {
    const answer = await t.api(
      channelSave,
      {
        kind: 'wecom',
        name: 'x',
        events: ['otp'],
        webhook: 'http://127.0.0.1:6379/cgi-bin/webhook/send?key=abcdefgh12',
      },
      { token: me.token, json: true },
    );
    expect(answer.body.code).toBe(400);
    expect(answer.body.msg).toContain('webhook address');
    const rows = await t.ctx.database.db
      .select()
      .from(messengerChannels)
      .where(eq(messengerChannels.accountId, me.accountId));
    expect(rows).toEqual([]);
  });
});

describe('member scope', () => {
  it('a member’s channel hears only the codes of its own cards; scopes of the holder filter too', async () => {
    const memberId = `m-${me.accountId.slice(0, 10)}`;
    const member = await openSession(t, me.accountId, memberId);
    const mine = await addChannel(member.token, { kind: 'wecom' });
    const byMember = await addChannel(me.token, {
      kind: 'telegram',
      chatId: '777',
      cardScope: 'member',
      scopeSubAccountId: memberId,
    });
    const all = await addChannel(me.token, { kind: 'feishu' });
    await challenge(me.accountId, '333333', null);
    await challenge(me.accountId, '444444', memberId);
    await drainChannelDeliveries(t.ctx);
    expect((await log(member.token, mine)).map((d) => d.kind)).toEqual(['otp']);
    expect(await log(me.token, byMember)).toHaveLength(1);
    expect(await log(me.token, all)).toHaveLength(2);
    // The member does not see the holder's channels, nor their logs.
    const list = await t.api(channelList, {}, { token: member.token });
    expect((list.body.data as { channels: { id: string }[] }).channels.map((c) => c.id)).toEqual([mine]);
    expect(
      (await t.api(channelDeliveries, { id: all, pageNo: 1, pageSize: 10 }, { token: member.token })).body
        .code,
    ).toBe(404);
    expect((await t.api(channelRemove, { id: all }, { token: member.token, json: true })).body.code).toBe(
      404,
    );
  });

  it('a member may not choose top-ups, nor codes its role does not show; losing the role stops delivery', async () => {
    const memberId = `n-${me.accountId.slice(0, 10)}`;
    const member = await openSession(t, me.accountId, memberId);
    const topups = await t.api(
      channelSave,
      { kind: 'wecom', name: 'x', events: ['topup'], webhook: hook.wecom() },
      { token: member.token, json: true },
    );
    expect(topups.body.code).toBe(400);
    const id = await addChannel(member.token, { kind: 'wecom' });
    const [row] = await t.ctx.database.db
      .select({ roleId: subAccounts.roleId })
      .from(sessions)
      .innerJoin(subAccounts, eq(subAccounts.id, sessions.subAccountId))
      .where(eq(sessions.id, member.sessionId));
    await t.ctx.database.db
      .update(subRoles)
      .set({ permissions: ['card:list', 'personal:channels'] })
      .where(eq(subRoles.id, row!.roleId!));
    await challenge(me.accountId, '555555', memberId);
    expect((await drainChannelDeliveries(t.ctx)).dropped).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.database.db
      .select()
      .from(deliveriesTable)
      .where(eq(deliveriesTable.channelId, id));
    expect(left).toEqual([]);
    expect(bots.received).toEqual([]);
  });

  it('needs personal:channels to manage channels', async () => {
    const member = await openSession(t, me.accountId, `o-${me.accountId.slice(0, 10)}`);
    const [row] = await t.ctx.database.db
      .select({ roleId: subAccounts.roleId })
      .from(sessions)
      .innerJoin(subAccounts, eq(subAccounts.id, sessions.subAccountId))
      .where(eq(sessions.id, member.sessionId));
    await t.ctx.database.db
      .update(subRoles)
      .set({ permissions: ['card:list', 'card:otp'] })
      .where(eq(subRoles.id, row!.roleId!));
    expect((await t.api(channelList, {}, { token: member.token })).body.code).toBe(4030);
  });
});

describe('low balance', () => {
  it('tells a channel once when a card balance falls below its threshold', async () => {
    const id = await addChannel(me.token, { kind: 'wecom', events: ['low_balance'], lowBalance: 1_000 });
    const card = await openTestCard(t, me.accountId, { balance: 5_000, label: 'Low' });
    const spend = (amount: number) => authorizeOnce(t, card, { amount, merchant: 'Shop' });
    await spend(4_500);
    await spend(100);
    await drainChannelDeliveries(t.ctx);
    const entries = await log(me.token, id);
    expect(entries.map((e) => [e.kind, e.status])).toEqual([['low_balance', 'sent']]);
    const content = (bots.received[0]!.body as { text: { content: string } }).text.content;
    expect(content).toContain('Low card balance');
    expect(content).toContain('below $10.00');
    expect(content).toContain(`····${card.last4}`);
  });
});
