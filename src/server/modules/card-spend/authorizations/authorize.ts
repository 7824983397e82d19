/**
 * An `authorization` event, decided in ONE transaction:
 *
 * 1. the issuer's authorization id is serialised (advisory lock); seen before → `duplicate` with the
 *    first decision (the issuer retries when our answer is lost), or `id_reused` if the same id now
 *    names another card, amount or currency;
 * 2. the card is row-locked, so its status and balance cannot change under the decision;
 * 3. decided (decide-authorization.ts), with the card's own spending rules and its day, month and
 *    lifetime counters (spending/spend-counters.ts, read in one statement), a member's card also
 *    against the member's monthly USD spend limit, under the member's spend lock
 *    (sub-accounts/monthly-limit.ts);
 * 4. when all that approves and the card is in a group, the group's month is claimed by one
 *    conditional upsert that refuses past the group's budget (`group_budget`);
 * 5. approved: the row is `pending` (with the day and group it was counted in), the amount moves off
 *    the card into the network funding account (ledger key `card_auth:<issuer id>`) and is added to
 *    the card's counters; declined: the row is `declined` with its reason and no money moves.
 *
 * The decline-rate rule runs after the commit, in its own transaction (risk-rule.ts), so the answer
 * the merchant waits for never waits for it.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import type { DeclineReason } from '@contract/card-rules';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { cardAuthorizations, cardSegments, ledgerAccounts } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import type { CardRow } from '../../cards/card-access';
import { openCardSecrets } from '../../cards/open/store-card';
import { memberSpendLeft } from '../../sub-accounts/monthly-limit';
import { periodsAt } from '../../spending/periods';
import { claimGroupMonth, holdOnCard, readSpendFacts } from '../../spending/spend-counters';
import type { Actor } from '../../ledger';
import { postMovement } from '../../ledger';
import type { AuthorizationRow } from './authorization-rows';
import { findByIssuerId, holdKey, lockCardByRef, lockIssuerId } from './authorization-rows';
import { declineReasonFor, isExpired, storedReason } from './decide-authorization';
import type { IssuerEventResult } from '../event-outcomes';
import { outcome } from '../event-outcomes';
import type { AuthorizationEvent } from '../issuer-event';
import { networkFunding, VELOCITY_WINDOW_SECONDS } from '../spend-rules';

export interface AuthorizationAnswer {
  result: IssuerEventResult;
  /** The account whose decline rate this new decision changed (null: nothing was decided). */
  decidedFor: string | null;
}

export function authorize(
  ctx: AppContext,
  event: AuthorizationEvent,
  actor: Actor,
): Promise<AuthorizationAnswer> {
  return inTransaction(ctx.database.db, async (tx) => {
    await lockIssuerId(tx, event.authorizationId);
    const card = await lockCardByRef(tx, event.cardRef);
    if (!card) return { result: outcome('unknown_card'), decidedFor: null };
    const seen = await findByIssuerId(tx, event.authorizationId);
    if (seen) return { result: repeated(seen, card, event), decidedFor: null };
    return { result: await decide(tx, ctx, card, event, actor), decidedFor: card.accountId };
  });
}

function repeated(seen: AuthorizationRow, card: CardRow, event: AuthorizationEvent): IssuerEventResult {
  const same = seen.cardId === card.id && seen.amount === event.amount && seen.currency === event.currency;
  if (!same) return outcome('id_reused');
  return outcome('duplicate', {
    status: seen.status,
    approved: seen.status !== 'declined',
    declineReason: storedReason(seen.declineReason),
  });
}

async function decide(
  tx: Tx,
  ctx: AppContext,
  card: CardRow,
  event: AuthorizationEvent,
  actor: Actor,
): Promise<IssuerEventResult> {
  const now = ctx.now();
  const [segment] = await tx
    .select({ status: cardSegments.status })
    .from(cardSegments)
    .where(eq(cardSegments.id, card.segmentId));
  const [account] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, card.ledgerAccountId));
  const [recent] = await tx
    .select({ n: count() })
    .from(cardAuthorizations)
    .where(
      and(
        eq(cardAuthorizations.cardId, card.id),
        gt(cardAuthorizations.createdAt, new Date(now.getTime() - VELOCITY_WINDOW_SECONDS * 1000)),
      ),
    );
  const periods = periodsAt(now);
  const spend = await readSpendFacts(tx, card, periods);
  let reason: DeclineReason | null = declineReasonFor(
    {
      cardStatus: card.status,
      // Only the expiry is read from the sealed secrets; nothing else of them leaves this line.
      expired: isExpired(openCardSecrets(ctx, card.secrets), now),
      segmentStatus: segment?.status ?? 'maintenance',
      cardCurrency: card.currency,
      balance: account?.balance ?? 0,
      recentAuthorizations: recent?.n ?? 0,
      memberSpendLeft: await memberSpendLeft(tx, ctx, card),
      spendRules: spend.rules,
      usage: spend.usage,
      now,
    },
    event,
  );
  if (
    !reason &&
    spend.groupId &&
    !(await claimGroupMonth(tx, spend.groupId, periods, event.amount, spend.budget))
  )
    reason = 'group_budget';
  const id = newId();
  await tx.insert(cardAuthorizations).values({
    id,
    issuerAuthId: event.authorizationId,
    cardId: card.id,
    accountId: card.accountId,
    subAccountId: card.subAccountId,
    status: reason ? 'declined' : 'pending',
    currency: event.currency,
    amount: event.amount,
    merchantName: event.merchant.name,
    merchantCategory: event.merchant.category,
    merchantCountry: event.merchant.country,
    declineReason: reason,
    spendDay: reason ? null : periods.day,
    budgetGroupId: reason ? null : spend.groupId,
    originalAmount: event.original?.amount ?? null,
    originalCurrency: event.original?.currency ?? null,
    createdAt: now,
    updatedAt: now,
  });
  if (reason) return outcome('declined', { status: 'declined', approved: false, declineReason: reason });

  await postMovement(tx, ctx, {
    key: holdKey(event.authorizationId),
    kind: 'card_spend',
    accountId: card.accountId,
    reference: id,
    legs: [
      {
        account: { card: { cardId: card.id, currency: card.currency } },
        amount: -event.amount,
        type: 'spend',
        description: event.merchant.name,
        cardSerial: card.serial,
        label: card.label,
      },
      { account: networkFunding(card.currency), amount: event.amount, type: 'spend' },
    ],
    actor: { ...actor, subAccountId: card.subAccountId },
  });
  await holdOnCard(tx, card.id, periods, event.amount);
  return outcome('approved', { status: 'pending', approved: true, declineReason: null });
}
