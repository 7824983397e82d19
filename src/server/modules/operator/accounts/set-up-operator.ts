/**
 * The set-up link (issue 31 §1): `readSetupLink` shows what the link is for and the authenticator
 * secret to enrol; `completeSetup` sets the password and, proven by a code of that secret, makes
 * the operator active. The link is spent in the same transaction: a second use, an expired or
 * unknown link is the same 422. A link of a disabled operator is dead.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import { operators, operatorSetupLinks } from '../../../db/schema';
import { sha256 } from '../../../lib/crypto';
import { fail } from '../../../lib/errors';
import { hashPassword } from '../../../lib/passwords';
import { matchStep, otpauthUri } from '../../../lib/totp';
import { writeOperatorAudit } from '../audit/write-operator-audit';

async function liveLink(ctx: AppContext, token: string) {
  const [row] = await ctx.database.db
    .select({ link: operatorSetupLinks, operator: operators })
    .from(operatorSetupLinks)
    .innerJoin(operators, eq(operators.id, operatorSetupLinks.operatorId))
    .where(
      and(
        eq(operatorSetupLinks.tokenHash, sha256(token)),
        isNull(operatorSetupLinks.usedAt),
        gt(operatorSetupLinks.expiresAt, ctx.now()),
      ),
    );
  if (!row || row.operator.status !== 'pending') throw fail.rule('console:errors.setupLinkInvalid');
  return row;
}

export async function readSetupLink(ctx: AppContext, token: string) {
  const { operator } = await liveLink(ctx, token);
  const secret = ctx.box.open(operator.totpSecret);
  return {
    email: operator.email,
    role: operator.role,
    totpSecret: secret,
    otpauthUri: otpauthUri(secret, `Console:${operator.email}`),
  };
}

export async function completeSetup(
  ctx: AppContext,
  input: { token: string; password: string; totpCode: string },
  client: { ip: string; device: string },
): Promise<null> {
  const { operator } = await liveLink(ctx, input.token);
  const step = matchStep(ctx.box.open(operator.totpSecret), input.totpCode, ctx.now());
  if (step === null) throw fail.rule('console:errors.codeInvalid');
  const passwordHash = await hashPassword(input.password, ctx.env.ARGON2_MEMORY_KIB);
  await inTransaction(ctx.database.db, async (tx) => {
    const spent = await tx
      .update(operatorSetupLinks)
      .set({ usedAt: ctx.now() })
      .where(and(eq(operatorSetupLinks.tokenHash, sha256(input.token)), isNull(operatorSetupLinks.usedAt)))
      .returning({ operatorId: operatorSetupLinks.operatorId });
    if (spent.length === 0) throw fail.rule('console:errors.setupLinkInvalid');
    await tx
      .update(operators)
      .set({ passwordHash, status: 'active', totpLastStep: step })
      .where(and(eq(operators.id, operator.id), eq(operators.status, 'pending')));
    await writeOperatorAudit(tx, ctx, {
      actor: {
        operatorId: operator.id,
        email: operator.email,
        role: operator.role,
        sessionId: '',
        ...client,
      },
      action: 'operators.setup',
      target: { kind: 'operator', id: operator.id },
      before: { status: 'pending' },
      after: { status: 'active' },
    });
  });
  return null;
}
