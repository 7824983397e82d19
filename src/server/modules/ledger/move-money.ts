/** A movement that is the whole of its transaction (tests, adjustments): post it and commit. */
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import type { Movement, PostedMovement } from './movement';
import { postMovement } from './post-movement';

export function moveMoney(ctx: AppContext, movement: Movement): Promise<PostedMovement> {
  return inTransaction(ctx.database.db, (tx) => postMovement(tx, ctx, movement));
}
