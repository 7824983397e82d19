import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';
import { signedInAccount } from '../testing/signed-in';
import { tinyPng } from '../testing/images';
import { eventsOf, forecastIn, forecastRow, submit, usdBalance, validFields } from '../testing/forecasts';
import type { ForecastView } from '../../contract/finance';
import { escapeHtml } from '../lib/markup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
  body: new URLSearchParams(fields).toString(),
});

describe('GET /sandbox/forecasts', () => {
  it('lists waiting forecasts with the customer, amount, payer, bank number, proof link and buttons, escaped', async () => {
    const me = await signedInAccount(t);
    // Payer names follow the bank-transfer character set (contract text rules), which has no `<`;
    // the apostrophe is the character of it that HTML must escape.
    const fields = await validFields(t, me, { payerName: "O'Brien (Holdings) Ltd", amount: 123_456 });
    const made = await submit(t, me, fields);
    const id = (made.body.data as ForecastView).id;
    const done = await forecastIn(t, me, 'approved');
    const res = await t.raw('/sandbox/forecasts', { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain(me.email);
    expect(html).toContain('$1,234.56');
    expect(html).toContain(fields.bankTxnNo);
    expect(html).toContain(escapeHtml(fields.payerName));
    expect(html).not.toContain("O'Brien");
    expect(html).toContain(`/sandbox/forecasts/${id}/proof`);
    expect(html).toContain(`action="/sandbox/forecasts/${id}/approve"`);
    expect(html).toContain(`action="/sandbox/forecasts/${id}/reject"`);
    expect(html).not.toContain(done.id);
    expect(html).not.toMatch(/<script/i);
  });

  it('serves the proof image from storage', async () => {
    const me = await signedInAccount(t);
    const { id } = await forecastIn(t, me, 'submitted');
    const res = await t.raw(`/sandbox/forecasts/${id}/proof`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(tinyPng());
    expect((await t.raw('/sandbox/forecasts/nothing/proof')).status).toBe(404);
  });
});

describe('the page’s buttons', () => {
  it('Approve credits the wallet and comes back to the page', async () => {
    const me = await signedInAccount(t);
    const { id, fields } = await forecastIn(t, me, 'submitted');
    const res = await t.raw(`/sandbox/forecasts/${id}/approve`, form({}));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sandbox/forecasts?done=approve');
    expect((await forecastRow(t, id))!.status).toBe('approved');
    expect(await usdBalance(t, me.accountId)).toBe(fields.amount);
    // Pressed again (an old page): refused with the reason, nothing credited twice.
    const again = await t.raw(`/sandbox/forecasts/${id}/approve`, form({}));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This forecast has been approved and can no longer be changed');
    expect(await usdBalance(t, me.accountId)).toBe(fields.amount);
  });

  it('Reject needs a reason and records it', async () => {
    const me = await signedInAccount(t);
    const { id } = await forecastIn(t, me, 'submitted');
    const empty = await t.raw(`/sandbox/forecasts/${id}/reject`, form({ reason: '  ' }));
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('Please give the reason for the rejection');
    expect((await forecastRow(t, id))!.status).toBe('submitted');
    const res = await t.raw(
      `/sandbox/forecasts/${id}/reject`,
      form({ reason: 'Amount differs from the slip' }),
    );
    expect(res.status).toBe(303);
    expect(await forecastRow(t, id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'Amount differs from the slip',
    });
    expect((await eventsOf(t, id)).at(-1)).toMatchObject({
      actor: 'reviewer',
      note: 'Amount differs from the slip',
    });
  });
});

describe('JSON endpoints', () => {
  it('list, approve and reject like the page', async () => {
    const me = await signedInAccount(t);
    const a = await forecastIn(t, me, 'submitted');
    const b = await forecastIn(t, me, 'resubmitted');
    const list = (await (await t.raw('/sandbox/api/forecasts')).json()) as {
      id: string;
      email: string;
      proofUrl: string;
    }[];
    const mine = list.filter((f) => f.email === me.email);
    expect(mine.map((f) => f.id).sort()).toEqual([a.id, b.id].sort());
    expect(mine[0]!.proofUrl).toMatch(/^\/sandbox\/forecasts\/.+\/proof$/);

    const approve = await t.raw(`/sandbox/api/forecasts/${a.id}/approve`, { method: 'POST' });
    expect(approve.status).toBe(200);
    expect(await approve.json()).toMatchObject({ id: a.id, status: 'approved' });
    const reject = await t.raw(`/sandbox/api/forecasts/${b.id}/reject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ reason: 'Wrong account' }),
    });
    expect(await reject.json()).toMatchObject({
      id: b.id,
      status: 'rejected',
      rejectReason: 'Wrong account',
    });
    const late = await t.raw(`/sandbox/api/forecasts/${a.id}/reject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ reason: 'too late' }),
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      code: 409,
      error: 'This forecast has been approved and can no longer be changed',
    });
    expect((await t.raw('/sandbox/api/forecasts/x/other', { method: 'POST' })).status).toBe(404);
  });
});

describe('production mode', () => {
  it('has no review desk', async () => {
    // The same context with the mode switched: only the app's routing is under test here.
    // No built PWA either, whose catch-all would answer unknown pages with a redirect.
    const env = {
      ...t.ctx.env,
      APP_MODE: 'production' as const,
      WEB_DIST: join(t.ctx.env.DATA_DIR, 'no-web'),
    };
    const prod = createApp({ ...t.ctx, env });
    expect((await prod.request('/sandbox/forecasts')).status).toBe(404);
    expect((await prod.request('/sandbox/api/forecasts')).status).toBe(404);
    expect((await prod.request('/sandbox/api/forecasts/x/approve', { method: 'POST' })).status).toBe(404);
  });
});
