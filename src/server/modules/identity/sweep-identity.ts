/**
 * The identity job (hourly): mails a reminder once per approval when it has
 * REMIND_BEFORE_MS left, and moves approvals past their expiry to `expired`. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED` inside the transaction that marks them, so even two sweeps at once (the
 * job runs once per hour across processes) neither send a reminder twice nor expire an order twice. The mail goes
 * out after the claim commits (the outbox writes through its own connection); a reminder whose mail
 * fails is unclaimed again and tried on the next run.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { accounts, identityOrders } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import type { JobSpec } from '../../lib/jobs';
import { translate } from '../../lib/i18n';
import { renderMail } from '../../lib/mail-templates';
import { moveOrder } from './order-events';

export const REMIND_BEFORE_MS = 30 * 24 * 3600_000;
export const IDENTITY_SWEEP_EVERY_MS = 3600_000;
const BATCH = 100;

async function remindOne(ctx: AppContext, now: Date): Promise<boolean> {
  const claimed = await inTransaction(ctx.database.db, async (tx) => {
    const [due] = await tx
      .select({
        id: identityOrders.id,
        expiresAt: identityOrders.expiresAt,
        email: accounts.email,
        lang: accounts.lang,
      })
      .from(identityOrders)
      .innerJoin(accounts, eq(accounts.id, identityOrders.accountId))
      .where(
        and(
          eq(identityOrders.status, 'approved'),
          isNull(identityOrders.remindedAt),
          gt(identityOrders.expiresAt, now),
          lte(identityOrders.expiresAt, new Date(now.getTime() + REMIND_BEFORE_MS)),
        ),
      )
      .limit(1)
      .for('update', { of: identityOrders, skipLocked: true });
    if (!due?.expiresAt) return null;
    await tx.update(identityOrders).set({ remindedAt: now }).where(eq(identityOrders.id, due.id));
    return { ...due, expiresAt: due.expiresAt };
  });
  if (!claimed) return false;
  const lang: Lang = claimed.lang === 'en' ? 'en' : 'zh-CN';
  const subject = translate(lang, 'server:identity.mail.reminder.subject');
  const text = translate(lang, 'server:identity.mail.reminder.text', {
    date: new Date(claimed.expiresAt.getTime() + 8 * 3600_000).toISOString().slice(0, 10),
  });
  try {
    await ctx.mail.send({ to: claimed.email, subject, text, html: renderMail(subject, text, lang) });
  } catch (error) {
    await ctx.database.db
      .update(identityOrders)
      .set({ remindedAt: null })
      .where(eq(identityOrders.id, claimed.id));
    throw error;
  }
  return true;
}

async function expireOne(ctx: AppContext, now: Date): Promise<boolean> {
  return inTransaction(ctx.database.db, async (tx) => {
    const [due] = await tx
      .select()
      .from(identityOrders)
      .where(and(eq(identityOrders.status, 'approved'), lte(identityOrders.expiresAt, now)))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return false;
    await moveOrder(tx, due, 'expired', 'system', now);
    return true;
  });
}

export async function sweepIdentity(ctx: AppContext): Promise<{ reminded: number; expired: number }> {
  const now = ctx.now();
  const counts = { reminded: 0, expired: 0 };
  while (counts.reminded < BATCH && (await remindOne(ctx, now))) counts.reminded++;
  while (counts.expired < BATCH && (await expireOne(ctx, now))) counts.expired++;
  return counts;
}

/** The sweep as a background job: hourly, once across all server processes (lib/jobs.ts). */
export const identitySweepJob: JobSpec = {
  name: 'identity-sweep',
  everyMs: IDENTITY_SWEEP_EVERY_MS,
  leaseMs: 15 * 60_000,
  async run(ctx) {
    const counts = await sweepIdentity(ctx);
    if (counts.reminded + counts.expired > 0) ctx.log.info('swept identity approvals', counts);
  },
};
