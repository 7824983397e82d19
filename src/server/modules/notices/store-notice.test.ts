import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { MSG_MAX, storeNotice, TITLE_MAX } from './store-notice';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function storedMsg(id: string): Promise<string | undefined> {
  const [row] = await t.ctx.database.db.select({ msg: notices.msg }).from(notices).where(eq(notices.id, id));
  return row?.msg;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('storeNotice', () => {
  it('sanitises the body before it reaches the database', async () => {
    const stored = await storeNotice(t.ctx, {
      lang: 'en',
      title: 'Payload',
      msg: '<p onclick="alert(1)">Hello<script>alert(2)</script> <a href="javascript:alert(3)">x</a> <img src=x onerror=alert(4)></p>',
    });
    const msg = await storedMsg(stored.id);
    expect(msg).toBe('<p>Hello <a rel="noopener noreferrer">x</a> <img></p>');
    expect(stored.msg).toBe(msg);
  });

  it('stores defaults: kind normal, published now', async () => {
    const stored = await storeNotice(t.ctx, { lang: 'zh-CN', title: '标题', msg: '<p>正文</p>' });
    expect(stored).toMatchObject({ kind: 'normal', lang: 'zh-CN', title: '标题', msg: '<p>正文</p>' });
    expect(stored.publishedAt.getTime()).toBe(stored.createdAt.getTime());
  });

  it('makes the title one trimmed line', async () => {
    const stored = await storeNotice(t.ctx, { lang: 'en', title: '  Two\nlines\t here ', msg: '<p>x</p>' });
    expect(stored.title).toBe('Two lines here');
  });

  it('refuses a body that is empty once unsafe content is removed', async () => {
    const error = await refusal(
      storeNotice(t.ctx, { lang: 'en', title: 'Empty', msg: '<script>alert(1)</script>' }),
    );
    expect(error).toMatchObject({ code: 422, messageKey: 'server:notices.bodyEmpty' });
  });

  it('refuses an empty or overlong title and an oversized body', async () => {
    expect(await refusal(storeNotice(t.ctx, { lang: 'en', title: '   ', msg: '<p>x</p>' }))).toMatchObject({
      messageKey: 'server:notices.titleInvalid',
    });
    expect(
      await refusal(storeNotice(t.ctx, { lang: 'en', title: 'x'.repeat(TITLE_MAX + 1), msg: '<p>x</p>' })),
    ).toMatchObject({ messageKey: 'server:notices.titleInvalid' });
    expect(
      await refusal(storeNotice(t.ctx, { lang: 'en', title: 'Big', msg: `<p>${'x'.repeat(MSG_MAX)}</p>` })),
    ).toMatchObject({ messageKey: 'server:notices.bodyTooLarge' });
  });

  it('is backed by database checks on language and kind', async () => {
    const insert = t.ctx.database.db.insert(notices).values({
      id: 'bad-lang',
      lang: 'fr' as 'en',
      title: 'x',
      msg: '<p>x</p>',
    });
    await expect(insert).rejects.toThrow();
  });
});
