/**
 * POST /api/account/recharge/qrCreate: a top-up order with the channel's checkout (QR payload,
 * app link, USDT address) and its expiry. Bank-card orders also spend the e-mail code of
 * recharge/getCode and keep only the card's last four digits: the number itself is never stored.
 * The same Idempotency-Key returns the same order (unique per account), whatever happens between.
 * The unverified account's top-up ceiling is checked in the transaction that writes the order,
 * under the account's lock, so concurrent orders cannot pass it together.
 */
import { and, eq } from 'drizzle-orm';
import { Code } from '@contract/core';
import type { TopupOrder } from '@contract/finance';
import type { TopupChannel } from '@contract/topup-rules';
import { CHANNEL_RULES } from '@contract/topup-rules';
import type { AppContext } from '../../../context';
import { inTransaction, isUniqueViolation } from '../../../db/client';
import { accounts, topupOrders } from '../../../db/schema';
import { AppError, fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { translate } from '../../../lib/i18n';
import { consumeMailCode } from '../../../lib/mail-codes';
import { isLuhnValid } from '../../../lib/luhn';
import { requireTopupAllowed } from '../../identity/identity-level';
import { newOrderNumber } from './order-number';
import type { OrderRow } from '../order-rows';
import { orderView } from './order-view';
import { quoteTopup } from '../quotes/quote-topup';

export interface NewOrder {
  accountId: string;
  channel: TopupChannel;
  amount: number;
  code?: string | undefined;
  cardNo?: string | undefined;
  idempotencyKey: string | null;
}

/** An order number or a USDT address that collides is simply made again. */
const CREATE_ATTEMPTS = 3;

function fieldError(lang: Lang, field: string, key: string): AppError {
  const label = translate(lang, `server:fields.${field}`);
  return new AppError(Code.badRequest, key, { fields: [field] }, { field: label });
}

async function orderByKey(ctx: AppContext, accountId: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await ctx.database.db
    .select()
    .from(topupOrders)
    .where(and(eq(topupOrders.accountId, accountId), eq(topupOrders.idempotencyKey, key)));
  return row;
}

/** The first answer for a retried key; the key reused for another order is a conflict. */
function sameOrder(earlier: OrderRow, input: NewOrder): TopupOrder {
  const cardLast4 = input.channel === 'bank_card' ? (input.cardNo?.slice(-4) ?? null) : null;
  if (earlier.channel !== input.channel || earlier.amount !== input.amount || earlier.cardLast4 !== cardLast4)
    throw fail.conflict('server:idempotency.keyReused');
  return orderView(earlier);
}

export async function createOrder(ctx: AppContext, input: NewOrder, lang: Lang): Promise<TopupOrder> {
  const quote = quoteTopup(input.channel, input.amount);
  const [account] = await ctx.database.db
    .select({ email: accounts.email, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, input.accountId));
  if (!account || account.status !== 'active') throw fail.forbidden('server:errors.accountInactive');

  const key = input.idempotencyKey;
  const earlier = key ? await orderByKey(ctx, input.accountId, key) : undefined;
  if (earlier) return sameOrder(earlier, input);
  // Before the bank-card code is spent: a refusal here leaves the code usable. The binding check is
  // the one in the transaction that writes the order, below.
  await requireTopupAllowed(ctx.database.db, input.accountId, quote.currency, quote.amount, ctx.now());

  let cardLast4: string | null = null;
  if (input.channel === 'bank_card') {
    if (!input.cardNo) throw fieldError(lang, 'cardNo', 'common:validation.required');
    if (!isLuhnValid(input.cardNo)) throw fieldError(lang, 'cardNo', 'common:validation.cardNo');
    if (!input.code) throw fieldError(lang, 'code', 'common:validation.required');
    // Checked last, so a mistyped card number does not spend the code.
    await consumeMailCode(ctx, account.email, 'recharge', input.code);
    cardLast4 = input.cardNo.slice(-4);
  }

  const rule = CHANNEL_RULES[input.channel];
  for (let attempt = 1; ; attempt++) {
    const now = ctx.now();
    const orderId = newOrderNumber(now);
    const expiresAt = new Date(now.getTime() + rule.payWithinSeconds * 1000);
    const checkout = await ctx.payments.createCheckout({
      orderId,
      channel: input.channel,
      amount: quote.amount,
      currency: quote.currency,
      expiresAt,
    });
    try {
      const row = await inTransaction(ctx.database.db, async (tx) => {
        // Under the account's lock: two orders racing each count the other (identity-level.ts).
        await requireTopupAllowed(tx, input.accountId, quote.currency, quote.amount, now);
        const [inserted] = await tx
          .insert(topupOrders)
          .values({
            id: orderId,
            accountId: input.accountId,
            channel: input.channel,
            currency: quote.currency,
            amount: quote.amount,
            fee: quote.fee,
            status: 'pending',
            payload: checkout.payload,
            deepLink: checkout.deepLink,
            address: checkout.address,
            cardLast4,
            expiresAt,
            idempotencyKey: key,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return inserted!;
      });
      return orderView(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent retry with the same key won the insert: answer its order.
      const winner = key ? await orderByKey(ctx, input.accountId, key) : undefined;
      if (winner) return sameOrder(winner, input);
      if (attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
}
