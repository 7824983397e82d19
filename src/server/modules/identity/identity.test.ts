import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../contract/core';
import { qrCreate, topupAmount } from '../../../contract/finance';
import type { IdentityStatusView } from '../../../contract/identity';
import { identityAnswer, identityGetStatus, identityOrder, identityUpload } from '../../../contract/identity';
import { accounts, identityOrders } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import type { SignedInAccount } from '../../testing/signed-in';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { shiftCivilDate, civilDate } from '../account/account-calendar';
import { postFile, textBytes, tinyPng } from '../../testing/images';
import { submit, validFields } from '../../testing/forecasts';
import { identityLevelOf } from './identity-level';
import { reviewIdentity } from './review-order';
import { REMIND_BEFORE_MS, sweepIdentity } from './sweep-identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function upload(me: SignedInAccount): Promise<string> {
  const res = await postFile(
    t,
    identityUpload.path,
    { bytes: tinyPng(), name: 'doc.png' },
    { token: me.token },
  );
  const body = (await res.json()) as Envelope<{ fileId: string }>;
  if (body.code !== 200) throw new Error(JSON.stringify(body));
  return body.data.fileId;
}

async function businessFields(me: SignedInAccount) {
  return {
    kind: 'business' as const,
    companyName: 'Acme Trading Ltd',
    registrationNumber: '91310000-MA1FL',
    licenceFileId: await upload(me),
    personName: 'Li Lei',
    idType: 'passport' as const,
    idNumber: 'e1234567',
    idExpiresOn: shiftCivilDate(civilDate(t.ctx.now()), 800),
    idFrontFileId: await upload(me),
    idBackFileId: await upload(me),
  };
}

async function status(me: SignedInAccount): Promise<IdentityStatusView> {
  const answer = await t.api(identityGetStatus, {}, { token: me.token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as IdentityStatusView;
}

async function orderIdOf(me: SignedInAccount): Promise<string> {
  return (await status(me)).order!.id;
}

describe('identity verification orders', () => {
  it('runs a KYB order from draft to approval through one answered item, after which USD transfers are allowed', async () => {
    const me = await signedInAccount(t, undefined, false);
    // Unverified: the USD transfer is refused, naming the level that would allow it.
    const refused = await submit(t, me, await validFields(t, me));
    expect(refused.body.code).toBe(422);
    expect(refused.body.data).toEqual({ identityLevel: 'business' });
    expect(
      ((await t.api(topupAmount, {}, { token: me.token })).body.data as { canForecast: boolean }).canForecast,
    ).toBe(false);

    const fields = await businessFields(me);
    const draft = await t.api(
      identityOrder,
      { action: 'save', kind: 'business', companyName: fields.companyName },
      { token: me.token },
    );
    expect(draft.body.code).toBe(200);
    const drafted = draft.body.data as IdentityStatusView;
    expect(drafted.order?.status).toBe('draft');
    expect(drafted.missing).toContain('licenceFileId');

    // Submitting an incomplete order is refused and names what is missing.
    const incomplete = await t.api(
      identityOrder,
      { action: 'submit', kind: 'business' },
      { token: me.token },
    );
    expect(incomplete.body.code).toBe(422);
    expect((incomplete.body.data as { fields: string[] }).fields).toContain('personName');

    const sent = await t.api(identityOrder, { action: 'submit', ...fields }, { token: me.token });
    expect(sent.body.code).toBe(200);
    const submitted = sent.body.data as IdentityStatusView;
    expect(submitted.order).toMatchObject({ status: 'submitted', editable: false, idNumberTail: '4567' });
    expect(JSON.stringify(submitted)).not.toContain('E1234567');

    // A submitted order cannot be changed by the customer.
    const change = await t.api(
      identityOrder,
      { action: 'save', kind: 'business', companyName: 'Other' },
      { token: me.token },
    );
    expect(change.body.code).toBe(409);

    const id = submitted.order!.id;
    await reviewIdentity(t.ctx, id, { action: 'start' });
    await reviewIdentity(t.ctx, id, {
      action: 'ask',
      items: [{ field: 'licenceFileId', question: 'The licence is blurred' }],
    });
    const asked = await status(me);
    expect(asked.order?.status).toBe('needs_info');
    const item = asked.order!.items[0]!;
    expect(item).toMatchObject({ field: 'licenceFileId', answeredAt: null });

    // A document item needs an image; a text does not answer it.
    const textOnly = await t.api(
      identityAnswer,
      { itemId: item.id, text: 'see before' },
      { token: me.token },
    );
    expect(textOnly.body.code).toBe(400);
    const newLicence = await upload(me);
    const answered = await t.api(
      identityAnswer,
      { itemId: item.id, fileId: newLicence },
      { token: me.token },
    );
    expect(answered.body.code).toBe(200);
    const back = answered.body.data as IdentityStatusView;
    expect(back.order).toMatchObject({ status: 'submitted', licenceFileId: newLicence });
    expect(
      (await t.api(identityAnswer, { itemId: item.id, fileId: newLicence }, { token: me.token })).body.code,
    ).toBe(409);

    await reviewIdentity(t.ctx, id, { action: 'approve' });
    const approved = await status(me);
    expect(approved.level).toBe('business');
    expect(approved.order?.status).toBe('approved');
    const allowed = await submit(t, me, await validFields(t, me));
    expect(allowed.body.code).toBe(200);
  });

  it('keeps unverified accounts under the top-up ceiling and lifts it on approval', async () => {
    const me = await signedInAccount(t, undefined, false);
    const key = () => ({ headers: { 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` } });
    const first = await t.api(
      qrCreate,
      { channel: 'wechat', amount: 1_500_000 },
      { token: me.token, ...key() },
    );
    expect(first.body.code).toBe(200);
    const over = await t.api(qrCreate, { channel: 'wechat', amount: 600_000 }, { token: me.token, ...key() });
    expect(over.body.code).toBe(422);
    expect(over.body.data).toEqual({ identityLevel: 'individual' });
    expect(over.body.msg).toContain('5000.00');
    const { topupCeiling } = await status(me);
    expect(topupCeiling.find((row) => row.currency === 'CNY')).toEqual({
      currency: 'CNY',
      used: 1_500_000,
      ceiling: 2_000_000,
    });

    const verified = await signedInAccount(t);
    expect(
      (await t.api(qrCreate, { channel: 'wechat', amount: 1_500_000 }, { token: verified.token, ...key() }))
        .body.code,
    ).toBe(200);
    expect(
      (await t.api(qrCreate, { channel: 'wechat', amount: 1_500_000 }, { token: verified.token, ...key() }))
        .body.code,
    ).toBe(200);
  });

  it("refuses another customer's upload, a non-image, and a sub-account user", async () => {
    const me = await signedInAccount(t, undefined, false);
    const thief = await signedInAccount(t, undefined, false);
    const mine = await upload(me);
    const stolen = await t.api(
      identityOrder,
      { action: 'save', kind: 'individual', idFrontFileId: mine },
      { token: thief.token },
    );
    expect(stolen.body.code).toBe(422);
    expect(stolen.body.data).toEqual({ fields: ['idFrontFileId'] });
    const notImage = await postFile(
      t,
      identityUpload.path,
      { bytes: textBytes('hello'), name: 'x.png' },
      { token: me.token },
    );
    expect(((await notImage.json()) as Envelope).code).toBe(422);
    const sub = await openSession(t, me.accountId, 'sub-1');
    expect((await t.api(identityGetStatus, {}, { token: sub.token })).body.code).toBe(4030);
    // The thief's status shows nothing of mine.
    expect((await status(thief)).order?.idFrontFileId ?? null).toBeNull();
  });

  it('lets a resubmittable rejection be corrected, and a final one not', async () => {
    const me = await signedInAccount(t, undefined, false);
    const fields = await businessFields(me);
    expect((await t.api(identityOrder, { action: 'submit', ...fields }, { token: me.token })).body.code).toBe(
      200,
    );
    const id = await orderIdOf(me);
    await reviewIdentity(t.ctx, id, { action: 'reject', reason: 'Licence expired', resubmittable: true });
    const rejected = await status(me);
    expect(rejected.order).toMatchObject({
      status: 'rejected',
      rejectReason: 'Licence expired',
      resubmittable: true,
      editable: true,
    });
    const again = await t.api(
      identityOrder,
      { action: 'submit', ...fields, licenceFileId: await upload(me) },
      { token: me.token },
    );
    expect((again.body.data as IdentityStatusView).order).toMatchObject({
      status: 'submitted',
      rejectReason: null,
    });
    await reviewIdentity(t.ctx, id, { action: 'reject', reason: 'Forged', resubmittable: false });
    const final = await t.api(identityOrder, { action: 'submit', ...fields }, { token: me.token });
    expect(final.body.code).toBe(409);
    await expect(reviewIdentity(t.ctx, id, { action: 'approve' })).rejects.toMatchObject({ code: 409 });
  });

  it('reminds once before an approval expires, then expires it and drops the level', async () => {
    const me = await signedInAccount(t, undefined, false);
    const fields = await businessFields(me);
    await t.api(identityOrder, { action: 'submit', ...fields }, { token: me.token });
    const id = await orderIdOf(me);
    const expiresAt = new Date(t.ctx.now().getTime() + REMIND_BEFORE_MS + 3600_000);
    await reviewIdentity(t.ctx, id, { action: 'approve', expiresAt });
    const [account] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.id, me.accountId));
    await sweepIdentity(t.ctx);
    t.advance(2 * 3600_000);
    await Promise.all([sweepIdentity(t.ctx), sweepIdentity(t.ctx)]);
    const mails = await t.raw(`/sandbox/outbox?to=${encodeURIComponent(account!.email)}`);
    const reminders = ((await mails.json()) as { subject: string }[]).filter((m) =>
      m.subject.includes('即将到期'),
    );
    expect(reminders).toHaveLength(1);
    expect(await identityLevelOf(t.ctx.database.db, me.accountId, t.ctx.now())).toBe('business');
    t.advance(REMIND_BEFORE_MS);
    // The level drops at the expiry instant, before the job has run.
    expect(await identityLevelOf(t.ctx.database.db, me.accountId, t.ctx.now())).toBe('unverified');
    await sweepIdentity(t.ctx);
    const [row] = await t.ctx.database.db.select().from(identityOrders).where(eq(identityOrders.id, id));
    expect(row?.status).toBe('expired');
    // The customer may now renew it (a new session: the old one idled out over the month).
    const later = { ...me, ...(await openSession(t, me.accountId)) };
    expect((await status(later)).order).toMatchObject({ status: 'expired', editable: true });
    expect((await status(later)).level).toBe('unverified');
  });
});
