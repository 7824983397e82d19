import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../contract/core';
import type { IdentityStatusView } from '../../../contract/identity';
import { identityGetStatus, identityOrder, identityUpload } from '../../../contract/identity';
import { identityCallbacks, identityOrders } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { signBody } from '../../providers/payments/signature';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import type { SignedInAccount } from '../../testing/signed-in';
import { signedInAccount } from '../../testing/signed-in';
import { civilDate, shiftCivilDate } from '../account/account-calendar';
import { postFile, tinyPng } from '../../testing/images';
import { identityLevelOf } from './identity-level';

const SECRET = 'identity-decision-secret-for-tests';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ IDENTITY_API_SECRET: SECRET });
});
afterAll(async () => t.close());

async function upload(me: SignedInAccount): Promise<string> {
  const res = await postFile(
    t,
    identityUpload.path,
    { bytes: tinyPng(), name: 'doc.png' },
    { token: me.token },
  );
  return ((await res.json()) as Envelope<{ fileId: string }>).data.fileId;
}

/** An unverified account with a submitted personal order: its id and the provider's reference. */
async function submitted(): Promise<{ me: SignedInAccount; orderId: string; reference: string }> {
  const me = await signedInAccount(t, undefined, false);
  const sent = await t.api(
    identityOrder,
    {
      action: 'submit',
      kind: 'individual',
      personName: 'Han Meimei',
      idType: 'passport',
      idNumber: 'e7654321',
      idExpiresOn: shiftCivilDate(civilDate(t.ctx.now()), 800),
      idFrontFileId: await upload(me),
      idBackFileId: await upload(me),
      selfieFileId: await upload(me),
    },
    { token: me.token },
  );
  if (sent.body.code !== 200) throw new Error(JSON.stringify(sent.body));
  const orderId = (sent.body.data as IdentityStatusView).order!.id;
  const [row] = await t.ctx.database.db
    .select({ ref: identityOrders.providerRef })
    .from(identityOrders)
    .where(eq(identityOrders.id, orderId));
  return { me, orderId, reference: row!.ref! };
}

async function deliver(body: unknown, secret = SECRET, signature?: string) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await t.raw('/api/identity/decision', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature ?? signBody(secret, raw) },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Envelope<{ outcome: string; status?: string }> };
}

async function statusOf(me: SignedInAccount) {
  return ((await t.api(identityGetStatus, {}, { token: me.token })).body.data as IdentityStatusView).order!
    .status;
}

async function outcomesOf(orderId: string): Promise<string[]> {
  const rows = await t.ctx.database.db
    .select({ outcome: identityCallbacks.outcome, at: identityCallbacks.receivedAt })
    .from(identityCallbacks)
    .where(eq(identityCallbacks.orderId, orderId));
  return rows.map((r) => r.outcome).sort();
}

describe('the identity provider decision callback', () => {
  it('applies a signed decision once: start then approve raise the level; a repeat is a replay', async () => {
    const { me, orderId, reference } = await submitted();
    const start = await deliver({ eventId: `e-${newId()}`, orderId, reference, decision: 'start' });
    expect(start).toMatchObject({
      status: 200,
      body: { code: 200, data: { outcome: 'applied', status: 'in_review' } },
    });
    const approve = { eventId: `e-${newId()}`, orderId, reference, decision: 'approve' };
    expect((await deliver(approve)).body.data).toEqual({ outcome: 'applied', status: 'approved' });
    expect(await identityLevelOf(t.ctx.database.db, me.accountId, t.ctx.now())).toBe('individual');
    const again = await deliver(approve);
    expect(again).toMatchObject({ status: 200, body: { data: { outcome: 'replay', status: 'approved' } } });
    expect(await outcomesOf(orderId)).toEqual(['applied', 'applied', 'replay']);
  });

  it('applies concurrent copies of one decision exactly once', async () => {
    const { me, orderId, reference } = await submitted();
    const ask = {
      eventId: `e-${newId()}`,
      orderId,
      reference,
      decision: 'ask',
      items: [{ field: 'selfieFileId', question: 'The selfie is too dark' }],
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(ask)));
    expect(answers.filter((a) => a.body.data.outcome === 'applied')).toHaveLength(1);
    expect(answers.every((a) => a.body.data.outcome === 'applied' || a.body.data.outcome === 'replay')).toBe(
      true,
    );
    expect(await statusOf(me)).toBe('needs_info');
    const items = ((await t.api(identityGetStatus, {}, { token: me.token })).body.data as IdentityStatusView)
      .order!.items;
    expect(items).toHaveLength(1);
  });

  it('refuses a bad signature, a body changed after signing, a wrong reference and a malformed body, storing each', async () => {
    const { me, orderId, reference } = await submitted();
    const body = { eventId: `e-${newId()}`, orderId, reference, decision: 'start' };
    const forged = await deliver(body, 'another-secret-of-enough-length');
    expect(forged).toMatchObject({ status: 401, body: { code: 401, data: { outcome: 'bad_signature' } } });
    const raw = JSON.stringify(body);
    const tampered = await deliver(raw.replace('start', 'approve'), SECRET, signBody(SECRET, raw));
    expect(tampered.body.data.outcome).toBe('bad_signature');
    const unsigned = await deliver(body, SECRET, '');
    expect(unsigned.body.data.outcome).toBe('bad_signature');
    const otherRef = await deliver({ ...body, reference: 'someone-else' });
    expect(otherRef).toMatchObject({ status: 404, body: { data: { outcome: 'unknown_order' } } });
    const malformed = await deliver({ ...body, decision: 'promote' });
    expect(malformed).toMatchObject({ status: 400, body: { data: { outcome: 'malformed' } } });
    expect(await statusOf(me)).toBe('submitted');
    // Nothing changed, so the same event may still be delivered properly.
    expect((await deliver(body)).body.data.outcome).toBe('applied');
    const stored = await t.ctx.database.db
      .select()
      .from(identityCallbacks)
      .where(eq(identityCallbacks.eventId, body.eventId));
    expect(stored.map((r) => `${r.outcome}:${r.signatureValid}`).sort()).toEqual([
      'applied:true',
      'bad_signature:false',
      'bad_signature:false',
      'bad_signature:false',
      'malformed:true',
      'unknown_order:true',
    ]);
  });

  it('answers 409 for a decision the order is not waiting for and 422 for one without its reason', async () => {
    const { me, orderId, reference } = await submitted();
    const early = await deliver({ eventId: `e-${newId()}`, orderId, reference, decision: 'approve' });
    // A submitted order may be approved directly; approving it twice is what is refused.
    expect(early.body.data.outcome).toBe('applied');
    const twice = await deliver({ eventId: `e-${newId()}`, orderId, reference, decision: 'approve' });
    expect(twice).toMatchObject({ status: 409, body: { data: { outcome: 'not_reviewable' } } });
    const { orderId: other, reference: otherRef } = await submitted();
    const blank = await deliver({
      eventId: `e-${newId()}`,
      orderId: other,
      reference: otherRef,
      decision: 'reject',
      reason: '  ',
      resubmittable: true,
    });
    expect(blank).toMatchObject({ status: 422, body: { data: { outcome: 'refused' } } });
    expect(await statusOf(me)).toBe('approved');
  });
});

describe('without a decision secret', () => {
  it('refuses every callback', async () => {
    const plain = await createTestApp();
    try {
      const raw = JSON.stringify({ eventId: 'e1', orderId: 'o1', reference: 'r1', decision: 'start' });
      const res = await plain.raw('/api/identity/decision', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRET, raw) },
        body: raw,
      });
      expect(res.status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
