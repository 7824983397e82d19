/**
 * Opening cards: the one operation behind `newCard`, `batchOpenCard` and `importData` (issue 5 §2).
 *
 * 1. Every rule is checked before the issuer hears of anything: each segment exists and is open,
 *    each first load is at least the minimum and within the service threshold, the plan's monthly
 *    allowance covers all the cards, the coupon is usable, the wallet can pay.
 * 2. The price: one per group of cards with the same segment and first load (a single or batch
 *    opening is one group; an import may hold several), the coupon's uses spread over the groups in
 *    order. With `expectTotal` the customer's quote must still hold (409 otherwise).
 * 3. Every opening gets its `card_batches` row, the planned-card record: the card ids (= the
 *    issuer's request ids) committed before the issuer hears of them, so a crash before step 4
 *    leaves a record the settlement job, or a retry of a single opening, finds (issue 29 §7). The
 *    cards are issued outside any transaction (in production each is a slow call to the issuer);
 *    a batch's row shows its progress meanwhile.
 * 4. One transaction re-checks what may have changed while the cards were issued (price, coupon,
 *    segment state, monthly allowance), stores the cards, charges the wallet in one ledger movement,
 *    spends the coupon and marks the batch done. If anything fails, the transaction rolls back, the
 *    issued cards are cancelled at the issuer and the batch is marked failed: all or nothing.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import type { DebitCurrency, HolderFields } from '@contract/cards';
import type { CardSpendRules } from '@contract/spending';
import { assertWithinMonthlyLimit } from '../../sub-accounts/monthly-limit';
import type { AppContext } from '../../../context';
import type { Executor, Tx } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import { fail } from '../../../lib/errors';
import { applyPlacement, checkPlacement } from '../../card-groups/open-placement';
import type { Placement } from '../../card-groups/open-placement';
import { postMovement } from '../../ledger';
import { cardLedgerAccountId } from '../../ledger/movement';
import { failBatch, finishBatch, reportProgress, startBatch, type BatchRun } from '../batch/batch-rows';
import type { CardOwner } from '../card-access';
import { checkBalance, checkMonthlyLimit, checkOpening } from './open-checks';
import type { IssuedOne, IssueOrder } from './open-issue';
import { cancelIssued, issueCards } from './open-issue';
import { adoptAbandonedPlan, settleAbandonedBatches } from '../batch/settle-batches';
import { mergeLegs, openingDescription } from './open-legs';
import type { CouponRow, FeeSchedule, Price, SegmentRow } from './pricing';
import {
  chargeLegs,
  debitTotalOf,
  findOwnCoupon,
  priceCards,
  quotedTotal,
  spendCoupon,
  usableCoupon,
} from './pricing';
import { newCardId, storeIssuedCards } from './store-card';
import { applyCardRules } from '../../spending/set-card-rules';

export interface CardOrder {
  holder: HolderFields;
  label: string | null;
  /** Spending rules the card gets when it is stored (issue 33 §3: an import row's rule columns). */
  spendRules?: CardSpendRules | undefined;
}

/** Cards with the same segment and first load. */
export interface GroupOrder {
  segmentId: string;
  /** Minor units of the segment's currency. */
  amountPerCard: number;
  cards: readonly CardOrder[];
}

export interface OpenRequest {
  owner: CardOwner;
  groups: readonly GroupOrder[];
  couponId?: string | undefined;
  debitCurrency: DebitCurrency;
  /** The total the customer was quoted; null: charge the computed price (an import sent without one). */
  expectTotal: number | null;
  /** The request's Idempotency-Key: it names the ledger movement, and the batch. */
  key: string | null;
  /** A batch: its `card_batches` row (progress, then result) is read under the key with `batchCard`. */
  batch: boolean;
  actor: { ip: string; device: string };
  /** The card group and tags the new cards get (card-groups/open-placement.ts). */
  placement?: Placement | undefined;
  /** Spending rules every new card gets, unless its order carries its own (issue 33 §3). */
  spendRules?: CardSpendRules | undefined;
}

export interface OpenResult {
  /** In the order of the request's cards. */
  cardIds: string[];
  txnNo: string;
  batchId: string | null;
  /** The opening had already committed under this key; nothing happened this time. */
  replayed: boolean;
}

export interface PreparedGroup extends GroupOrder {
  segment: SegmentRow;
  schedule: FeeSchedule;
}

interface PlannedCard {
  cardId: string;
  groupIndex: number;
  order: CardOrder;
}

/** The planned-card record of a single opening: per account, apart from the batch ids (the keys). */
export function singleRunId(accountId: string, key: string): string {
  return `single:${accountId}:${key}`;
}

export function openingLedgerKey(accountId: string, key: string): string {
  return `cards:open:${accountId}:${key}`;
}

export async function openCards(ctx: AppContext, request: OpenRequest): Promise<OpenResult> {
  const db = ctx.database.db;
  const { owner, debitCurrency } = request;
  const accountId = owner.accountId;
  const key = request.key ?? newId();
  const ledgerKey = openingLedgerKey(accountId, key);
  const batchId = request.batch ? key : null;

  // A retry of an opening that committed (its answer lost on the way) gets that opening back,
  // whatever changed since — the monthly allowance it used up included.
  const prior = await priorOpening(db, ledgerKey);
  if (prior) return { ...prior, batchId, replayed: true };

  // 1. Every rule, before the issuer hears of anything.
  const startedAt = ctx.now();
  const count = request.groups.reduce((sum, group) => sum + group.cards.length, 0);
  const groups = await prepareGroups(db, accountId, request.groups, startedAt);
  await checkMonthlyLimit(db, accountId, count, startedAt);
  const coupon = await usableCoupon(db, accountId, request.couponId, startedAt, true);
  if (request.placement) await checkPlacement(db, owner, request.placement);

  // 2. The price, and the customer's quote.
  const prices = priceGroups(groups, coupon);
  const totals = prices.map((price) => debitTotalOf(ctx, price, debitCurrency)?.total);
  if (totals.some((total) => total === undefined))
    throw fail.badRequest('server:cards.debitAccountNotUsable');
  const total = (totals as number[]).reduce((sum, t) => sum + t, 0);
  if (request.expectTotal !== null) {
    if (prices.length === 1) quotedTotal(ctx, prices[0]!, debitCurrency, request.expectTotal);
    else if (total !== request.expectTotal) throw fail.conflict('server:cards.costChanged');
  }
  await checkBalance(db, accountId, debitCurrency, total);

  // 3. The planned-card record, then the cards from the issuer.
  let planned: PlannedCard[] = groups.flatMap((group, groupIndex) =>
    group.cards.map((order) => ({ cardId: newCardId(), groupIndex, order })),
  );
  let run: BatchRun = {
    id: batchId ?? singleRunId(accountId, key),
    kind: batchId ? 'batch' : 'single',
    attempt: newId(),
    cardIds: planned.map((card) => card.cardId),
  };
  const adopted = await startRun(ctx, {
    ...run,
    accountId,
    subAccountId: request.owner.subAccountId,
    now: startedAt,
  });
  if (adopted) {
    planned = planned.map((card, index) => ({ ...card, cardId: adopted[index]! }));
    run = { ...run, cardIds: adopted };
  }
  const orders: IssueOrder[] = planned.map((card) => {
    const { segment } = groups[card.groupIndex]!;
    return {
      cardId: card.cardId,
      request: {
        requestId: card.cardId,
        bin: segment.bin,
        network: segment.network,
        currency: segment.currency,
        holderName: `${card.order.holder.holderFirstName} ${card.order.holder.holderLastName}`,
      },
    };
  });
  let issued: IssuedOne[] = [];
  try {
    issued = await issueCards(ctx, orders, (n) => reportProgress(db, run, n, ctx.now()));
    // 4. One transaction: all the cards and their payment, or nothing.
    return await inTransaction(db, (tx) =>
      commitOpening(tx, ctx, {
        request,
        groups,
        prices,
        totals: totals as number[],
        planned,
        issued,
        ledgerKey,
        run,
        batchId,
        pricedAt: startedAt,
      }),
    );
  } catch (error) {
    // The issued cards are cancelled only while the record is still this attempt's: once the
    // settlement job (it cancels them itself) or a retry that adopted the plan (it records the same
    // cards) took it over, they are not ours to cancel.
    const stillOurs = await failBatch(db, run, error, ctx.now()).catch((failure: unknown) => {
      ctx.log.error('could not mark a card opening failed', { runId: run.id, error: String(failure) });
      return true;
    });
    if (stillOurs) await cancelIssued(ctx, issued);
    throw error;
  }
}

/**
 * Commits the planned-card record for this attempt. An abandoned earlier attempt of the key (its
 * process died) is, for a batch, settled first (its cards cancelled, the batch failed) and started
 * anew; for a single opening, adopted: its planned card ids are returned, so the issuer answers the
 * card it already made and no second card is issued.
 */
async function startRun(
  ctx: AppContext,
  run: BatchRun & { accountId: string; subAccountId: string | null; now: Date },
): Promise<readonly string[] | null> {
  const start = { ...run, abandonedAfterMs: ctx.env.ABANDONED_CLAIM_MS };
  if ((await startBatch(ctx.database.db, start)) === 'started') return null;
  if (run.kind === 'single') {
    const plan = await adoptAbandonedPlan(ctx, run.id, run.attempt);
    if (!plan) throw fail.conflict('server:idempotency.inProgress');
    if (plan.length !== run.cardIds.length) throw new Error(`planned-card record ${run.id} does not fit`);
    return plan;
  }
  await settleAbandonedBatches(ctx, run.id);
  if ((await startBatch(ctx.database.db, start)) === 'abandoned')
    throw fail.conflict('server:idempotency.inProgress');
  return null;
}

async function commitOpening(
  tx: Tx,
  ctx: AppContext,
  opening: {
    request: OpenRequest;
    groups: PreparedGroup[];
    prices: Price[];
    totals: number[];
    planned: PlannedCard[];
    issued: IssuedOne[];
    ledgerKey: string;
    run: BatchRun;
    batchId: string | null;
    /** When the opening was priced: the re-check prices it for that moment again. */
    pricedAt: Date;
  },
): Promise<OpenResult> {
  const { request, groups, prices, totals, planned, ledgerKey, run, batchId } = opening;
  const { owner, debitCurrency } = request;
  const accountId = owner.accountId;
  const now = ctx.now();
  // Openings of one account commit one at a time, so two of them cannot both fit the last of the
  // monthly allowance.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cards:open:${accountId}`}, 0))`);
  // First, the planned-card record: an attempt that lost it (settled, or adopted by a retry that
  // records these very cards) stops here with a 409, before it touches the cards.
  await finishBatch(tx, run, now);

  // What may have changed while the cards were issued: the segments (state), the coupon (spent or
  // expired meanwhile). A different price is a 409: the customer quotes again. Fees are those in
  // force when the opening was priced: a fee version taking effect meanwhile leaves its price alone.
  const fresh = await prepareGroups(tx, accountId, request.groups, opening.pricedAt);
  const freshCoupon = await couponIfStillUsable(tx, accountId, request.couponId, now);
  if (JSON.stringify(priceGroups(fresh, freshCoupon)) !== JSON.stringify(prices))
    throw fail.conflict('server:cards.costChanged');
  await checkMonthlyLimit(tx, accountId, planned.length, now);
  await assertWithinMonthlyLimit(
    tx,
    ctx,
    owner,
    debitCurrency,
    totals.reduce((sum, one) => sum + one, 0),
  );

  const issuedById = new Map(opening.issued.map((one) => [one.cardId, one.issued]));
  const rows = await storeIssuedCards(tx, ctx, {
    owner,
    cards: planned.map((card) => {
      const { segment } = groups[card.groupIndex]!;
      const issued = issuedById.get(card.cardId);
      if (!issued) throw new Error(`card ${card.cardId} was not issued`);
      return {
        id: card.cardId,
        issued,
        segmentId: segment.id,
        currency: segment.currency,
        holder: card.order.holder,
        label: card.order.label,
      };
    }),
    batchId,
    ip: request.actor.ip,
    now,
  });
  const rowById = new Map(rows.map((row) => [row.id, row]));
  const description = openingDescription(
    groups.map((group) => group.segment.id),
    planned.length,
  );
  const legs = mergeLegs(
    groups.flatMap((_group, groupIndex) =>
      chargeLegs({
        accountId,
        price: prices[groupIndex]!,
        debitCurrency,
        total: totals[groupIndex]!,
        kind: 'card_open',
        cards: planned
          .filter((card) => card.groupIndex === groupIndex)
          .map((card) => {
            const row = rowById.get(card.cardId)!;
            return { cardId: row.id, serial: row.serial, label: row.label };
          }),
        description,
      }),
    ),
  );
  const posted = await postMovement(tx, ctx, {
    key: ledgerKey,
    kind: 'card_open',
    accountId,
    reference: batchId ?? planned[0]?.cardId ?? null,
    legs,
    actor: { ...request.actor, subAccountId: owner.subAccountId },
  });
  for (const price of prices) await spendCoupon(tx, price);
  if (request.placement)
    await applyPlacement(
      tx,
      owner,
      request.placement,
      rows.map((row) => row.id),
      now,
    );
  // Spending rules the new cards get (issue 33 §3): a row's own (an import's rule columns) or the opening's.
  for (const card of planned) {
    const rules = card.order.spendRules ?? request.spendRules;
    const row = rowById.get(card.cardId);
    if (rules && row) await applyCardRules(tx, ctx, [row], rules);
  }
  return {
    cardIds: planned.map((card) => card.cardId),
    txnNo: posted.transactionId,
    batchId,
    replayed: false,
  };
}

export async function prepareGroups(
  db: Executor,
  accountId: string,
  groups: readonly GroupOrder[],
  at: Date,
): Promise<PreparedGroup[]> {
  const prepared: PreparedGroup[] = [];
  for (const group of groups) {
    if (group.cards.length === 0) throw new Error('an opening group without cards');
    const { segment, schedule } = await checkOpening(db, accountId, group.segmentId, group.amountPerCard, at);
    prepared.push({ ...group, segment, schedule });
  }
  return prepared;
}

/** One price per group; the coupon's uses go to the groups in order until they run out. */
export function priceGroups(groups: readonly PreparedGroup[], coupon: CouponRow | null): Price[] {
  let usesLeft = coupon?.availableTimes ?? 0;
  return groups.map((group) => {
    const price = priceCards({
      schedule: group.schedule,
      count: group.cards.length,
      amountPerCard: group.amountPerCard,
      opening: true,
      coupon: coupon && usesLeft > 0 ? { ...coupon, availableTimes: usesLeft } : null,
    });
    usesLeft -= price.couponUses;
    return price;
  });
}

/** The coupon as it is now, or null when it can no longer be used (the price then differs: 409). */
async function couponIfStillUsable(
  tx: Tx,
  accountId: string,
  couponId: string | undefined,
  now: Date,
): Promise<CouponRow | null> {
  if (!couponId) return null;
  const coupon = await findOwnCoupon(tx, accountId, couponId);
  return coupon && coupon.expiresAt > now && coupon.availableTimes > 0 ? coupon : null;
}

/** The opening committed under this ledger key before, with its cards. */
async function priorOpening(
  db: Executor,
  ledgerKey: string,
): Promise<{ cardIds: string[]; txnNo: string } | null> {
  const [txn] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, ledgerKey))
    .limit(1);
  if (!txn) return null;
  const entries = await db
    .select({ ledgerAccountId: ledgerEntries.ledgerAccountId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transactionId, txn.id), like(ledgerEntries.ledgerAccountId, 'card:%')))
    .orderBy(ledgerEntries.id);
  const prefix = cardLedgerAccountId('');
  return { cardIds: entries.map((e) => e.ledgerAccountId.slice(prefix.length)), txnNo: txn.id };
}
