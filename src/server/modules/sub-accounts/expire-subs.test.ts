/**
 * The member expiry job with the test clock: the 7-day reminder once per validity, and each
 * expiry policy applied once after the validity ends — also when the job runs twice, or twice at
 * once (on PostgreSQL the two runs really overlap).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ExpiryPolicy } from '../../../contract/sub-accounts';
import { cardFrozen, cardPage } from '../../../contract/cards';
import { subRenew } from '../../../contract/sub-accounts';
import { cardEvents, cards, jobRuns, mailOutbox, operationLogs, subAccounts } from '../../db/schema';
import { runJobIfDue } from '../../lib/jobs';
import { openTestCard } from '../../testing/cards';
import { fileSignedInAccount, fileTestApp } from '../../testing/file-app';
import { openSession } from '../../testing/signed-in';
import { authorizeOnce } from '../../testing/issuer';
import { expireSubs, REMIND_BEFORE_MS, subExpiryJob } from './expire-subs';

const DAY = 86_400_000;

describe('the sub-account expiry job', () => {
  const t = fileTestApp();
  const me = fileSignedInAccount(t);
  let serial = 0;

  /** A member valid for `validForMs` more, with a session and the given policy. */
  async function member(policy: ExpiryPolicy, validForMs: number) {
    serial += 1;
    const id = `exp-${policy}-${serial}`;
    const session = await openSession(t, me.accountId, id);
    const [row] = await t.ctx.database.db
      .update(subAccounts)
      .set({ expiryPolicy: policy, validUntil: new Date(t.ctx.now().getTime() + validForMs) })
      .where(eq(subAccounts.id, id))
      .returning();
    return { id, email: row!.email, token: session.token };
  }

  /** Access tokens live hours and the clock moves days: a fresh session for each call after a move. */
  const ownerToken = async () => (await openSession(t, me.accountId)).token;
  const memberToken = async (id: string) => (await openSession(t, me.accountId, id)).token;

  const mailsTo = (email: string) =>
    t.ctx.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));

  const eventsOf = (cardIds: string[], action: string) =>
    t.ctx.database.db
      .select({ cardId: cardEvents.cardId, actor: cardEvents.actor })
      .from(cardEvents)
      .where(and(inArray(cardEvents.cardId, cardIds), eq(cardEvents.action, action)));

  const logsOf = (subId: string, action: string) =>
    t.ctx.database.db
      .select({ detail: operationLogs.detail })
      .from(operationLogs)
      .where(and(eq(operationLogs.subAccountId, subId), eq(operationLogs.action, action)));

  const cardsOf = (ids: string[]) =>
    t.ctx.database.db
      .select({
        id: cards.id,
        status: cards.status,
        frozenBy: cards.frozenBy,
        subAccountId: cards.subAccountId,
      })
      .from(cards)
      .where(inArray(cards.id, ids));

  it('mails the member once when 7 days are left, and again only for a renewed validity', async () => {
    const one = await member('keep', 10 * DAY);
    await expireSubs(t.ctx);
    expect(await mailsTo(one.email)).toHaveLength(0);

    t.advance(3 * DAY + 60_000);
    await expireSubs(t.ctx);
    await expireSubs(t.ctx);
    const mails = await mailsTo(one.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/ends in 7 days|7 天/);
    expect(mails[0]!.text).toContain(one.email);
    expect(await logsOf(one.id, 'subAccounts.expiryReminded')).toHaveLength(1);

    // A renewal to a day within the window is a new validity: one more reminder, once.
    const renewTo = new Date(t.ctx.now().getTime() + 5 * DAY).toISOString().slice(0, 10);
    const renewed = await t.api(
      subRenew,
      { subAccountId: one.id, validUntil: renewTo },
      { token: await ownerToken() },
    );
    expect(renewed.body.code).toBe(200);
    await expireSubs(t.ctx);
    await expireSubs(t.ctx);
    expect(await mailsTo(one.email)).toHaveLength(2);
  });

  it('does not remind a frozen member', async () => {
    const one = await member('keep', REMIND_BEFORE_MS - DAY);
    await t.ctx.database.db.update(subAccounts).set({ status: 'frozen' }).where(eq(subAccounts.id, one.id));
    await expireSubs(t.ctx);
    expect(await mailsTo(one.email)).toHaveLength(0);
  });

  it('freeze: the member’s active cards are frozen once; only the owner activates them again', async () => {
    const one = await member('freeze', DAY);
    const a = await openTestCard(t, me.accountId, { subAccountId: one.id, balance: 5_000 });
    const b = await openTestCard(t, me.accountId, { subAccountId: one.id });
    const owners = await openTestCard(t, me.accountId);
    await expireSubs(t.ctx);
    expect((await cardsOf([a.id, b.id])).every((card) => card.status === 'active')).toBe(true);

    t.advance(DAY + 1_000);
    // Twice at once, then once more: the policy acts once.
    await Promise.all([expireSubs(t.ctx), expireSubs(t.ctx)]);
    await expireSubs(t.ctx);
    const after = await cardsOf([a.id, b.id, owners.id]);
    expect(after.find((card) => card.id === owners.id)).toMatchObject({ status: 'active', frozenBy: null });
    for (const id of [a.id, b.id])
      expect(after.find((card) => card.id === id)).toMatchObject({ status: 'frozen', frozenBy: 'expiry' });
    const events = await eventsOf([a.id, b.id, owners.id], 'expiry_freeze');
    expect(events.map((event) => event.cardId).sort()).toEqual([a.id, b.id].sort());
    expect(events.every((event) => event.actor === 'expiry')).toBe(true);
    const logged = await logsOf(one.id, 'subAccounts.expiryApplied');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.detail).toMatchObject({ policy: 'freeze', cards: 2 });

    // The card is declined at merchants now.
    const { answer } = await authorizeOnce(t, a, { amount: 100 });
    expect(answer.body.data).toMatchObject({ approved: false, declineReason: 'card_frozen' });
    // The expired member may not undo the owner's policy; the owner may.
    const byMember = await t.api(
      cardFrozen,
      { cardId: a.id, action: 'activate' },
      { token: await memberToken(one.id) },
    );
    expect(byMember.body.code).toBe(422);
    expect(byMember.body.msg).toMatch(/only the account owner/);
    const byOwner = await t.api(
      cardFrozen,
      { cardId: a.id, action: 'activate' },
      { token: await ownerToken() },
    );
    expect(byOwner.body.code).toBe(200);
  });

  it('moveToOwner: the cards become the owner’s own once; the member no longer sees them', async () => {
    const one = await member('moveToOwner', DAY);
    const a = await openTestCard(t, me.accountId, { subAccountId: one.id, balance: 1_000 });
    const b = await openTestCard(t, me.accountId, { subAccountId: one.id });
    const seen = await t.api(cardPage, {}, { token: one.token });
    expect((seen.body.data as { total: number }).total).toBe(2);

    t.advance(DAY + 1_000);
    await Promise.all([expireSubs(t.ctx), expireSubs(t.ctx)]);
    await expireSubs(t.ctx);
    expect((await cardsOf([a.id, b.id])).map((card) => [card.subAccountId, card.status])).toEqual([
      [null, 'active'],
      [null, 'active'],
    ]);
    expect(await eventsOf([a.id, b.id], 'expiry_move')).toHaveLength(2);
    expect(await logsOf(one.id, 'subAccounts.expiryApplied')).toHaveLength(1);
    const after = await t.api(cardPage, {}, { token: await memberToken(one.id) });
    expect((after.body.data as { total: number }).total).toBe(0);
  });

  it('keep: the cards are untouched; the end of the validity is still recorded once', async () => {
    const one = await member('keep', DAY);
    const a = await openTestCard(t, me.accountId, { subAccountId: one.id });
    t.advance(DAY + 1_000);
    await expireSubs(t.ctx);
    await expireSubs(t.ctx);
    expect(await cardsOf([a.id])).toEqual([
      { id: a.id, status: 'active', frozenBy: null, subAccountId: one.id },
    ]);
    const logged = await logsOf(one.id, 'subAccounts.expiryApplied');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.detail).toMatchObject({ policy: 'keep', cards: 0 });
  });

  it('a renewal starts afresh: the policy applies again when the new validity ends', async () => {
    const one = await member('freeze', DAY);
    const a = await openTestCard(t, me.accountId, { subAccountId: one.id });
    t.advance(DAY + 1_000);
    await expireSubs(t.ctx);
    expect((await cardsOf([a.id]))[0]!.status).toBe('frozen');
    await t.api(cardFrozen, { cardId: a.id, action: 'activate' }, { token: await ownerToken() });
    const renewTo = new Date(t.ctx.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    expect(
      (await t.api(subRenew, { subAccountId: one.id, validUntil: renewTo }, { token: await ownerToken() }))
        .body.code,
    ).toBe(200);
    await expireSubs(t.ctx);
    expect((await cardsOf([a.id]))[0]!.status).toBe('active');
    t.advance(4 * DAY);
    await expireSubs(t.ctx);
    expect((await cardsOf([a.id]))[0]!.status).toBe('frozen');
    expect(await logsOf(one.id, 'subAccounts.expiryApplied')).toHaveLength(2);
  });

  it('as a background job it runs once per period across processes', async () => {
    const one = await member('freeze', DAY);
    const a = await openTestCard(t, me.accountId, { subAccountId: one.id });
    t.advance(DAY + 1_000);
    // Move past any earlier run of this job in the file.
    t.advance(subExpiryJob.everyMs);
    const ran = await Promise.all([
      runJobIfDue(t.ctx, subExpiryJob, 'process-a'),
      runJobIfDue(t.ctx, subExpiryJob, 'process-b'),
    ]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect((await cardsOf([a.id]))[0]!.status).toBe('frozen');
    expect(await runJobIfDue(t.ctx, subExpiryJob, 'process-a')).toBe(false);
    const [row] = await t.ctx.database.db
      .select({ lastError: jobRuns.lastError })
      .from(jobRuns)
      .where(eq(jobRuns.name, subExpiryJob.name));
    expect(row?.lastError).toBeNull();
    expect(await eventsOf([a.id], 'expiry_freeze')).toHaveLength(1);
  });
});
