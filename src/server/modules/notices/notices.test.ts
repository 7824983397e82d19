import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef, Envelope } from '../../../contract/core';
import { Code } from '../../../contract/core';
import type { BannerItem, NoticeItem } from '../../../contract/notices';
import {
  list,
  moveNotice,
  noticeForUser,
  noticesEndpoints,
  page,
  readNotice,
  userNotice,
} from '../../../contract/notices';
import { startSession } from '../../lib/session';
import type { TestApp } from '../../testing/harness';
import { ensureSubAccount } from '../../testing/signed-in';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../../testing/harness';
import { createAccount } from '../account/create-account';
import type { StoredNotice } from './store-notice';
import { storeNotice } from './store-notice';

const HOUR = 3_600_000;

let t: TestApp;
/** English notices, newest first as list answers them. */
let en: StoredNotice[];
let zh: StoredNotice[];
let future: StoredNotice;
let bannerNew: StoredNotice;
let bannerOld: StoredNotice;
let percent: StoredNotice;

interface Page {
  data: NoticeItem[];
  total: number;
  pageNo: number;
  pageSize: number;
}

async function user(
  subAccountId: string | null = null,
  accountId?: string,
): Promise<{ token: string; accountId: string }> {
  const id =
    accountId ?? (await createAccount(t.ctx, { email: uniqueEmail('notices'), password: TEST_PASSWORD })).id;
  if (subAccountId) await ensureSubAccount(t, id, subAccountId);
  const tokens = await startSession(
    t.ctx,
    t.ctx.database.db,
    id,
    { clientId: 'portal', ip: '127.0.0.1', device: 'vitest' },
    subAccountId,
  );
  return { token: tokens.access_token, accountId: id };
}

function ok<T>(answer: { status: number; body: Envelope }): T {
  expect(answer.body).toMatchObject({ code: Code.ok });
  expect(answer.status).toBe(200);
  return answer.body.data as T;
}

beforeAll(async () => {
  t = await createTestApp();
  const base = t.ctx.now().getTime();
  const at = (hoursAgo: number) => new Date(base - hoursAgo * HOUR);
  const normals: StoredNotice[] = [];
  for (let i = 1; i <= 10; i++) {
    const title = i === 3 ? 'Fee change: 100% sure_thing' : `Notice ${i}`;
    normals.push(
      await storeNotice(t.ctx, { lang: 'en', title, msg: `<p>Body ${i}</p>`, publishedAt: at(i) }),
    );
  }
  bannerNew = await storeNotice(t.ctx, {
    lang: 'en',
    kind: 'banner',
    title: 'Maintenance on Sunday',
    msg: '<p>Maintenance</p>',
    publishedAt: at(20),
  });
  bannerOld = await storeNotice(t.ctx, {
    lang: 'en',
    kind: 'banner',
    title: 'Decline rate rule',
    msg: '<p>Keep it below 5%</p>',
    publishedAt: at(30),
  });
  future = await storeNotice(t.ctx, {
    lang: 'en',
    title: 'Not yet',
    msg: '<p>Later</p>',
    publishedAt: at(-24),
  });
  en = [...normals, bannerNew, bannerOld];
  percent = normals[2] as StoredNotice;
  zh = [
    await storeNotice(t.ctx, { lang: 'zh-CN', title: '普通公告', msg: '<p>正文</p>', publishedAt: at(1) }),
    await storeNotice(t.ctx, {
      lang: 'zh-CN',
      kind: 'banner',
      title: '维护通知',
      msg: '<p>维护</p>',
      publishedAt: at(2),
    }),
  ];
});
afterAll(async () => t.close());

describe('bearer authorization', () => {
  it('answers 401 to every notice call without a token or with an unknown one', async () => {
    const bearer = noticesEndpoints.filter((e) => e.auth === 'bearer') as EndpointDef[];
    expect(bearer.map((e) => e.id).sort()).toEqual(
      [
        'notices.list',
        'notices.moveNotice',
        'notices.noticeForUser',
        'notices.page',
        'notices.readNotice',
        'notices.userNotice',
      ].sort(),
    );
    for (const def of bearer) {
      for (const token of [undefined, 'not-a-token']) {
        const answer = await t.api(def, { id: en[0]?.id } as never, token ? { token } : {});
        expect({ id: def.id, status: answer.status, code: answer.body.code }).toEqual({
          id: def.id,
          status: 401,
          code: 401,
        });
      }
    }
  });
});

describe('list', () => {
  it('answers the header page (pageNo=1, pageSize=10) in data.data, newest first, unread', async () => {
    const me = await user();
    const first = ok<Page>(await t.api(list, { pageNo: 1, pageSize: 10 }, { token: me.token, lang: 'en' }));
    expect(first.total).toBe(12);
    expect(first.pageNo).toBe(1);
    expect(first.pageSize).toBe(10);
    expect(first.data.map((n) => n.id)).toEqual(en.slice(0, 10).map((n) => n.id));
    expect(first.data[0]).toEqual({
      id: en[0]?.id,
      title: 'Notice 1',
      msg: '<p>Body 1</p>',
      createTime: en[0]?.publishedAt.toISOString(),
      kind: 'normal',
      read: false,
    });
    const second = ok<Page>(await t.api(list, { pageNo: 2, pageSize: 10 }, { token: me.token, lang: 'en' }));
    expect(second.data.map((n) => n.id)).toEqual([bannerNew.id, bannerOld.id]);
    expect(second.total).toBe(12);
  });

  it('defaults to the first page of 10 and never shows unpublished notices', async () => {
    const me = await user();
    const answer = ok<Page>(await t.api(list, {}, { token: me.token, lang: 'en' }));
    expect(answer).toMatchObject({ pageNo: 1, pageSize: 10, total: 12 });
    const all = ok<Page>(await t.api(list, { pageSize: 100 }, { token: me.token, lang: 'en' }));
    expect(all.data.map((n) => n.id)).not.toContain(future.id);
  });

  it('answers in the caller language; Chinese is the default', async () => {
    const me = await user();
    const chinese = ok<Page>(await t.api(list, {}, { token: me.token, lang: 'zh-CN' }));
    expect(chinese.data.map((n) => n.id)).toEqual(zh.map((n) => n.id));
    expect(chinese.data[0]?.title).toBe('普通公告');
    const noHeader = await t.raw('/api/notice/list', { headers: { authorization: `Bearer ${me.token}` } });
    const body = (await noHeader.json()) as Envelope<Page>;
    expect(body.data.total).toBe(2);
  });

  it('shows a notice published later once its time has come', async () => {
    t.advance(25 * HOUR);
    try {
      const me = await user(); // after the jump: a session idle for 25 hours would be dead
      const answer = ok<Page>(await t.api(list, { pageSize: 100 }, { token: me.token, lang: 'en' }));
      expect(answer.data[0]?.id).toBe(future.id);
    } finally {
      t.advance(-25 * HOUR);
    }
  });

  it('refuses a page size above 100 and a page below 1 with 400', async () => {
    const me = await user();
    const big = await t.api(list, { pageSize: 101 }, { token: me.token });
    expect(big.status).toBe(400);
    expect(big.body.data).toEqual({ fields: ['pageSize'] });
    const zero = await t.api(list, { pageNo: 0 }, { token: me.token });
    expect(zero.body.code).toBe(400);
  });
});

describe('readNotice', () => {
  it('turns unread into read for this user only, idempotently', async () => {
    const me = await user();
    const other = await user();
    const target = en[1] as StoredNotice;
    const read = ok<{ id: string; readAt: string; unread: number }>(
      await t.api(readNotice, { id: target.id }, { token: me.token, lang: 'en' }),
    );
    expect(read).toEqual({ id: target.id, readAt: expect.any(String), unread: 11 });

    t.advance(5_000);
    const again = ok<{ readAt: string; unread: number }>(
      await t.api(readNotice, { id: target.id }, { token: me.token, lang: 'en' }),
    );
    expect(again.readAt).toBe(read.readAt);
    expect(again.unread).toBe(11);

    const mine = ok<Page>(await t.api(list, {}, { token: me.token, lang: 'en' }));
    expect(mine.data.filter((n) => n.read).map((n) => n.id)).toEqual([target.id]);
    const theirs = ok<Page>(await t.api(list, {}, { token: other.token, lang: 'en' }));
    expect(theirs.data.some((n) => n.read)).toBe(false);
  });

  it('keeps read state per user of an account: main user and each sub-account user', async () => {
    const main = await user();
    const subA = await user('sub-a', main.accountId);
    const subB = await user('sub-b', main.accountId);
    ok(await t.api(readNotice, { id: en[0]?.id ?? '' }, { token: subA.token, lang: 'en' }));
    const unread = async (token: string) =>
      ok<{ unread: number }>(await t.api(noticeForUser, {}, { token, lang: 'en' })).unread;
    expect(await unread(subA.token)).toBe(11);
    expect(await unread(subB.token)).toBe(12);
    expect(await unread(main.token)).toBe(12);
  });

  it('answers the unread count of the caller language and accepts a notice of the other language', async () => {
    const me = await user();
    const answer = ok<{ unread: number }>(
      await t.api(readNotice, { id: en[0]?.id ?? '' }, { token: me.token, lang: 'zh-CN' }),
    );
    expect(answer.unread).toBe(2);
    const english = ok<{ unread: number }>(await t.api(noticeForUser, {}, { token: me.token, lang: 'en' }));
    expect(english.unread).toBe(11);
  });

  it('refuses an unknown or unpublished id with 422 in the caller language, and a missing id with 400', async () => {
    const me = await user();
    const unknown = await t.api(readNotice, { id: 'no-such-notice' }, { token: me.token, lang: 'en' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      code: 422,
      msg: 'This notice does not exist or is not published yet',
      data: null,
    });
    const zhAnswer = await t.api(readNotice, { id: 'no-such-notice' }, { token: me.token, lang: 'zh-CN' });
    expect(zhAnswer.body.msg).toBe('该公告不存在或尚未发布');
    const notYet = await t.api(readNotice, { id: future.id }, { token: me.token, lang: 'en' });
    expect(notYet.body.code).toBe(422);
    const missing = await t.api(readNotice, {} as { id: string }, { token: me.token, lang: 'en' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ msg: 'Please give the notice id', data: { fields: ['id'] } });
    // Nothing was recorded for the refused calls.
    expect(ok<{ firstVisit: boolean }>(await t.api(userNotice, {}, { token: me.token })).firstVisit).toBe(
      true,
    );
  });
});

describe('noticeForUser', () => {
  it('answers the unread count and the newest unread notice', async () => {
    const me = await user();
    const before = ok<{ unread: number; latest: NoticeItem | null }>(
      await t.api(noticeForUser, {}, { token: me.token, lang: 'en' }),
    );
    expect(before.unread).toBe(12);
    expect(before.latest).toMatchObject({ id: en[0]?.id, read: false });
    ok(await t.api(readNotice, { id: en[0]?.id ?? '' }, { token: me.token, lang: 'en' }));
    const after = ok<{ unread: number; latest: NoticeItem | null }>(
      await t.api(noticeForUser, {}, { token: me.token, lang: 'en' }),
    );
    expect(after.unread).toBe(11);
    expect(after.latest?.id).toBe(en[1]?.id);
  });

  it('answers latest null once everything is read', async () => {
    const me = await user();
    for (const n of zh) ok(await t.api(readNotice, { id: n.id }, { token: me.token, lang: 'zh-CN' }));
    const answer = ok<{ unread: number; latest: NoticeItem | null }>(
      await t.api(noticeForUser, {}, { token: me.token, lang: 'zh-CN' }),
    );
    expect(answer).toEqual({ unread: 0, latest: null });
  });
});

describe('page (notice centre)', () => {
  it('filters by title keyword, case-insensitive, with % and _ taken literally', async () => {
    const me = await user();
    const fee = ok<Page>(await t.api(page, { keyword: 'FEE CHANGE' }, { token: me.token, lang: 'en' }));
    expect(fee.data.map((n) => n.id)).toEqual([percent.id]);
    expect(fee.total).toBe(1);
    const pct = ok<Page>(await t.api(page, { keyword: '%' }, { token: me.token, lang: 'en' }));
    expect(pct.data.map((n) => n.id)).toEqual([percent.id]);
    const underscore = ok<Page>(await t.api(page, { keyword: '_' }, { token: me.token, lang: 'en' }));
    expect(underscore.data.map((n) => n.id)).toEqual([percent.id]);
    const none = ok<Page>(
      await t.api(page, { keyword: 'nothing like this' }, { token: me.token, lang: 'en' }),
    );
    expect(none).toEqual({ data: [], total: 0, pageNo: 1, pageSize: 10 });
    const empty = ok<Page>(await t.api(page, { keyword: '' }, { token: me.token, lang: 'en' }));
    expect(empty.total).toBe(12);
  });

  it('keeps only unread notices with unreadOnly=1 (and true); 0 and false do not filter', async () => {
    const me = await user();
    ok(await t.api(readNotice, { id: en[0]?.id ?? '' }, { token: me.token, lang: 'en' }));
    ok(await t.api(readNotice, { id: en[4]?.id ?? '' }, { token: me.token, lang: 'en' }));
    for (const flag of ['1', 'true']) {
      const unread = ok<Page>(
        await t.api(page, { unreadOnly: flag, pageSize: 100 }, { token: me.token, lang: 'en' }),
      );
      expect(unread.total).toBe(10);
      expect(unread.data.every((n) => !n.read)).toBe(true);
      expect(unread.data.map((n) => n.id)).not.toContain(en[0]?.id);
    }
    for (const flag of ['0', 'false']) {
      const all = ok<Page>(await t.api(page, { unreadOnly: flag }, { token: me.token, lang: 'en' }));
      expect(all.total).toBe(12);
    }
    const paged = ok<Page>(
      await t.api(page, { unreadOnly: '1', pageNo: 2, pageSize: 4 }, { token: me.token, lang: 'en' }),
    );
    expect(paged.data.map((n) => n.id)).toEqual([en[6], en[7], en[8], en[9]].map((n) => n?.id));
    const bad = await t.api(page, { unreadOnly: 'maybe' }, { token: me.token, lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ fields: ['unreadOnly'] });
  });

  it('combines the keyword with unreadOnly and refuses a keyword over 50 characters', async () => {
    const me = await user();
    ok(await t.api(readNotice, { id: percent.id }, { token: me.token, lang: 'en' }));
    const answer = ok<Page>(
      await t.api(page, { keyword: 'fee', unreadOnly: '1' }, { token: me.token, lang: 'en' }),
    );
    expect(answer.total).toBe(0);
    const long = await t.api(page, { keyword: 'x'.repeat(51) }, { token: me.token, lang: 'en' });
    expect(long.body).toMatchObject({ code: 400, msg: 'The keyword may have at most 50 characters' });
  });
});

describe('userNotice and moveNotice', () => {
  it('shows the newest banner and firstVisit for a new user', async () => {
    const me = await user();
    const state = ok<{ banner: BannerItem | null; firstVisit: boolean }>(
      await t.api(userNotice, {}, { token: me.token, lang: 'en' }),
    );
    expect(state).toEqual({
      banner: {
        id: bannerNew.id,
        title: 'Maintenance on Sunday',
        msg: '<p>Maintenance</p>',
        createTime: bannerNew.publishedAt.toISOString(),
      },
      firstVisit: true,
    });
    const chinese = ok<{ banner: BannerItem | null }>(
      await t.api(userNotice, {}, { token: me.token, lang: 'zh-CN' }),
    );
    expect(chinese.banner?.id).toBe(zh[1]?.id);
  });

  it('ends firstVisit with the first read; reading a banner notice does not dismiss it', async () => {
    const me = await user();
    ok(await t.api(readNotice, { id: bannerNew.id }, { token: me.token, lang: 'en' }));
    const state = ok<{ banner: BannerItem | null; firstVisit: boolean }>(
      await t.api(userNotice, {}, { token: me.token, lang: 'en' }),
    );
    expect(state.firstVisit).toBe(false);
    expect(state.banner?.id).toBe(bannerNew.id);
  });

  it('"I know" moves the newest banner notice out of the banner, marks it read, and no older one follows', async () => {
    const me = await user();
    const other = await user();
    const moved = ok<{ id: string; dismissedAt: string; unread: number; banner: BannerItem | null }>(
      await t.api(moveNotice, { id: bannerNew.id }, { token: me.token, lang: 'en' }),
    );
    expect(moved).toEqual({
      id: bannerNew.id,
      dismissedAt: expect.any(String),
      unread: 11,
      banner: null,
    });

    // The older banner notice never reaches the banner; it stays in the list, unread.
    const state = ok<{ banner: BannerItem | null; firstVisit: boolean }>(
      await t.api(userNotice, {}, { token: me.token, lang: 'en' }),
    );
    expect(state).toEqual({ banner: null, firstVisit: false });

    // Still in the list, now read.
    const all = ok<Page>(await t.api(list, { pageSize: 100 }, { token: me.token, lang: 'en' }));
    expect(all.data.find((n) => n.id === bannerNew.id)).toMatchObject({ read: true, kind: 'banner' });

    // Idempotent: the first dismissal time stays.
    t.advance(5_000);
    const again = ok<{ dismissedAt: string; unread: number }>(
      await t.api(moveNotice, { id: bannerNew.id }, { token: me.token, lang: 'en' }),
    );
    expect(again.dismissedAt).toBe(moved.dismissedAt);
    expect(again.unread).toBe(11);

    expect(all.data.find((n) => n.id === bannerOld.id)).toMatchObject({ read: false, kind: 'banner' });

    // Another user still has both banners and their first visit.
    expect(
      ok<{ banner: BannerItem | null; firstVisit: boolean }>(
        await t.api(userNotice, {}, { token: other.token, lang: 'en' }),
      ),
    ).toMatchObject({
      banner: { id: bannerNew.id },
      firstVisit: true,
    });
  });

  it('dismissing after reading keeps the first readAt', async () => {
    const me = await user();
    const read = ok<{ readAt: string }>(
      await t.api(readNotice, { id: bannerNew.id }, { token: me.token, lang: 'en' }),
    );
    t.advance(5_000);
    ok(await t.api(moveNotice, { id: bannerNew.id }, { token: me.token, lang: 'en' }));
    const again = ok<{ readAt: string }>(
      await t.api(readNotice, { id: bannerNew.id }, { token: me.token, lang: 'en' }),
    );
    expect(again.readAt).toBe(read.readAt);
  });

  it('dismissing a normal notice marks it read and leaves the banner alone', async () => {
    const me = await user();
    const moved = ok<{ unread: number; banner: BannerItem | null }>(
      await t.api(moveNotice, { id: en[0]?.id ?? '' }, { token: me.token, lang: 'en' }),
    );
    expect(moved.unread).toBe(11);
    expect(moved.banner?.id).toBe(bannerNew.id);
    expect(ok<{ firstVisit: boolean }>(await t.api(userNotice, {}, { token: me.token })).firstVisit).toBe(
      false,
    );
  });

  it('refuses an unknown or unpublished id with 422', async () => {
    const me = await user();
    for (const id of ['no-such-notice', future.id]) {
      const answer = await t.api(moveNotice, { id }, { token: me.token, lang: 'en' });
      expect(answer.status).toBe(422);
      expect(answer.body.msg).toBe('This notice does not exist or is not published yet');
    }
  });
});

describe('concurrent calls', () => {
  it('many simultaneous reads and dismissals of one notice all succeed and agree', async () => {
    const me = await user();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.api(i % 2 ? moveNotice : readNotice, { id: bannerNew.id }, { token: me.token, lang: 'en' }),
      ),
    );
    for (const answer of answers) expect(answer.body.code).toBe(200);
    const dismissedAt = new Set(
      answers.map((a) => (a.body.data as { dismissedAt?: string }).dismissedAt).filter(Boolean),
    );
    expect(dismissedAt.size).toBe(1);
    const state = ok<{ banner: BannerItem | null }>(
      await t.api(userNotice, {}, { token: me.token, lang: 'en' }),
    );
    expect(state.banner).toBeNull();
  });
});

describe('operation log', () => {
  it('does not log notice reads as operations', async () => {
    const me = await user();
    ok(await t.api(readNotice, { id: en[0]?.id ?? '' }, { token: me.token, lang: 'en' }));
    ok(await t.api(moveNotice, { id: en[0]?.id ?? '' }, { token: me.token, lang: 'en' }));
    const rows = await t.ctx.database.db.query.operationLogs.findMany({
      where: (l, { eq }) => eq(l.accountId, me.accountId),
    });
    expect(rows).toEqual([]);
  });
});

// Last in the file: it publishes a notice, which would change the counts of the tests above.
describe('a newer banner notice', () => {
  it('reaches the banner again after the previous newest was dismissed', async () => {
    const me = await user();
    ok(await t.api(moveNotice, { id: bannerNew.id }, { token: me.token, lang: 'en' }));
    const fresh = await storeNotice(t.ctx, {
      lang: 'en',
      kind: 'banner',
      title: 'New fees from Monday',
      msg: '<p>Fees</p>',
      publishedAt: new Date(t.ctx.now().getTime() - 1000),
    });
    const state = ok<{ banner: BannerItem | null }>(
      await t.api(userNotice, {}, { token: me.token, lang: 'en' }),
    );
    expect(state.banner?.id).toBe(fresh.id);
  });
});
