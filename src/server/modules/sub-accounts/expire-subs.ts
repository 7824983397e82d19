/**
 * The member expiry job (docs/decisions.md "Sub-accounts and roles"): every few minutes, once
 * across all server processes (lib/jobs.ts), it
 *
 * - mails each online member once per validity a reminder when REMIND_BEFORE_MS or less is left
 *   (marker `expiry_reminded_at`);
 * - applies each member's expiry policy once per validity after it ended (marker
 *   `expiry_applied_at`): `keep` changes no card, `freeze` freezes its active cards (frozenBy
 *   `expiry`: only the owner may activate them again), `moveToOwner` makes its cards the owner's own.
 *
 * A renewal clears both markers (renew-sub.ts), so a new validity gets its own reminder and policy.
 * Each member is claimed with `FOR UPDATE SKIP LOCKED` in the transaction that sets its marker and
 * does the work, with a card event per card and an operation-log row: two runs at once, or a run
 * again, act once. The issuer hears of frozen cards after the commit (as with the risk rule); the
 * portal declines a frozen card by its own check first. The reminder goes out after its claim
 * commits (the mail provider writes through its own connection); a mail that fails is unclaimed
 * again and tried on the next run.
 */
import { and, asc, eq, gt, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { ExpiryPolicy } from '../../../contract/sub-accounts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { inTransaction } from '../../db/client';
import { cards, operationLogs, subAccounts } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import type { JobSpec } from '../../lib/jobs';
import { renderMail } from '../../lib/mail-templates';
import type { JobLogAction } from '../../../contract/operations';
import { civilDate } from '../account/account-calendar';
import { type CardAction, recordCardEvents } from '../cards/card-events';

/** The reminder goes out this long before the validity ends. */
export const REMIND_BEFORE_MS = 7 * 24 * 3600_000;
export const SUB_EXPIRY_EVERY_MS = 5 * 60_000;
/** Members handled per run and kind; the rest wait for the next run. */
const BATCH = 200;

export interface ExpiryCounts {
  reminded: number;
  applied: number;
  cardsFrozen: number;
  cardsMoved: number;
}

async function remindOne(ctx: AppContext, now: Date): Promise<boolean> {
  const claimed = await inTransaction(ctx.database.db, async (tx) => {
    const [due] = await tx
      .select()
      .from(subAccounts)
      .where(
        and(
          eq(subAccounts.status, 'online'),
          isNull(subAccounts.expiryRemindedAt),
          gt(subAccounts.validUntil, now),
          lte(subAccounts.validUntil, new Date(now.getTime() + REMIND_BEFORE_MS)),
        ),
      )
      .orderBy(asc(subAccounts.validUntil))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    await tx.update(subAccounts).set({ expiryRemindedAt: now }).where(eq(subAccounts.id, due.id));
    await logExpiry(tx, due.accountId, due.id, 'subAccounts.expiryReminded', now, {
      validUntil: due.validUntil.toISOString(),
    });
    return due;
  });
  if (!claimed) return false;
  const lang: Lang = claimed.lang === 'en' ? 'en' : 'zh-CN';
  const subject = translate(lang, 'server:subAccounts.mail.reminder.subject');
  const text = translate(lang, 'server:subAccounts.mail.reminder.text', {
    email: claimed.email,
    // The last day it is valid, in the product's calendar (a validity ends at a day's end).
    date: civilDate(new Date(claimed.validUntil.getTime() - 1)),
  });
  try {
    await ctx.mail.send({ to: claimed.email, subject, text, html: renderMail(subject, text, lang) });
  } catch (error) {
    await ctx.database.db
      .update(subAccounts)
      .set({ expiryRemindedAt: null })
      .where(and(eq(subAccounts.id, claimed.id), eq(subAccounts.expiryRemindedAt, now)));
    throw error;
  }
  return true;
}

interface Applied {
  cardsFrozen: number;
  cardsMoved: number;
  issuerRefsToFreeze: string[];
}

/** The member's cards the policy acts on, locked in id order like every batch of card changes. */
async function lockMemberCards(tx: Tx, accountId: string, subId: string, policy: ExpiryPolicy) {
  if (policy === 'keep') return [];
  return tx
    .select({ id: cards.id, issuerRef: cards.issuerRef, status: cards.status })
    .from(cards)
    .where(
      and(
        eq(cards.accountId, accountId),
        eq(cards.subAccountId, subId),
        policy === 'freeze' ? eq(cards.status, 'active') : ne(cards.status, 'deleted'),
      ),
    )
    .orderBy(asc(cards.id))
    .for('update');
}

async function applyOne(ctx: AppContext, now: Date): Promise<Applied | null> {
  const applied = await inTransaction(ctx.database.db, async (tx) => {
    const [due] = await tx
      .select()
      .from(subAccounts)
      .where(and(isNull(subAccounts.expiryAppliedAt), lte(subAccounts.validUntil, now)))
      .orderBy(asc(subAccounts.validUntil))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const policy = due.expiryPolicy;
    const memberCards = await lockMemberCards(tx, due.accountId, due.id, policy);
    const ids = memberCards.map((card) => card.id);
    if (ids.length > 0) {
      await tx
        .update(cards)
        .set(
          policy === 'freeze'
            ? { status: 'frozen', frozenBy: 'expiry', updatedAt: now }
            : { subAccountId: null, updatedAt: now },
        )
        .where(inArray(cards.id, ids));
      const action: CardAction = policy === 'freeze' ? 'expiry_freeze' : 'expiry_move';
      await recordCardEvents(
        tx,
        ids.map((cardId) => ({
          cardId,
          accountId: due.accountId,
          action,
          actor: 'expiry',
          ip: null,
          detail: { subAccountId: due.id, subUid: due.subUid },
          at: now,
        })),
      );
    }
    await tx.update(subAccounts).set({ expiryAppliedAt: now }).where(eq(subAccounts.id, due.id));
    await logExpiry(tx, due.accountId, due.id, 'subAccounts.expiryApplied', now, {
      policy,
      validUntil: due.validUntil.toISOString(),
      cards: ids.length,
    });
    return {
      cardsFrozen: policy === 'freeze' ? ids.length : 0,
      cardsMoved: policy === 'moveToOwner' ? ids.length : 0,
      issuerRefsToFreeze: policy === 'freeze' ? memberCards.map((card) => card.issuerRef) : [],
    };
  });
  if (!applied) return null;
  for (const issuerRef of applied.issuerRefsToFreeze) {
    await ctx.issuer.setCardState(issuerRef, 'frozen').catch((error: unknown) => {
      ctx.log.error('issuer did not take an expiry freeze', { issuerRef, error: String(error) });
    });
  }
  return applied;
}

/** The owner's operation log: what the job did to which member (the owner reads it on /operate). */
async function logExpiry(
  tx: Tx,
  accountId: string,
  subAccountId: string,
  action: JobLogAction,
  now: Date,
  detail: Record<string, unknown>,
): Promise<void> {
  await tx.insert(operationLogs).values({
    id: newId(),
    accountId,
    subAccountId,
    action,
    result: 'success',
    code: 200,
    ip: 'system',
    device: 'sub-account expiry job',
    detail,
    createdAt: now,
  });
}

export async function expireSubs(ctx: AppContext): Promise<ExpiryCounts> {
  const now = ctx.now();
  const counts: ExpiryCounts = { reminded: 0, applied: 0, cardsFrozen: 0, cardsMoved: 0 };
  while (counts.reminded < BATCH && (await remindOne(ctx, now))) counts.reminded++;
  while (counts.applied < BATCH) {
    const applied = await applyOne(ctx, now);
    if (!applied) break;
    counts.applied++;
    counts.cardsFrozen += applied.cardsFrozen;
    counts.cardsMoved += applied.cardsMoved;
  }
  return counts;
}

/** The job: every 5 minutes, once across all server processes. */
export const subExpiryJob: JobSpec = {
  name: 'sub-account-expiry',
  everyMs: SUB_EXPIRY_EVERY_MS,
  leaseMs: 15 * 60_000,
  async run(ctx) {
    const counts = await expireSubs(ctx);
    if (counts.reminded + counts.applied > 0) ctx.log.info('sub-account expiry job', { ...counts });
  },
};
