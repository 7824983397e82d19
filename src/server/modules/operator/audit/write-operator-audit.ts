/**
 * The audit writer (issue 31 §3): one row per operator action — who, what, when, before, after and
 * why — written with the transaction of the action itself, so an action without its entry (or an
 * entry without its action) cannot be committed. The table refuses UPDATE, DELETE and TRUNCATE
 * (trigger of migration 0031); nothing in the product offers to change it.
 *
 *     await inTransaction(db, async (tx) => {
 *       ...the change...
 *       await writeOperatorAudit(tx, ctx, { actor, action: 'notices.publish', target: { kind: 'notice', id },
 *                                           before, after, reason });
 *     });
 */
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { operatorAudit } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import type { OperatorActor } from '../operator-session';

/** Who acted: a signed-in operator, or the command line (`npm run operator`, the demo seed). */
export type AuditActor = OperatorActor | { cli: string };

export interface AuditEntryInput {
  actor: AuditActor;
  /** What was done: the permission area and the verb, e.g. `forecasts.approve`, `operators.add`. */
  action: string;
  target?: { kind: string; id: string } | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export async function writeOperatorAudit(
  tx: Executor,
  ctx: AppContext,
  entry: AuditEntryInput,
): Promise<void> {
  const actor = entry.actor;
  const cli = 'cli' in actor;
  await tx.insert(operatorAudit).values({
    id: newId(),
    at: ctx.now(),
    operatorId: cli ? null : actor.operatorId,
    operatorEmail: cli ? null : actor.email,
    role: cli ? null : actor.role,
    action: entry.action,
    targetKind: entry.target?.kind ?? null,
    targetId: entry.target?.id ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: cli ? 'cli' : actor.ip,
    device: cli ? actor.cli : actor.device,
  });
}
