/**
 * Moves one forecast along the table of forecast-state.ts inside the caller's transaction: the
 * forecast row is locked (`FOR UPDATE`) before its state is read, so of two concurrent transitions
 * the second waits and then sees the first one's result; an illegal move is a 409 that writes
 * nothing; a legal one updates the row and appends its `forecast_events` row together.
 */
import { and, eq } from 'drizzle-orm';
import { Code } from '../../../contract/core';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { forecastEvents, topupForecasts } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { AppError, fail } from '../../lib/errors';
import type { ForecastAction, ForecastActor, Transition } from './forecast-state';
import { transitionOf } from './forecast-state';
import type { ForecastRow } from './forecast-view';

/**
 * The forecast, locked until the transaction ends. `ownerAccountId` limits it to one customer's
 * forecasts; someone else's forecast is the same 404 as an unknown id.
 */
export async function lockForecast(tx: Tx, id: string, ownerAccountId: string | null): Promise<ForecastRow> {
  const [row] = await tx
    .select()
    .from(topupForecasts)
    .where(
      ownerAccountId === null
        ? eq(topupForecasts.id, id)
        : and(eq(topupForecasts.id, id), eq(topupForecasts.accountId, ownerAccountId)),
    )
    .for('update');
  if (!row) throw new AppError(Code.notFound, 'server:forecasts.notFound');
  return row;
}

export interface TransitionInput {
  action: ForecastAction;
  actor: ForecastActor;
  note?: string | null;
  /** Other columns that change with the state (corrected fields, the reject reason, the ledger id). */
  patch?: Partial<Omit<ForecastRow, 'id' | 'accountId' | 'status' | 'createdAt'>>;
}

/** The move `action` makes from the row's state; 409 (naming the state) when the table has none. */
export function requireTransition(row: ForecastRow, action: ForecastAction): Transition {
  const transition = transitionOf(row.status, action);
  if (!transition) throw fail.conflict(`server:forecasts.illegal.${row.status}`);
  return transition;
}

export async function applyTransition(
  tx: Tx,
  ctx: AppContext,
  row: ForecastRow,
  input: TransitionInput,
): Promise<ForecastRow> {
  const transition = requireTransition(row, input.action);
  // Each endpoint acts as one party; a mismatch is a wiring bug, not a customer error.
  if (transition.actor !== input.actor) throw new Error(`${input.actor} may not ${input.action} a forecast`);
  const now = ctx.now();
  const [updated] = await tx
    .update(topupForecasts)
    .set({ ...input.patch, status: transition.to, updatedAt: now })
    .where(and(eq(topupForecasts.id, row.id), eq(topupForecasts.status, row.status)))
    .returning();
  // The row is locked, so its status cannot have moved since it was read.
  if (!updated) throw new Error(`forecast ${row.id} changed under its lock`);
  await tx.insert(forecastEvents).values({
    id: newId(),
    forecastId: row.id,
    fromStatus: row.status,
    toStatus: transition.to,
    actor: input.actor,
    note: input.note ?? null,
    createdAt: now,
  });
  return updated;
}
