import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../db/schema';
import { sanitizeNoticeHtml } from '../modules/notices/sanitize-html';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';
import { DEMO_NOTICES, demoNoticeId, seedDemoNotices } from './demo-notices';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('seedDemoNotices', () => {
  it('stores the demo notices in both languages, once', async () => {
    await seedDemoNotices(t.ctx);
    await seedDemoNotices(t.ctx);
    const rows = await t.ctx.database.db.select().from(notices);
    expect(rows).toHaveLength(DEMO_NOTICES.length * 2);
    for (const lang of ['zh-CN', 'en'] as const) {
      const mine = rows.filter((r) => r.lang === lang);
      expect(mine).toHaveLength(DEMO_NOTICES.length);
      expect(mine.filter((r) => r.kind === 'banner').length).toBeGreaterThanOrEqual(1);
      for (const row of mine) expect(row.publishedAt.getTime()).toBeLessThanOrEqual(t.ctx.now().getTime());
    }
  });

  it('covers maintenance, segment, fees, 3-D Secure, holiday hours and the 5% decline rule', () => {
    expect(DEMO_NOTICES.map((n) => n.key)).toEqual([
      'maintenance',
      'three-d-secure',
      'new-segment',
      'fee-change',
      'holiday-hours',
      'decline-rate',
    ]);
    const decline = DEMO_NOTICES.find((n) => n.key === 'decline-rate');
    expect(decline?.text.en.msg).toContain('above 5%');
    expect(decline?.text['zh-CN'].msg).toContain('超过 5%');
  });

  it('has bodies that are exactly what the sanitiser makes of them, so seeding may skip it', async () => {
    for (const demo of DEMO_NOTICES) {
      for (const lang of ['zh-CN', 'en'] as const) {
        const msg = demo.text[lang].msg;
        expect(await sanitizeNoticeHtml(msg), `${demo.key} ${lang}`).toBe(msg);
      }
    }
  });

  it('stores the bodies and titles as written', async () => {
    const rows = await t.ctx.database.db.select().from(notices);
    for (const demo of DEMO_NOTICES) {
      for (const lang of ['zh-CN', 'en'] as const) {
        const row = rows.find((r) => r.id === demoNoticeId(demo.key, lang));
        expect(row?.msg, `${demo.key} ${lang}`).toBe(demo.text[lang].msg);
        expect(row?.title).toBe(demo.text[lang].title);
      }
    }
  });

  it('fills in a notice that is missing without touching the others', async () => {
    const id = demoNoticeId('fee-change', 'en');
    const before = await t.ctx.database.db.select().from(notices);
    await t.ctx.database.db.delete(notices).where(eq(notices.id, id));
    await seedDemoNotices(t.ctx);
    const after = await t.ctx.database.db.select().from(notices);
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    const untouched = (rows: typeof before) =>
      rows.filter((r) => r.id !== id).map((r) => [r.id, r.publishedAt.getTime()]);
    expect(untouched(after).sort()).toEqual(untouched(before).sort());
  });
});
