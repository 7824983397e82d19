import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../contract/core';
import type { BannerItem, NoticeItem } from '../../../../contract/notices';
import { list, moveNotice, noticeForUser, readNotice, userNotice } from '../../../../contract/notices';
import type { TestApp } from '../../../testing/harness';
import { createTestApp, uniqueEmail } from '../../../testing/harness';
import { failingAuditActor, recordingActor } from '../../../testing/operator-actor';
import type { SignedInAccount } from '../../../testing/signed-in';
import { openSession, signedInAccount } from '../../../testing/signed-in';
import { AppError } from '../../../lib/errors';
import { listConsoleNotices } from './list-console-notices';
import { previewNotice } from './preview-notice';
import { publishNotice } from './publish-notice';
import { retireNotice } from './retire-notice';
import type { NoticeDraft } from './save-notice';
import { saveNotice } from './save-notice';

const HOUR = 3_600_000;
let t: TestApp;
let alice: SignedInAccount;
let bob: SignedInAccount;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAccount(t, uniqueEmail('alice'));
  bob = await signedInAccount(t, uniqueEmail('bob'));
});
afterAll(async () => t.close());

function draft(overrides: Partial<NoticeDraft> = {}): NoticeDraft {
  return {
    lang: 'en',
    kind: 'normal',
    title: `Console notice ${Math.random().toString(36).slice(2, 8)}`,
    msg: '<p>Hello <strong>customers</strong></p>',
    audience: 'all',
    targets: [],
    ...overrides,
  };
}

async function titlesSeenBy(who: SignedInAccount): Promise<string[]> {
  const answer = await t.api(list, { pageNo: 1, pageSize: 100 }, { token: who.token, lang: 'en' });
  expect(answer.body.code).toBe(Code.ok);
  return (answer.body.data as { data: NoticeItem[] }).data.map((item) => item.title);
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('console notices', () => {
  it('sanitises the body exactly as stored notices are, in preview and when saved', async () => {
    const dirty = '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(2)">x</a></p>';
    expect(await previewNotice({ title: 'P', msg: dirty })).toEqual({
      title: 'P',
      msg: '<p>Hi <a rel="noopener noreferrer">x</a></p>',
    });
    const saved = await saveNotice(t.ctx, recordingActor(), draft({ msg: dirty }));
    expect(saved.msg).toBe('<p>Hi <a rel="noopener noreferrer">x</a></p>');
    const empty = await refusal(previewNotice({ title: 'P', msg: '<script>x</script>' }));
    expect(empty.messageKey).toBe('server:notices.bodyEmpty');
  });

  it('shows a draft to no customer until it is published, then to all; retired, to none', async () => {
    const actor = recordingActor();
    const saved = await saveNotice(t.ctx, actor, draft());
    expect(saved.state).toBe('draft');
    expect(await titlesSeenBy(alice)).not.toContain(saved.title);

    const published = await publishNotice(t.ctx, actor, { id: saved.id });
    expect(published.state).toBe('published');
    expect(await titlesSeenBy(alice)).toContain(saved.title);
    expect(await titlesSeenBy(bob)).toContain(saved.title);

    const retired = await retireNotice(t.ctx, actor, { id: saved.id, reason: 'wrong date' });
    expect(retired.state).toBe('retired');
    expect(await titlesSeenBy(alice)).not.toContain(saved.title);
    // A retired notice can no longer be read or dismissed either.
    const read = await t.api(readNotice, { id: saved.id }, { token: alice.token, lang: 'en' });
    expect(read.body).toMatchObject({ code: 422, msg: expect.any(String) });

    expect(actor.records.map((r) => r.action)).toEqual([
      'notices.write',
      'notices.publish',
      'notices.retire',
    ]);
    expect(actor.records[2]).toMatchObject({
      targetId: saved.id,
      reason: 'wrong date',
      operatorId: 'op-test',
    });
    expect(actor.records[2]!.before).toMatchObject({ state: 'published' });
    expect(actor.records[2]!.after).toMatchObject({ state: 'retired' });
  });

  it('a scheduled notice appears once its time has come', async () => {
    const actor = recordingActor();
    const saved = await saveNotice(t.ctx, actor, draft());
    const at = new Date(t.ctx.now().getTime() + 2 * HOUR);
    const scheduled = await publishNotice(t.ctx, actor, { id: saved.id, publishAt: at });
    expect(scheduled).toMatchObject({ state: 'scheduled', publishAt: at.toISOString() });
    expect(actor.records.at(-1)?.action).toBe('notices.schedule');
    expect(await titlesSeenBy(alice)).not.toContain(saved.title);
    t.advance(2 * HOUR);
    // The sessions went idle meanwhile: fresh ones.
    alice = { ...alice, ...(await openSession(t, alice.accountId)) };
    bob = { ...bob, ...(await openSession(t, bob.accountId)) };
    expect(await titlesSeenBy(alice)).toContain(saved.title);
  });

  it('refuses a publication time in the past and publishing twice', async () => {
    const actor = recordingActor();
    const saved = await saveNotice(t.ctx, actor, draft());
    const past = await refusal(
      publishNotice(t.ctx, actor, { id: saved.id, publishAt: new Date(t.ctx.now().getTime() - HOUR) }),
    );
    expect(past.messageKey).toBe('server:operatorContent.notices.publishAtPast');
    await publishNotice(t.ctx, actor, { id: saved.id });
    const twice = await refusal(publishNotice(t.ctx, actor, { id: saved.id }));
    expect(twice.messageKey).toBe('server:operatorContent.notices.notDraft');
    const edit = await refusal(saveNotice(t.ctx, actor, { ...draft(), id: saved.id }));
    expect(edit.messageKey).toBe('server:operatorContent.notices.notDraft');
  });

  it('a notice for chosen customers reaches them only: list, count, dialog, banner, read, dismiss', async () => {
    const actor = recordingActor();
    const saved = await saveNotice(
      t.ctx,
      actor,
      draft({ kind: 'banner', audience: 'chosen', targets: [alice.email.toUpperCase()] }),
    );
    expect(saved.targets).toEqual([alice.email]);
    await publishNotice(t.ctx, actor, { id: saved.id });

    expect(await titlesSeenBy(alice)).toContain(saved.title);
    expect(await titlesSeenBy(bob)).not.toContain(saved.title);

    const bannerOf = async (who: SignedInAccount) =>
      (
        (await t.api(userNotice, {}, { token: who.token, lang: 'en' })).body.data as {
          banner: BannerItem | null;
        }
      ).banner;
    expect((await bannerOf(alice))?.id).toBe(saved.id);
    expect((await bannerOf(bob))?.id).not.toBe(saved.id);

    const latestOf = async (who: SignedInAccount) =>
      (
        (await t.api(noticeForUser, {}, { token: who.token, lang: 'en' })).body.data as {
          latest: NoticeItem | null;
        }
      ).latest;
    expect((await latestOf(alice))?.id).toBe(saved.id);
    expect((await latestOf(bob))?.id).not.toBe(saved.id);

    // Bob cannot read or dismiss it by guessing its id: the same answer as an unknown id.
    for (const def of [readNotice, moveNotice]) {
      const answer = await t.api(def, { id: saved.id }, { token: bob.token, lang: 'en' });
      expect(answer.body.code).toBe(422);
    }
    const aliceReads = await t.api(readNotice, { id: saved.id }, { token: alice.token, lang: 'en' });
    expect(aliceReads.body.code).toBe(Code.ok);
  });

  it('refuses chosen customers that are none or unknown', async () => {
    const actor = recordingActor();
    const none = await refusal(saveNotice(t.ctx, actor, draft({ audience: 'chosen', targets: [] })));
    expect(none.messageKey).toBe('server:operatorContent.notices.noTargets');
    const unknown = await refusal(
      saveNotice(t.ctx, actor, draft({ audience: 'chosen', targets: [alice.email, 'nobody@example.com'] })),
    );
    expect(unknown).toMatchObject({
      messageKey: 'server:operatorContent.notices.unknownTargets',
      params: { emails: 'nobody@example.com' },
    });
    expect(actor.records).toEqual([]);
  });

  it('edits a draft and lists every notice for the console', async () => {
    const actor = recordingActor();
    const saved = await saveNotice(t.ctx, actor, draft());
    const edited = await saveNotice(t.ctx, actor, { ...draft({ title: 'Edited title' }), id: saved.id });
    expect(edited).toMatchObject({ id: saved.id, title: 'Edited title', state: 'draft' });
    expect(actor.records[1]).toMatchObject({ action: 'notices.edit', before: { title: saved.title } });
    const page = await listConsoleNotices(t.ctx, { pageNo: 1, pageSize: 100 });
    expect(page.data.find((n) => n.id === saved.id)?.title).toBe('Edited title');
  });

  it('writes the audit entry in the change’s transaction: a failed audit write undoes the change', async () => {
    const saved = await saveNotice(t.ctx, recordingActor(), draft());
    await expect(publishNotice(t.ctx, failingAuditActor(), { id: saved.id })).rejects.toThrow(
      'audit log unavailable',
    );
    expect(await titlesSeenBy(alice)).not.toContain(saved.title);
    const page = await listConsoleNotices(t.ctx, { pageNo: 1, pageSize: 100 });
    expect(page.data.find((n) => n.id === saved.id)?.state).toBe('draft');
  });
});
