/**
 * Asking the issuer for cards, outside any database transaction: in production every card is a
 * call to an outside system, and a transaction held open across 500 of them would hold its locks
 * for the whole time. A few calls run at once; progress is reported every PROGRESS_EVERY cards.
 *
 * If any call fails, the cards already issued are cancelled at the issuer before the error goes
 * on, so an opening that does not complete leaves no live card behind.
 */
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import type { IssuedCard, IssueRequest } from '../../../providers/issuer';

/** Issuer calls in flight at once. */
const ISSUE_CONCURRENCY = 5;
/** `card_batches.issued` is written this often (a multiple of ISSUE_CONCURRENCY). */
export const PROGRESS_EVERY = 25;

export interface IssueOrder {
  /** Ours: the card id, also the issuer's request id (a repeated request answers the same card). */
  cardId: string;
  request: IssueRequest;
}

export interface IssuedOne {
  cardId: string;
  issued: IssuedCard;
}

export async function issueCards(
  ctx: AppContext,
  orders: readonly IssueOrder[],
  onProgress: (issued: number) => Promise<void>,
): Promise<IssuedOne[]> {
  const done: IssuedOne[] = [];
  let reported = 0;
  try {
    for (let start = 0; start < orders.length; start += ISSUE_CONCURRENCY) {
      const slice = orders.slice(start, start + ISSUE_CONCURRENCY);
      const results = await Promise.allSettled(slice.map((order) => ctx.issuer.issueCard(order.request)));
      let failed: PromiseRejectedResult | undefined;
      for (const [index, result] of results.entries()) {
        if (result.status === 'fulfilled') done.push({ cardId: slice[index]!.cardId, issued: result.value });
        else failed ??= result;
      }
      if (failed) throw issuerFailure(ctx, failed.reason, done.length);
      if (done.length - reported >= PROGRESS_EVERY) {
        reported = done.length;
        await onProgress(done.length);
      }
    }
  } catch (error) {
    await cancelIssued(ctx, done);
    throw error;
  }
  return done;
}

function issuerFailure(ctx: AppContext, reason: unknown, issuedSoFar: number): AppError {
  // The issuer's own words go to the log only (they are not written for customers).
  ctx.log.error('card issuer refused or failed', { issuedSoFar, error: String(reason) });
  return new AppError(503, 'server:cardOpen.issuerUnavailable');
}

/** Cancel issued cards whose opening did not commit. A card that cannot be cancelled is logged for reconciliation. */
export async function cancelIssued(ctx: AppContext, issued: readonly IssuedOne[]): Promise<void> {
  for (let start = 0; start < issued.length; start += ISSUE_CONCURRENCY) {
    const slice = issued.slice(start, start + ISSUE_CONCURRENCY);
    const results = await Promise.allSettled(slice.map((one) => ctx.issuer.cancelCard(one.issued.issuerRef)));
    results.forEach((result, index) => {
      if (result.status === 'rejected')
        ctx.log.error('issued card could not be cancelled; reconcile with the issuer', {
          issuerRef: slice[index]!.issued.issuerRef,
          error: String(result.reason),
        });
    });
  }
}
