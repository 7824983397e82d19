import { Hono } from 'hono';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint } from '../../contract/core';
import { purgeExpired } from './purge';
import { fail } from './errors';
import { requestHashOf } from './idempotency';
import { createRegistrar } from './route';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';
import { signedInAccount } from '../testing/signed-in';

let t: TestApp;
const api = new Hono();
let runs = 0;
let behaviour: 'ok' | 'refuse' | 'crash' | 'slow' = 'ok';

const moveIt = endpoint({
  id: 'test.moveIt',
  method: 'POST',
  path: '/api/test/moveIt',
  encoding: 'form',
  auth: 'bearer',
  idempotent: true,
  summary: 'test endpoint',
  request: z.object({ amount: z.coerce.number().int() }),
  response: z.object({ run: z.number(), amount: z.number() }),
});

beforeAll(async () => {
  t = await createTestApp();
  createRegistrar(api, t.ctx)(moveIt, async (input) => {
    runs += 1;
    const run = runs;
    if (behaviour === 'refuse') throw fail.rule('server:ledger.insufficientBalance', { currency: 'USD' });
    if (behaviour === 'crash') throw new Error('database went away');
    if (behaviour === 'slow') await new Promise((r) => setTimeout(r, 150));
    return { run, amount: input.amount };
  });
});
afterAll(async () => t.close());

async function post(token: string, amount: number, key?: string) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/x-www-form-urlencoded',
    'accept-language': 'en',
  };
  if (key) headers['idempotency-key'] = key;
  const response = await api.request('/api/test/moveIt', {
    method: 'POST',
    headers,
    body: `amount=${amount}`,
  });
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed'),
    body: await response.json(),
  };
}

describe('Idempotency-Key on money-moving endpoints', () => {
  it('answers a repeated key with the first answer without running again', async () => {
    behaviour = 'ok';
    const me = await signedInAccount(t);
    const first = await post(me.token, 500, 'key-aaaaaaaa-1');
    const again = await post(me.token, 500, 'key-aaaaaaaa-1');
    expect(first.body.data).toEqual(again.body.data);
    expect(again.replayed).toBe('true');
    expect((await post(me.token, 500, 'key-aaaaaaaa-2')).body.data.run).toBe(first.body.data.run + 1);
  });

  it('refuses the same key with other parameters (409) and does not run', async () => {
    behaviour = 'ok';
    const me = await signedInAccount(t);
    await post(me.token, 500, 'key-bbbbbbbb-1');
    const before = runs;
    const other = await post(me.token, 600, 'key-bbbbbbbb-1');
    expect(other.body.code).toBe(409);
    expect(other.body.msg).toMatch(/different parameters/);
    expect(runs).toBe(before);
  });

  it('keeps keys per account: two accounts may use the same key', async () => {
    behaviour = 'ok';
    const a = await signedInAccount(t);
    const b = await signedInAccount(t);
    await post(a.token, 500, 'key-shared-000');
    expect((await post(b.token, 500, 'key-shared-000')).replayed).toBeNull();
  });

  it('answers 409 while the first call with the key is still running', async () => {
    behaviour = 'slow';
    const me = await signedInAccount(t);
    const [one, two] = await Promise.all([
      post(me.token, 1, 'key-cccccccc-1'),
      post(me.token, 1, 'key-cccccccc-1'),
    ]);
    expect([one.body.code, two.body.code].sort()).toEqual([200, 409]);
  });

  it('replays a business refusal, but lets a retry run after an unexpected failure', async () => {
    const me = await signedInAccount(t);
    behaviour = 'refuse';
    expect((await post(me.token, 1, 'key-dddddddd-1')).body.code).toBe(422);
    behaviour = 'ok';
    const replay = await post(me.token, 1, 'key-dddddddd-1');
    expect(replay.body.code).toBe(422);
    expect(replay.replayed).toBe('true');

    behaviour = 'crash';
    expect((await post(me.token, 1, 'key-eeeeeeee-1')).body.code).toBe(500);
    behaviour = 'ok';
    const retried = await post(me.token, 1, 'key-eeeeeeee-1');
    expect(retried.body.code).toBe(200);
    expect(retried.replayed).toBeNull();
  });

  it('refuses a malformed key with 400 and runs without a key as an ordinary call', async () => {
    behaviour = 'ok';
    const me = await signedInAccount(t);
    const before = runs;
    expect((await post(me.token, 1, 'bad key!')).body.code).toBe(400);
    expect(runs).toBe(before);
    await post(me.token, 1);
    await post(me.token, 1);
    expect(runs).toBe(before + 2);
  });

  it('forgets keys after 48 hours', async () => {
    behaviour = 'ok';
    const me = await signedInAccount(t);
    await post(me.token, 7, 'key-ffffffff-1');
    t.advance(49 * 3600 * 1000);
    const deleted = await purgeExpired(t.ctx);
    expect(deleted.idempotencyKeys).toBeGreaterThan(0);
  });
});

describe('what counts as the same parameters', () => {
  it('uploaded files count by their bytes, not as empty objects', async () => {
    const fileA = new File([new Uint8Array([1, 2, 3])], 'cards.xlsx');
    const sameBytes = new File([new Uint8Array([1, 2, 3])], 'renamed.xlsx');
    const fileB = new File([new Uint8Array([1, 2, 4])], 'cards.xlsx');
    const hash = (file: File) => requestHashOf('cards.importData', { file, unit: 'USD' });
    expect(await hash(fileA)).toBe(await hash(sameBytes));
    expect(await hash(fileA)).not.toBe(await hash(fileB));
    expect(await requestHashOf('x', { unit: 'USD' })).not.toBe(await requestHashOf('x', { unit: 'CNY' }));
  });
});
