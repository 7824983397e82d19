/**
 * Adds an operator account (pending) and its one-time set-up link: the command line
 * (`npm run operator -- add EMAIL ROLE`) and the console's operator management both call this.
 * The link's token is random, stored as its hash, spent once, and lives 72 hours; the link is the
 * console's `#/setup/<token>` page. The authenticator secret is made now, sealed, and shown only
 * on that page until the link is spent.
 */
import { eq } from 'drizzle-orm';
import type { OperatorRole, OperatorView } from '../../../../contract/operator';
import type { AppContext } from '../../../context';
import { inTransaction, isUniqueViolation } from '../../../db/client';
import { operators, operatorSetupLinks } from '../../../db/schema';
import { newId, newToken, sha256 } from '../../../lib/crypto';
import { fail } from '../../../lib/errors';
import { newGoogleSecret } from '../../../lib/totp';
import type { AuditActor } from '../audit/write-operator-audit';
import { writeOperatorAudit } from '../audit/write-operator-audit';
import { operatorViewOf } from './operator-view';

export const SETUP_LINK_MS = 72 * 3600_000;

export const setupPathOf = (token: string) => `/console#/setup/${token}`;

export interface CreatedOperator {
  operator: OperatorView;
  setupPath: string;
  /** The token itself; only the caller ever sees it. */
  token: string;
  expiresAt: Date;
}

export async function createOperator(
  ctx: AppContext,
  input: { email: string; role: OperatorRole },
  actor: AuditActor,
  options: { totpSecret?: string } = {},
): Promise<CreatedOperator> {
  const email = input.email.trim().toLowerCase();
  const token = newToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_MS);
  try {
    return await inTransaction(ctx.database.db, async (tx) => {
      const [row] = await tx
        .insert(operators)
        .values({
          id: newId(),
          email,
          role: input.role,
          status: 'pending',
          totpSecret: ctx.box.seal(options.totpSecret ?? newGoogleSecret()),
          createdAt: now,
        })
        .returning();
      await tx.insert(operatorSetupLinks).values({
        tokenHash: sha256(token),
        operatorId: row!.id,
        expiresAt,
        createdAt: now,
      });
      const view = operatorViewOf(row!);
      await writeOperatorAudit(tx, ctx, {
        actor,
        action: 'operators.add',
        target: { kind: 'operator', id: row!.id },
        after: { email, role: input.role, status: 'pending' },
      });
      return { operator: view, setupPath: setupPathOf(token), token, expiresAt };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict('console:errors.operatorExists');
    throw error;
  }
}

export async function findOperatorByEmail(ctx: AppContext, email: string) {
  const [row] = await ctx.database.db
    .select()
    .from(operators)
    .where(eq(operators.email, email.trim().toLowerCase()));
  return row ?? null;
}
