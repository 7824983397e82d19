/**
 * The hostile suite of issue 13 §4, generated from the contract so a new call is covered the day it
 * is declared. Every endpoint is called as an attacker would: without a token, with a forged one,
 * and with a real session of another customer sending bad types, NUL bytes, huge and negative
 * numbers, and the victim's own ids. No answer may be a 500, none may show the victim's data, and
 * no money may move anywhere: every ledger balance is the same afterwards and the audit is clean.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EndpointDef } from '../contract/core';
import { allEndpoints } from '../contract/index';
import { pushSubscribe } from '../contract/live';
import { PERMISSION_KEYS } from '../contract/permissions';
import { accounts, ledgerAccounts, paymentCallbacks, pushSubscriptions, subAccounts } from './db/schema';
import { auditLedger } from './modules/ledger';
import { openTestCard } from './testing/cards';
import { fileTestApp } from './testing/file-app';
import { CLIENT_BASIC } from './testing/harness';
import { fundWallet } from './testing/money';
import { ensureSubAccount, openSession, signedInAccount } from './testing/signed-in';
import { idempotency, openCardBatch, quote, SUBSCRIPTIONS, totalFor } from './testing/card-kit';
import { postFile, tinyPng } from './testing/images';
import { requestFieldsOf } from './testing/request-fields';

const t = fileTestApp();

/** Calls that end the caller's own session: they get a session of their own, used once. */
const ENDS_SESSION = new Set(['auth.logout', 'auth.token']);

type Payload = Record<string, string | string[]>;

/** What an attacker sends in every field: each payload fills all the endpoint's fields. */
function junkPayloads(fields: readonly string[], victimIds: Record<string, string>): Payload[] {
  const fill = (value: string | string[]) => Object.fromEntries(fields.map((field) => [field, value]));
  const foreign = Object.fromEntries(
    fields.map((field) => [field, victimIds[field] ?? victimIds[/ids$/i.test(field) ? 'ids' : 'id']!]),
  );
  return [
    {},
    fill('\u0000'),
    fill('-99999999999999999999'),
    fill('1e309'),
    fill(['true', '[5000]']),
    fill('0xC350'),
    fill('x'.repeat(5_000)),
    foreign,
  ];
}

interface Reply {
  status: number;
  code: number | null;
  text: string;
}

async function send(def: EndpointDef, payload: Payload, authorization: string | null): Promise<Reply> {
  const headers: Record<string, string> = {
    'accept-language': 'en',
    'idempotency-key': `hostile-${Math.random()}`,
  };
  if (authorization) headers.authorization = authorization;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(payload))
    for (const one of Array.isArray(value) ? value : [value]) form.append(key, one);
  let url: string = def.path;
  let body: string | undefined;
  if (def.method === 'GET') {
    if (form.size > 0) url += `?${form.toString()}`;
  } else if (def.encoding === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = form.toString();
  }
  const res = await t.app.request(url, { method: def.method, headers, body });
  // An open event stream never ends by itself: its status and headers are the answer.
  if (def.answer === 'stream' && res.ok) {
    await res.body?.cancel();
    return { status: res.status, code: null, text: '' };
  }
  const text = await res.text();
  let code: number | null = null;
  try {
    code = (JSON.parse(text) as { code?: number }).code ?? null;
  } catch {
    // A file download: its status says enough.
  }
  return { status: res.status, code, text };
}

async function balances(): Promise<Map<string, number>> {
  const rows = await t.ctx.database.db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts);
  return new Map(rows.map((row) => [row.id, Number(row.balance)]));
}

describe('the hostile suite, generated from the contract', () => {
  it('answers every call with junk, forged tokens and foreign ids without a 500, a leak or a money movement', async () => {
    const victim = await signedInAccount(t);
    await fundWallet(t, victim.accountId, 'USD', 50_000);
    await fundWallet(t, victim.accountId, 'CNY', 80_000);
    const card = await openTestCard(t, victim.accountId, { balance: 7_777 });
    const attacker = await signedInAccount(t);
    await fundWallet(t, attacker.accountId, 'USD', 10_000);
    const victimIds: Record<string, string> = {
      id: card.id,
      ids: card.id,
      cardId: card.id,
      cardIds: card.id,
      accountId: victim.accountId,
      email: victim.email,
      username: victim.email,
    };
    // What of the victim must never reach the attacker's screen.
    const secrets = [card.serial, victim.email, victim.accountId];
    const before = await balances();

    const failures: string[] = [];
    let calls = 0;
    for (const def of allEndpoints) {
      const fields = requestFieldsOf(def.request);
      let session = (await openSession(t, attacker.accountId)).token;
      const auths: (string | null)[] = [null, 'Bearer forged.token.value', 'Basic Zm9yZ2VkOmNsaWVudA=='];
      for (const authorization of auths) {
        const reply = await send(def, {}, authorization);
        calls += 1;
        if (reply.status >= 500 || reply.code === 500)
          failures.push(`${def.id} with ${authorization ?? 'no token'}: ${reply.status}`);
        if (def.auth === 'bearer' && reply.status < 400 && reply.code === 200)
          failures.push(`${def.id} answered 200 to ${authorization ?? 'no token'}`);
      }
      for (const payload of junkPayloads(fields, victimIds)) {
        if (ENDS_SESSION.has(def.id)) session = (await openSession(t, attacker.accountId)).token;
        const authorization = def.auth === 'client' ? CLIENT_BASIC : `Bearer ${session}`;
        const reply = await send(def, payload, authorization);
        calls += 1;
        const shown = JSON.stringify(payload).slice(0, 60);
        if (reply.status >= 500 || reply.code === 500)
          failures.push(`${def.id} ${shown}: ${reply.status}/${reply.code}`);
        const leaked = secrets.filter(
          (secret) => reply.text.includes(secret) && !JSON.stringify(payload).includes(secret),
        );
        if (leaked.length > 0) failures.push(`${def.id} ${shown}: leaked ${leaked.join(', ')}`);
      }
    }

    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(allEndpoints.length * 10);
    expect(await balances()).toEqual(before);
    const audit = await auditLedger(t.ctx.database.db);
    expect(Object.values(audit).every((list) => list.length === 0)).toBe(true);
  }, 600_000);
});

// ---------------------------------------------------------------------------------------------
// Team members reaching for the owner's objects, and one address per user (issue 29 §1-§3; the
// "team" helper's block — other classes go in their own blocks).

describe('the hostile suite, a team member against its owner (issue 29 §1-§3)', () => {
  it("no call hands a member of every key the owner's files or batches, and no call gives one address two holders", async () => {
    const owner = await signedInAccount(t);
    await fundWallet(t, owner.accountId, 'USD', 100_000);
    const identityDoc = await uploadAs(owner.token, '/api/identity/upload');
    const proof = await uploadAs(owner.token, '/api/account/topup/upload');
    const cost = await quote(t, owner.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 2 });
    const batchHeaders = idempotency();
    const opened = await openCardBatch(
      t,
      owner.token,
      { count: 2, expectTotal: totalFor(cost, 'USD') },
      batchHeaders,
    );
    expect(opened.body.code).toBe(200);
    const batchId = batchHeaders['idempotency-key'];
    const memberId = `hostile-member-${Date.now()}`;
    await ensureSubAccount(t, owner.accountId, memberId, PERMISSION_KEYS);
    const [member] = await t.ctx.database.db
      .select({ email: subAccounts.email })
      .from(subAccounts)
      .where(eq(subAccounts.id, memberId));

    const failures: string[] = [];
    for (const def of allEndpoints) {
      const fields = requestFieldsOf(def.request);
      if (fields.length === 0) continue;
      for (const target of [identityDoc, proof, batchId]) {
        // Every id-like field carries the owner's object; address fields carry the member's address.
        const payload: Payload = Object.fromEntries(
          fields.map((field) => [field, /e-?mail|username/i.test(field) ? member!.email : target]),
        );
        const session = (await openSession(t, owner.accountId, memberId)).token;
        const reply = await send(def, payload, def.auth === 'client' ? CLIENT_BASIC : `Bearer ${session}`);
        // The owner's uploads are PNG images: their header chunk in an answer is the file itself.
        if (reply.status === 200 && reply.code === null && reply.text.includes('IHDR'))
          failures.push(`${def.id} handed the member the owner's file ${target}`);
        if (reply.code === 200 && target === batchId && reply.text.includes('"txnNo"'))
          failures.push(`${def.id} handed the member the owner's batch`);
      }
    }
    expect(failures).toEqual([]);

    // Whatever the suites above sent, no address signs in two users.
    const shared = await t.ctx.database.db
      .select({ address: accounts.email })
      .from(accounts)
      .innerJoin(subAccounts, sql`lower(${subAccounts.email}) = lower(${accounts.email})`);
    expect(shared).toEqual([]);
  }, 600_000);
});

async function uploadAs(token: string, path: string): Promise<string> {
  const res = await postFile(t, path, { bytes: tinyPng(), name: 'doc.png' }, { token });
  const body = (await res.json()) as { code: number; data: { fileId: string } };
  if (body.code !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data.fileId;
}

// ─── Issue 29, security classes (branch sec): deep and NUL bodies, push endpoints ───────────────
// The atomic limits' races are in lib/limit-claim.test.ts (PostgreSQL: PGlite serialises everything).
describe('issue 29 §11-12: bodies no handler may walk, push endpoints no one may aim', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const pushKeys = {
    p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
    auth: Buffer.alloc(16, 9).toString('base64url'),
  };

  it('a JSON body 5,000 levels deep is a translated 400 on every JSON call, never a 500', async () => {
    const me = await signedInAccount(t);
    for (const def of allEndpoints.filter((d) => d.method === 'POST')) {
      for (const lang of ['en', 'zh-CN']) {
        const res = await t.app.request(def.path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'accept-language': lang,
            authorization: def.auth === 'client' ? CLIENT_BASIC : `Bearer ${me.token}`,
          },
          body: `{"a":${deep(5_000)}}`,
        });
        const body = (await res.json()) as { code: number; msg: string };
        expect(body.code, def.path).toBe(400);
        expect(body.msg, def.path).toMatch(lang === 'en' ? /nested too deeply/ : /嵌套过深/);
      }
    }
  });

  it('NUL bytes and deep JSON in callback bodies are a 400 before any statement: stored nowhere', async () => {
    const paths = [
      '/api/pay/notify/wechat',
      '/api/identity/decision',
      '/api/issuer/events',
      '/api/payouts/events',
    ];
    const bodies = ['{"orderId":"nul\u0000here"}', '{"eventId\u0000":"x"}', `{"x":${deep(5_000)}}`];
    const before = await t.ctx.database.db.select({ id: paymentCallbacks.id }).from(paymentCallbacks);
    for (const path of paths)
      for (const body of bodies) {
        const res = await t.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          body,
        });
        expect(res.status, `${path} ${body.slice(0, 20)}`).toBe(400);
      }
    const after = await t.ctx.database.db.select({ id: paymentCallbacks.id }).from(paymentCallbacks);
    expect(after.length).toBe(before.length);
  });

  it('push endpoints: only the public push services, never an internal host', async () => {
    const me = await signedInAccount(t);
    const refused = [
      'https://127.0.0.1:5432/',
      'https://10.0.0.8/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/push',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://notify.windows.com.evil.example/w/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ];
    for (const endpoint of refused) {
      const answer = await t.api(
        pushSubscribe,
        { endpoint, keys: pushKeys },
        { token: me.token, json: true },
      );
      expect(answer.body.code, endpoint).toBe(400);
    }
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/hostile-a',
      'https://updates.push.services.mozilla.com/wpush/v2/hostile-b',
      'https://web.push.apple.com/hostile-c',
      'https://wns2-par02p.notify.windows.com/w/?token=hostile-d',
    ];
    for (const endpoint of accepted) {
      const answer = await t.api(
        pushSubscribe,
        { endpoint, keys: pushKeys },
        { token: me.token, json: true },
      );
      expect(answer.body.code, endpoint).toBe(200);
    }
  });

  it('another customer’s push endpoint is refused (409), the subscription stays theirs', async () => {
    const victim = await signedInAccount(t);
    const attacker = await signedInAccount(t);
    const endpoint = `https://fcm.googleapis.com/fcm/send/victim-${victim.accountId}`;
    const subscribe = (token: string) =>
      t.api(pushSubscribe, { endpoint, keys: pushKeys }, { token, json: true });
    expect((await subscribe(victim.token)).body.code).toBe(200);
    expect((await subscribe(attacker.token)).body.code).toBe(409);
    const rows = await t.ctx.database.db
      .select({ accountId: pushSubscriptions.accountId, sessionId: pushSubscriptions.sessionId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toEqual([{ accountId: victim.accountId, sessionId: victim.sessionId }]);
  });
});
