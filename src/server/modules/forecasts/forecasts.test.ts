import { count, eq } from 'drizzle-orm';
import { Code } from '../../../contract/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastView } from '../../../contract/finance';
import {
  bankTransfer,
  forecastFields,
  topupCancel,
  topupPage,
  topupSubmit,
  usbank,
} from '../../../contract/finance';
import { forecastEvents, topupForecasts } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { testDbKind } from '../../testing/test-db';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { civilDate, shiftCivilDate } from '../account/account-calendar';
import { createAccount } from '../account/create-account';
import { postFile, tinyPng } from '../../testing/images';
import { PUBLIC_UPLOAD_PATH } from '../files/upload-limit';
import { createForecast } from './create-forecast';
import { resubmitForecast } from './resubmit-forecast';
import {
  act,
  eventsOf,
  forecastIn,
  forecastRow,
  submit,
  uploadProof,
  validFields,
} from '../../testing/forecasts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function forecastCount(accountId: string): Promise<number> {
  const [row] = await t.ctx.database.db
    .select({ n: count() })
    .from(topupForecasts)
    .where(eq(topupForecasts.accountId, accountId));
  return row!.n;
}

describe('POST /api/account/topup/usbank', () => {
  it('answers the one demo receiving account and a stable reference per customer', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    const first = await t.api(usbank, {}, { token: me.token });
    const again = await t.api(usbank, {}, { token: me.token });
    const theirs = await t.api(usbank, {}, { token: other.token });
    expect(first.body.code).toBe(200);
    const details = first.body.data as Record<string, unknown>;
    expect(details).toMatchObject({ routingNumber: '000000000', minAmount: 10_000 });
    expect(String(details.beneficiary)).toMatch(/DEMO/);
    expect(details.reference).toMatch(/^CP[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(again.body.data).toEqual(details);
    expect((theirs.body.data as { reference: string }).reference).not.toBe(details.reference);
    // The owner's receiving account and reference are the owner's: a member of any role gets 4030
    // (issue 29 §6; this member holds every key).
    const sub = await openSession(t, me.accountId, 'sub-ref');
    expect((await t.api(usbank, {}, { token: sub.token })).body.code).toBe(Code.noPermission);
  });
});

describe('POST /api/account/topup/bankTransfer', () => {
  it('creates a submitted forecast with its first event, and credits nothing yet', async () => {
    const me = await signedInAccount(t);
    const fields = await validFields(t, me);
    const answer = await submit(t, me, fields);
    expect(answer.body.code).toBe(200);
    const view = answer.body.data as ForecastView;
    expect(view).toMatchObject({
      currency: 'USD',
      amount: fields.amount,
      status: 'submitted',
      bankTxnNo: fields.bankTxnNo,
      proofFileId: fields.proofFileId,
      rejectReason: null,
      canRevoke: true,
      canResubmit: false,
    });
    expect(await eventsOf(t, view.id)).toEqual([
      { from: null, to: 'submitted', actor: 'customer', note: null },
    ]);
  });

  it('is for business accounts only', async () => {
    const { id } = await createAccount(t.ctx, {
      email: `personal.${Date.now()}@example.com`,
      password: 'Sup3r-secret!',
      accountType: 'personal',
    });
    const session = await openSession(t, id);
    const me = { accountId: id, email: '', password: '', ...session };
    const fields = await validFields(t, me);
    const answer = await submit(t, me, fields);
    expect(answer.body).toMatchObject({
      code: 422,
      msg: 'USD bank transfers are available to business accounts only',
    });
    expect(await forecastCount(id)).toBe(0);
  });

  it('is for the main account only', async () => {
    const me = await signedInAccount(t);
    const fields = await validFields(t, me);
    const sub = await openSession(t, me.accountId, 'sub-1');
    const answer = await t.api(bankTransfer, fields, { token: sub.token });
    expect(answer.body.code).toBe(4030);
    expect(await forecastCount(me.accountId)).toBe(0);
  });

  it('takes $100 and more, nothing less', async () => {
    const me = await signedInAccount(t);
    const below = await submit(t, me, await validFields(t, me, { amount: 9_999 }));
    expect(below.body.code).toBe(400);
    expect((below.body.data as { fields: string[] }).fields).toContain('amount');
    expect(await forecastCount(me.accountId)).toBe(0);
    expect((await submit(t, me, await validFields(t, me, { amount: 10_000 }))).body.code).toBe(200);
  });

  it('refuses a transfer date after today (UTC+8) and a day that does not exist', async () => {
    const me = await signedInAccount(t);
    const today = civilDate(t.ctx.now());
    const tomorrow = await submit(
      t,
      me,
      await validFields(t, me, { transferDate: shiftCivilDate(today, 1) }),
    );
    expect(tomorrow.body).toMatchObject({ code: 422, msg: 'The transfer date cannot be in the future' });
    const impossible = await submit(t, me, await validFields(t, me, { transferDate: '2025-02-30' }));
    expect(impossible.body).toMatchObject({ code: 400, data: { fields: ['transferDate'] } });
    expect(await forecastCount(me.accountId)).toBe(0);
    expect((await submit(t, me, await validFields(t, me, { transferDate: today }))).body.code).toBe(200);
    expect(
      (await submit(t, me, await validFields(t, me, { transferDate: shiftCivilDate(today, -30) }))).body.code,
    ).toBe(200);
  });

  it('refuses a bank transaction number another live forecast carries, in any account and any case', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    const first = await validFields(t, me, { bankTxnNo: `DUP-${Date.now()}-a` });
    const made = await submit(t, me, first);
    expect(made.body.code).toBe(200);
    const again = await submit(
      t,
      other,
      await validFields(t, other, { bankTxnNo: ` ${first.bankTxnNo.toLowerCase()} ` }),
    );
    expect(again.body).toMatchObject({
      code: 409,
      msg: 'A forecast with this bank transaction number already exists',
    });
    expect(await forecastCount(other.accountId)).toBe(0);
    // Revoked, the number is free again; approved, it is taken for good.
    expect((await act(t, me, (made.body.data as ForecastView).id, 'revoke')).code).toBe(200);
    const retry = await submit(t, other, await validFields(t, other, { bankTxnNo: first.bankTxnNo }));
    expect(retry.body.code).toBe(200);
    expect((await act(t, other, (retry.body.data as ForecastView).id, 'approve')).code).toBe(200);
    expect((await submit(t, me, await validFields(t, me, { bankTxnNo: first.bankTxnNo }))).body.code).toBe(
      409,
    );
  });

  it('wants the caller’s own top-up proof, not used by another live forecast', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    const foreign = await uploadProof(t, other.token);
    const refused = await submit(t, me, await validFields(t, me, { proofFileId: foreign }));
    expect(refused.body).toMatchObject({ code: 422, msg: 'Please upload the transfer proof image again' });

    const general = await postFile(
      t,
      PUBLIC_UPLOAD_PATH,
      { bytes: tinyPng(), name: 'g.png' },
      { token: me.token },
    );
    const generalId = ((await general.json()) as { data: { fileId: string } }).data.fileId;
    expect((await submit(t, me, await validFields(t, me, { proofFileId: generalId }))).body.code).toBe(422);
    expect(
      (await submit(t, me, await validFields(t, me, { proofFileId: 'AAAAAAAAAAAAAAAA' }))).body.code,
    ).toBe(422);

    const proof = await uploadProof(t, me.token);
    expect((await submit(t, me, await validFields(t, me, { proofFileId: proof }))).body.code).toBe(200);
    const reused = await submit(t, me, await validFields(t, me, { proofFileId: proof }));
    expect(reused.body).toMatchObject({
      code: 409,
      msg: 'This proof image already belongs to another forecast',
    });
    expect(await forecastCount(me.accountId)).toBe(1);
  });

  it('with one Idempotency-Key makes one forecast; the key with other fields is a 409', async () => {
    const me = await signedInAccount(t);
    const fields = forecastFields.parse(await validFields(t, me));
    const first = await createForecast(t.ctx, me.accountId, fields, 'key-00000001');
    const again = await createForecast(t.ctx, me.accountId, fields, 'key-00000001');
    expect(again).toEqual(first);
    await expect(
      createForecast(t.ctx, me.accountId, { ...fields, amount: fields.amount + 1 }, 'key-00000001'),
    ).rejects.toMatchObject({ code: 409, messageKey: 'server:idempotency.keyReused' });
    expect(await forecastCount(me.accountId)).toBe(1);
    // Without the key the same request is a second forecast, which the claimed proof refuses.
    await expect(createForecast(t.ctx, me.accountId, fields, null)).rejects.toMatchObject({ code: 409 });
  });
});

describe('Idempotency-Key over HTTP', () => {
  it('reaches the forecast: the key is stored on it and a retry answers the same forecast', async () => {
    const me = await signedInAccount(t);
    const fields = await validFields(t, me);
    const headers = { 'idempotency-key': 'http-key-0001' };
    const first = await submit(t, me, fields, headers);
    const again = await submit(t, me, fields, headers);
    expect(first.body.code).toBe(200);
    const id = (first.body.data as ForecastView).id;
    expect((again.body.data as ForecastView).id).toBe(id);
    expect((await forecastRow(t, id))!.idempotencyKey).toBe('http-key-0001');
    expect(await forecastCount(me.accountId)).toBe(1);
  });
});

describe('POST /api/account/topup/submit and /cancel', () => {
  it('resubmits once per Idempotency-Key', async () => {
    const me = await signedInAccount(t);
    const { id, fields } = await forecastIn(t, me, 'rejected');
    const corrected = forecastFields.parse({ ...fields, payerName: 'Corrected Payer' });
    const first = await resubmitForecast(t.ctx, me.accountId, id, corrected, 'resubmit-key-1');
    const again = await resubmitForecast(t.ctx, me.accountId, id, corrected, 'resubmit-key-1');
    expect(again).toEqual(first);
    expect(first).toMatchObject({ status: 'resubmitted', payerName: 'Corrected Payer' });
    const resubmits = (await eventsOf(t, id)).filter((e) => e.to === 'resubmitted');
    expect(resubmits).toHaveLength(1);
    // Another key is a new request: resubmitted -> resubmitted is not a move.
    await expect(
      resubmitForecast(t.ctx, me.accountId, id, corrected, 'resubmit-key-2'),
    ).rejects.toMatchObject({
      code: 409,
    });
  });

  it('checks the corrected fields like a new forecast', async () => {
    const me = await signedInAccount(t);
    const { id, fields } = await forecastIn(t, me, 'revoked');
    const future = shiftCivilDate(civilDate(t.ctx.now()), 2);
    const answer = await t.api(topupSubmit, { id, ...fields, transferDate: future }, { token: me.token });
    expect(answer.body.code).toBe(422);
    expect((await forecastRow(t, id))!.status).toBe('revoked');
  });

  it('lets nobody touch another account’s forecast: 404 as for an unknown id', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    const { id, fields } = await forecastIn(t, me, 'rejected');
    const cancel = await t.api(topupCancel, { id }, { token: other.token });
    const resubmit = await t.api(topupSubmit, { id, ...fields }, { token: other.token });
    const unknown = await t.api(topupCancel, { id: 'no-such-forecast' }, { token: other.token });
    expect(cancel.body).toMatchObject({ code: 404, msg: 'This forecast does not exist' });
    expect(resubmit.body.code).toBe(404);
    expect(unknown.body.msg).toBe(cancel.body.msg);
    expect((await forecastRow(t, id))!.status).toBe('rejected');
  });
});

describe('GET /api/account/topup/page', () => {
  it('lists the caller’s forecasts newest first, filtered by status, with the legal actions', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    await forecastIn(t, other, 'submitted');
    const a = await forecastIn(t, me, 'submitted');
    t.advance(1000);
    const b = await forecastIn(t, me, 'rejected');
    t.advance(1000);
    const c = await forecastIn(t, me, 'approved');
    const all = await t.api(topupPage, { pageNo: 1, pageSize: 10 }, { token: me.token });
    const page = all.body.data as { data: ForecastView[]; total: number };
    expect(page.total).toBe(3);
    expect(page.data.map((f) => f.id)).toEqual([c.id, b.id, a.id]);
    expect(page.data.map((f) => [f.status, f.canRevoke, f.canResubmit])).toEqual([
      ['approved', false, false],
      ['rejected', false, true],
      ['submitted', true, false],
    ]);
    const rejected = await t.api(
      topupPage,
      { pageNo: 1, pageSize: 10, status: 'rejected' },
      { token: me.token },
    );
    expect((rejected.body.data as { data: ForecastView[] }).data.map((f) => f.id)).toEqual([b.id]);
    const second = await t.api(topupPage, { pageNo: 2, pageSize: 2 }, { token: me.token });
    expect((second.body.data as { data: ForecastView[]; total: number }).data.map((f) => f.id)).toEqual([
      a.id,
    ]);
  });
});

describe.runIf(testDbKind() === 'postgresql')('races on PostgreSQL', () => {
  it('of six simultaneous forecasts with one bank transaction number, one is accepted', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => signedInAccount(t)));
    const txn = `RACE-${Date.now()}`;
    const forms = await Promise.all(customers.map((me) => validFields(t, me, { bankTxnNo: txn })));
    const answers = await Promise.all(customers.map((me, i) => submit(t, me, forms[i]!)));
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const [live] = await t.ctx.database.db
      .select({ n: count() })
      .from(topupForecasts)
      .where(eq(topupForecasts.bankTxnNo, txn));
    expect(live!.n).toBe(1);
  });

  it('one Idempotency-Key sent six times at once makes one forecast', async () => {
    const me = await signedInAccount(t);
    const fields = forecastFields.parse(await validFields(t, me));
    const views = await Promise.all(
      Array.from({ length: 6 }, () => createForecast(t.ctx, me.accountId, fields, 'race-key-01')),
    );
    expect(new Set(views.map((v) => v.id)).size).toBe(1);
    expect(await forecastCount(me.accountId)).toBe(1);
    const [events] = await t.ctx.database.db
      .select({ n: count() })
      .from(forecastEvents)
      .where(eq(forecastEvents.forecastId, views[0]!.id));
    expect(events!.n).toBe(1);
  });
});
