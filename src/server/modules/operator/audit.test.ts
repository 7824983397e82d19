/** The audit log (issue 31 §3): written with each action, readable and exportable by admins, never editable. */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../contract/core';
import type { AuditEntry } from '../../../contract/operator';
import { exportAudit, listAudit, reviewForecastCall } from '../../../contract/operator';
import type { ForecastView } from '../../../contract/finance';
import { operatorAudit } from '../../db/schema';
import { fileTestApp } from '../../testing/file-app';
import { submit, usdBalance, validFields } from '../../testing/forecasts';
import { opApi, signedInOperator } from '../../testing/operator';
import { signedInAccount } from '../../testing/signed-in';

const t = fileTestApp();

async function newForecast() {
  const customer = await signedInAccount(t);
  const made = await submit(t, customer, await validFields(t, customer, { amount: 40_000 }));
  return { customer, id: (made.body.data as ForecastView).id };
}

describe('forecast review in the console', () => {
  it('approving credits the USD wallet and writes who, what, before, after in the same transaction', async () => {
    const finance = await signedInOperator(t, 'finance');
    const { customer, id } = await newForecast();
    const before = await usdBalance(t, customer.accountId);
    const answer = await opApi(t, reviewForecastCall, { id, action: 'approve' }, finance.token);
    expect(answer.body.code).toBe(Code.ok);
    expect(await usdBalance(t, customer.accountId)).toBe(before + 40_000);
    const [entry] = await t.ctx.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.targetId, id));
    expect(entry).toMatchObject({
      operatorId: finance.id,
      operatorEmail: finance.email,
      role: 'finance',
      action: 'forecasts.approve',
      targetKind: 'forecast',
      before: { status: 'submitted', amount: 40_000, currency: 'USD' },
      after: { status: 'approved', amount: 40_000, currency: 'USD' },
    });
  });

  it('a refused decision writes no entry (approving twice: 409, one entry)', async () => {
    const finance = await signedInOperator(t, 'finance');
    const { id } = await newForecast();
    await opApi(t, reviewForecastCall, { id, action: 'approve' }, finance.token);
    const again = await opApi(t, reviewForecastCall, { id, action: 'reject', reason: 'late' }, finance.token);
    expect(again.body.code).toBe(Code.conflict);
    const entries = await t.ctx.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.targetId, id));
    expect(entries).toHaveLength(1);
  });

  it('rejecting needs a reason, which the entry keeps', async () => {
    const finance = await signedInOperator(t, 'finance');
    const { id } = await newForecast();
    const noReason = await opApi(
      t,
      reviewForecastCall,
      { id, action: 'reject', reason: '  ' },
      finance.token,
    );
    expect(noReason.body.code).toBe(Code.badRequest);
    const done = await opApi(
      t,
      reviewForecastCall,
      { id, action: 'reject', reason: 'Proof unreadable' },
      finance.token,
    );
    expect(done.body.code).toBe(Code.ok);
    const [entry] = await t.ctx.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.targetId, id));
    expect(entry).toMatchObject({ action: 'forecasts.reject', reason: 'Proof unreadable' });
  });
});

describe('reading the log', () => {
  it('an admin lists it newest first, filtered, and exports it as CSV (the export is itself audited)', async () => {
    const admin = await signedInOperator(t, 'admin');
    const page = await opApi(
      t,
      listAudit,
      { pageNo: 1, pageSize: 5, operatorEmail: admin.email },
      admin.token,
    );
    const data = page.body.data as { data: AuditEntry[]; total: number };
    expect(data.data.map((e) => e.action)).toEqual(['operators.signIn', 'operators.setup']);
    const file = await opApi(t, exportAudit, { operatorEmail: admin.email }, admin.token);
    expect(file.response.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await file.response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    expect(csv.split('\r\n')[0]).toBe(
      'at,operatorEmail,role,action,targetKind,targetId,before,after,reason,ip',
    );
    expect(csv).toContain('operators.signIn');
    const after = await opApi(t, listAudit, { pageNo: 1, pageSize: 1, action: 'audit.export' }, admin.token);
    expect((after.body.data as { data: AuditEntry[] }).data[0]).toMatchObject({ operatorEmail: admin.email });
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of the log', async () => {
    await signedInOperator(t, 'support');
    const db = t.ctx.database.db;
    await expect(db.update(operatorAudit).set({ reason: 'edited' })).rejects.toThrow();
    await expect(db.delete(operatorAudit)).rejects.toThrow();
    await expect(db.execute(sql`truncate operator_audit`)).rejects.toThrow();
    const [row] = await db.select().from(operatorAudit).limit(1);
    expect(row?.reason).not.toBe('edited');
  });
});
