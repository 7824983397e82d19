/**
 * What each card status allows (spec §4 "Card status: active, frozen, deleted"). One table decides
 * every per-card action, so the refusals are the same wherever a card is touched:
 *
 * | status               | recharge | withdraw | freeze | activate | delete | edit | reveal |
 * | -------------------- | -------- | -------- | ------ | -------- | ------ | ---- | ------ |
 * | active               | yes      | yes      | yes    | 409      | yes    | yes  | yes    |
 * | frozen (customer)    | 422      | yes      | 409    | yes      | yes    | yes  | yes    |
 * | frozen (risk rule)   | 422      | yes      | 409    | 422      | yes    | yes  | yes    |
 * | deleted              | 422      | 422      | 422    | 422      | 422    | 422  | 422    |
 *
 * A frozen card keeps its money: the customer may take it back (withdraw, delete) but not add to
 * it. A card frozen by the decline-rate rule is activated by customer service only.
 */
import type { AppError } from '../../../lib/errors';
import { fail } from '../../../lib/errors';
import type { CardRow } from '../card-access';

export type CardAct = 'recharge' | 'withdraw' | 'freeze' | 'activate' | 'delete' | 'edit' | 'reveal';

/** Throws the refusal for `act` on this card, or returns when the card allows it. */
export function checkCardAllows(card: Pick<CardRow, 'status' | 'frozenBy' | 'serial'>, act: CardAct): void {
  const refusal = refusalFor(card, act);
  if (refusal) throw refusal;
}

export function refusalFor(
  card: Pick<CardRow, 'status' | 'frozenBy' | 'serial'>,
  act: CardAct,
): AppError | null {
  const params = { serial: card.serial };
  if (card.status === 'deleted') return fail.rule('server:cards.state.deleted', params);
  if (card.status === 'frozen') {
    if (act === 'recharge') return fail.rule('server:cards.state.frozenNoRecharge', params);
    if (act === 'freeze') return fail.conflict('server:cards.state.alreadyFrozen', params);
    if (act === 'activate' && card.frozenBy === 'risk')
      return fail.rule('server:cards.state.riskFrozen', params);
    return null;
  }
  if (act === 'activate') return fail.conflict('server:cards.state.alreadyActive', params);
  return null;
}
