/**
 * The operator's authenticator code: RFC 6238 with the customers' parameters (lib/totp.ts), each
 * code accepted once (operators.totp_last_step), and the customers' throttle: five wrong codes in
 * 15 minutes per operator, each claimed before it is judged (lib/limit-claim.ts), then 429.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { operators } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { claimThenJudge } from '../../../lib/limit-claim';
import { GOOGLE_WRONG_LIMIT, matchStep } from '../../../lib/totp';

const WINDOW_MS = 15 * 60_000;

/** Checks and spends a code of the operator's secret; 422 when wrong or reused, 429 past the limit. */
export async function consumeOperatorCode(ctx: AppContext, operatorId: string, code: string): Promise<void> {
  const db = ctx.database.db;
  const [row] = await db
    .select({ secret: operators.totpSecret, lastStep: operators.totpLastStep })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!row) throw fail.rule('console:errors.badCredentials');
  const step = matchStep(ctx.box.open(row.secret), code, ctx.now());
  const fresh = step !== null && (row.lastStep === null || step > row.lastStep);
  const outcome = await claimThenJudge(
    db,
    [{ subject: `operator-totp:${operatorId}`, limit: GOOGLE_WRONG_LIMIT, windowMs: WINDOW_MS }],
    ctx.now(),
    () => Promise.resolve(fresh ? ('right' as const) : ('wrong' as const)),
  );
  if (outcome === 'wrong' || step === null) throw fail.rule('console:errors.codeInvalid');
  const spent = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(
      and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
    )
    .returning({ id: operators.id });
  if (spent.length === 0) throw fail.rule('console:errors.codeInvalid');
}
