/**
 * The content calls through HTTP, as the console makes them: the guard, the parsing of stated times,
 * and the audit log written by the operations (operator_audit), end to end. Which role reaches which
 * call is the role × endpoint test's (role-endpoints.test.ts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../contract/core';
import type { NoticeItem } from '../../../contract/notices';
import { noticeForUser } from '../../../contract/notices';
import {
  changeSegmentFeesCall,
  customerDetailCall,
  freezeCustomerCall,
  priceBookCall,
  publishConsoleNotice,
  saveConsoleNotice,
} from '../../../contract/operator-content';
import type { ConsoleNoticeView, PriceBookView } from '../../../contract/operator-content';
import { operatorAudit } from '../../db/schema';
import { fileSignedInAccount, fileTestApp } from '../../testing/file-app';
import { opApi, signedInOperator } from '../../testing/operator';
import { signedInAccount } from '../../testing/signed-in';

const t = fileTestApp();
const customer = fileSignedInAccount(t);

describe('console content over HTTP', () => {
  it('a notice written and published by support reaches the customer’s carousel, and is audited', async () => {
    const support = await signedInOperator(t, 'support');
    const saved = await opApi(
      t,
      saveConsoleNotice,
      {
        lang: 'en',
        kind: 'normal',
        title: 'Written in the console',
        msg: '<p>Hello<script>x()</script></p>',
        audience: 'chosen',
        targets: [customer.email],
      },
      support.token,
    );
    expect(saved.body.code).toBe(Code.ok);
    const notice = saved.body.data as ConsoleNoticeView;
    expect(notice).toMatchObject({ state: 'draft', msg: '<p>Hello</p>' });
    const published = await opApi(t, publishConsoleNotice, { id: notice.id }, support.token);
    expect(published.body).toMatchObject({ code: Code.ok, data: { state: 'published' } });

    const carousel = await t.api(noticeForUser, {}, { token: customer.token, lang: 'en' });
    expect((carousel.body.data as { latest: NoticeItem | null }).latest).toMatchObject({
      id: notice.id,
      title: 'Written in the console',
    });

    const entries = await t.ctx.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.targetId, notice.id))
      .orderBy(operatorAudit.at);
    expect(entries.map((e) => [e.action, e.operatorEmail])).toEqual([
      ['notices.write', support.email],
      ['notices.publish', support.email],
    ]);
  });

  it('a time without an offset is refused with a clear message; an admin changes fees from a stated time', async () => {
    const admin = await signedInOperator(t, 'admin');
    const book = (await opApi(t, priceBookCall, {}, admin.token)).body.data as PriceBookView;
    const segment = book.segments[0]!;
    const change = {
      segmentId: segment.id,
      openFee: segment.now.openFee + 1,
      rechargeFeeBp: segment.now.rechargeFeeBp,
      minFirstRecharge: segment.now.minFirstRecharge,
      reason: 'tariff',
    };
    const bad = await opApi(
      t,
      changeSegmentFeesCall,
      { ...change, effectiveFrom: '2030-01-01 09:00' },
      admin.token,
    );
    expect(bad.body.code).toBe(Code.badRequest);
    const at = new Date(t.ctx.now().getTime() + 3_600_000).toISOString();
    const ok = await opApi(t, changeSegmentFeesCall, { ...change, effectiveFrom: at }, admin.token);
    expect(ok.body).toMatchObject({ code: Code.ok, data: { effectiveFrom: at } });
    const after = (await opApi(t, priceBookCall, {}, admin.token)).body.data as PriceBookView;
    const versions = after.segments.find((s) => s.id === segment.id)!.versions;
    expect(versions[0]).toMatchObject({
      effectiveFrom: at,
      inEffect: false,
      openFee: segment.now.openFee + 1,
    });
  });

  it('support freezes a customer with a reason; the look-up shows it', async () => {
    const support = await signedInOperator(t, 'support');
    const other = await signedInAccount(t);
    const noReason = await opApi(
      t,
      freezeCustomerCall,
      { id: other.accountId, frozen: true, reason: ' ' },
      support.token,
    );
    expect(noReason.body.code).toBe(Code.badRequest);
    const frozen = await opApi(
      t,
      freezeCustomerCall,
      { id: other.accountId, frozen: true, reason: 'fraud report' },
      support.token,
    );
    expect(frozen.body).toMatchObject({ code: Code.ok, data: { status: 'frozen' } });
    const detail = await opApi(t, customerDetailCall, { id: other.accountId }, support.token);
    expect(detail.body.data).toMatchObject({ profile: { status: 'frozen', frozenReason: 'fraud report' } });
  });
});
