/**
 * POST /api/card/detail: the full number, expiry and CVV, on request only (issue 5 §3).
 *
 * - When the account has Google Authenticator bound, a fresh code is required: none is 428
 *   `{ need: 'google' }`; a wrong or reused one is refused by the project's TOTP check (lib/totp.ts:
 *   single use per time step, 429 after 5 wrong codes in 15 minutes).
 * - Without Google Authenticator, a `card_reveal` step-up ticket (lib/step-up.ts) is required: none
 *   or a bad one is 428 `{ stepUp: 'card_reveal' }`. A bearer token alone reveals nothing. A ticket
 *   is accepted with Google bound too (a passkey step-up, issue 32 §4).
 * - After a reveal that spent a proof, the session's other reveals need none for 5 minutes (the
 *   reveal window, lib/reveal-window.ts; the answer's `trustedUntil` says until when).
 * - At most REVEALS_PER_HOUR reveals per account in any hour (429 with `retryAfter`): a stolen
 *   session cannot read out every card. The count and the event are written under one
 *   per-account lock, so parallel requests cannot slip past the limit.
 * - Every reveal writes a `reveal` card event (never the number), in the transaction that opens
 *   the sealed secrets.
 * - The answer is `Cache-Control: no-store` (set by the route); the request log has the path only
 *   and the operation log the action only, so the secrets appear in neither.
 */
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { REVEAL_SECONDS } from '@contract/card-rules';
import type { ResponseOf } from '@contract/core';
import type { cardDetail } from '@contract/cards';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { accounts, cardEvents } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Call } from '../../../lib/route';
import { openRevealWindow, revealTrustedUntil, revealWindowSeconds } from '../../../lib/reveal-window';
import { consumeStepUp, requireLiveStepUp, stepUpNeeded } from '../../../lib/step-up';
import { consumeGoogleCode } from '../../../lib/totp';
import type { CardOwner } from '../card-access';
import { actorTag, findOwnCard } from '../card-access';
import { recordCardEvents } from '../card-events';
import { checkCardAllows } from './freeze-states';
import { openCardSecrets } from '../open/store-card';

export const REVEALS_PER_HOUR = 30;
const HOUR_MS = 3600_000;

/** 429 once the account has revealed REVEALS_PER_HOUR cards in the last hour. */
async function refuseOverLimit(db: Executor, accountId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS);
  const recent = and(
    eq(cardEvents.accountId, accountId),
    eq(cardEvents.action, 'reveal'),
    gt(cardEvents.createdAt, since),
  );
  const [counted] = await db.select({ total: count() }).from(cardEvents).where(recent);
  if ((counted?.total ?? 0) < REVEALS_PER_HOUR) return;
  // The wait ends when the oldest reveal that counts leaves the hour.
  const [oldest] = await db
    .select({ at: cardEvents.createdAt })
    .from(cardEvents)
    .where(recent)
    .orderBy(asc(cardEvents.createdAt))
    .limit(1);
  const until = (oldest?.at.getTime() ?? now.getTime()) + HOUR_MS;
  throw fail.rateLimited(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
}

interface RevealProof {
  googleCode?: string | undefined;
  stepUpTicket?: string | undefined;
}

/** How this reveal is allowed: inside the session's reveal window, or by a proof it spends. */
type SecondStep = { kind: 'trusted'; until: Date } | { kind: 'ticket' } | { kind: 'google' };

/**
 * Inside the session's reveal window (lib/reveal-window.ts) nothing is asked. Otherwise a step-up
 * ticket (password, Google code or passkey; checked here, spent in the reveal's transaction so a
 * refused reveal leaves it unspent), or, when Google Authenticator is bound, a Google code.
 */
async function checkSecondStep(
  ctx: AppContext,
  call: Call,
  accountId: string,
  proof: RevealProof,
): Promise<SecondStep> {
  const sessionId = call.principal?.sessionId;
  if (!sessionId) throw new Error('card reveal outside a bearer session');
  const until = await revealTrustedUntil(ctx.database.db, sessionId, ctx.now());
  if (until) return { kind: 'trusted', until };
  if (proof.stepUpTicket) {
    await requireLiveStepUp(ctx.database.db, call, 'card_reveal', proof.stepUpTicket);
    return { kind: 'ticket' };
  }
  const [account] = await ctx.database.db
    .select({ googleSecret: accounts.googleSecret })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account?.googleSecret) throw stepUpNeeded('card_reveal');
  if (!proof.googleCode) throw fail.needStep('server:cards.googleRequired', { need: 'google' });
  await consumeGoogleCode(ctx, accountId, proof.googleCode);
  return { kind: 'google' };
}

export async function revealCard(
  ctx: AppContext,
  owner: CardOwner,
  input: { cardId: string } & RevealProof,
  options: { ip: string; call: Call },
): Promise<ResponseOf<typeof cardDetail>> {
  const card = await findOwnCard(ctx.database.db, owner, input.cardId);
  checkCardAllows(card, 'reveal');
  // Before the Google code: a caller over the limit must not spend a code for nothing.
  await refuseOverLimit(ctx.database.db, owner.accountId, ctx.now());
  const step = await checkSecondStep(ctx, options.call, owner.accountId, input);

  const { secrets, trustedUntil } = await inTransaction(ctx.database.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`card-reveal:${owner.accountId}`}))`);
    if (step.kind === 'ticket') await consumeStepUp(tx, options.call, 'card_reveal', input.stepUpTicket);
    const now = ctx.now();
    await refuseOverLimit(tx, owner.accountId, now);
    // Deleted while the Google code was checked? Then it is no longer shown.
    checkCardAllows(await findOwnCard(tx, owner, card.id), 'reveal');
    const opened = openCardSecrets(ctx, card.secrets);
    await recordCardEvents(tx, [
      {
        cardId: card.id,
        accountId: owner.accountId,
        action: 'reveal',
        actor: actorTag(owner),
        ip: options.ip,
        detail: { last4: card.last4 },
        at: now,
      },
    ]);
    // A spent proof opens the window; reveals inside it leave its end where it was.
    const until =
      step.kind === 'trusted'
        ? step.until
        : await openRevealWindow(
            tx,
            options.call.principal?.sessionId ?? '',
            now,
            revealWindowSeconds(ctx.env),
          );
    return { secrets: opened, trustedUntil: until };
  });
  return {
    cardId: card.id,
    pan: secrets.pan,
    cvv: secrets.cvv,
    expiryMonth: secrets.expiryMonth,
    expiryYear: secrets.expiryYear,
    holderFirstName: card.holderFirstName,
    holderLastName: card.holderLastName,
    street: card.street,
    city: card.city,
    state: card.state,
    postcode: card.postcode,
    country: card.country,
    hideAfterSeconds: REVEAL_SECONDS,
    trustedUntil: trustedUntil.toISOString(),
  };
}
