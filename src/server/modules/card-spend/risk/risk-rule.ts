/**
 * The decline-rate rule (spec §9 "decline rate above 5% closes all cards"; numbers in
 * contract/card-rules.ts). Run after every new authorization decision, in its own transaction:
 *
 * - counted: the account's authorizations (all its cards, sub-account users' included) of the last
 *   RISK_WINDOW_HOURS — but only those after the account's latest risk event, so a customer who read
 *   the notice and activated the cards again starts from a clean count instead of being frozen
 *   again by the declines that caused the first freeze;
 * - it fires once there are at least RISK_MIN_AUTHORIZATIONS and declines × 10,000 exceed
 *   total × RISK_DECLINE_RATE_BP (strictly above 5%);
 * - once: never while an unacknowledged risk event of the window exists;
 * - effect, in one transaction serialised per account: every active card is frozen (frozenBy
 *   `risk`, card event `risk_freeze` by actor `risk`), a `risk_events` row (the home screen's
 *   notice) and an operation-log row `risk.freeze`. After the commit the issuer is told to freeze
 *   the cards too; if it cannot be reached the portal still declines them (its own check comes first).
 */
import type { JobLogAction } from '../../../../contract/operations';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { RISK_DECLINE_RATE_BP, RISK_MIN_AUTHORIZATIONS, RISK_WINDOW_HOURS } from '@contract/card-rules';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import { cardAuthorizations, cards, operationLogs, riskEvents } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import { recordCardEvents } from '../../cards/card-events';
import { RISK_KIND, riskWindow } from './risk-window';

export { RISK_KIND } from './risk-window';

export interface RiskDetail {
  windowHours: number;
  authorizations: number;
  declines: number;
  declineRateBp: number;
  cardsFrozen: number;
}

export interface RiskFreeze {
  riskEventId: string;
  detail: RiskDetail;
}

export async function applyRiskRule(ctx: AppContext, accountId: string): Promise<RiskFreeze | null> {
  const frozen = await inTransaction(ctx.database.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`risk:${accountId}`}))`);
    const now = ctx.now();
    const { windowStart, since, latest } = await riskWindow(tx, accountId, now);
    if (latest && !latest.acknowledgedAt && latest.createdAt > windowStart) return null;

    const [counted] = await tx
      .select({
        total: count(),
        declines: sql<number>`count(*) filter (where ${cardAuthorizations.status} = 'declined')`.mapWith(
          Number,
        ),
      })
      .from(cardAuthorizations)
      .where(and(eq(cardAuthorizations.accountId, accountId), gt(cardAuthorizations.createdAt, since)));
    const total = counted?.total ?? 0;
    const declines = counted?.declines ?? 0;
    if (total < RISK_MIN_AUTHORIZATIONS || declines * 10_000 <= total * RISK_DECLINE_RATE_BP) return null;

    // Locked in id order, like every batch of card changes, so no two of them deadlock.
    const active = await tx
      .select({ id: cards.id, issuerRef: cards.issuerRef })
      .from(cards)
      .where(and(eq(cards.accountId, accountId), eq(cards.status, 'active')))
      .orderBy(asc(cards.id))
      .for('update');
    const detail: RiskDetail = {
      windowHours: RISK_WINDOW_HOURS,
      authorizations: total,
      declines,
      declineRateBp: Math.floor((declines * 10_000) / total),
      cardsFrozen: active.length,
    };
    if (active.length > 0) {
      await tx
        .update(cards)
        .set({ status: 'frozen', frozenBy: 'risk', updatedAt: now })
        .where(
          inArray(
            cards.id,
            active.map((card) => card.id),
          ),
        );
      await recordCardEvents(
        tx,
        active.map((card) => ({
          cardId: card.id,
          accountId,
          action: 'risk_freeze' as const,
          actor: 'risk',
          ip: null,
          detail: { ...detail },
          at: now,
        })),
      );
    }
    const riskEventId = newId();
    await tx
      .insert(riskEvents)
      .values({ id: riskEventId, accountId, kind: RISK_KIND, detail: { ...detail }, createdAt: now });
    await tx.insert(operationLogs).values({
      id: newId(),
      accountId,
      subAccountId: null,
      action: 'risk.freeze' satisfies JobLogAction,
      result: 'success',
      code: 200,
      ip: 'system',
      device: 'decline-rate rule',
      createdAt: now,
    });
    return { freeze: { riskEventId, detail }, issuerRefs: active.map((card) => card.issuerRef) };
  });
  if (!frozen) return null;
  ctx.log.warn('decline-rate rule froze the cards of an account', { accountId, ...frozen.freeze.detail });
  for (const issuerRef of frozen.issuerRefs) {
    await ctx.issuer.setCardState(issuerRef, 'frozen').catch((error: unknown) => {
      ctx.log.error('issuer did not take a risk freeze', { issuerRef, error: String(error) });
    });
  }
  return frozen.freeze;
}
