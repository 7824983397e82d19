/**
 * Operator sign-in (issue 31 §1): e-mail, password and authenticator code in one call; the second
 * factor is never optional. The customers' lock-out applies as it is (modules/auth/password-lock.ts:
 * ten wrong passwords in 30 minutes lock the address for 30 minutes, each try claimed before it is
 * judged), counted under `operator:<email>` so it never mixes with a customer's count; the code has
 * the customers' throttle too (accounts/operator-totp.ts). An unknown address costs the same hash
 * and answers the same 422 as a wrong password.
 */
import type { OperatorTokens } from '../../../../contract/operator';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import { fail } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import { afterWrongPassword, claimPasswordTry, giveBackPasswordTry } from '../../auth/password-lock';
import { writeOperatorAudit } from '../audit/write-operator-audit';
import { startOperatorSession } from '../operator-session';
import { findOperatorByEmail } from './create-operator';
import { consumeOperatorCode } from './operator-totp';

let nobodyHash: Promise<string> | null = null;

export async function signInOperator(
  ctx: AppContext,
  input: { email: string; password: string; totpCode: string },
  client: { ip: string; device: string },
): Promise<OperatorTokens> {
  const operator = await findOperatorByEmail(ctx, input.email);
  const claimed = await claimPasswordTry(ctx, null, `operator:${input.email}`);
  nobodyHash ??= hashPassword(`nobody-${Math.random()}`, ctx.env.ARGON2_MEMORY_KIB);
  const right = await verifyPassword(operator?.passwordHash ?? (await nobodyHash), input.password);
  if (!operator || !right || operator.status !== 'active') {
    if (operator)
      await writeOperatorAudit(ctx.database.db, ctx, {
        actor: {
          operatorId: operator.id,
          email: operator.email,
          role: operator.role,
          sessionId: '',
          ...client,
        },
        action: 'operators.signInFailed',
        target: { kind: 'operator', id: operator.id },
        after: { cause: right ? operator.status : 'password' },
      });
    await afterWrongPassword(ctx, claimed);
    throw fail.rule('console:errors.badCredentials');
  }
  await giveBackPasswordTry(ctx, claimed);
  const actor = {
    operatorId: operator.id,
    email: operator.email,
    role: operator.role,
    sessionId: '',
    ...client,
  };
  try {
    await consumeOperatorCode(ctx, operator.id, input.totpCode);
  } catch (error) {
    await writeOperatorAudit(ctx.database.db, ctx, {
      actor,
      action: 'operators.signInFailed',
      target: { kind: 'operator', id: operator.id },
      after: { cause: 'code' },
    });
    throw error;
  }
  return inTransaction(ctx.database.db, async (tx) => {
    const session = await startOperatorSession(ctx, tx, operator.id, client);
    await writeOperatorAudit(tx, ctx, {
      actor,
      action: 'operators.signIn',
      target: { kind: 'operator', id: operator.id },
    });
    return { access_token: session.token, session_overtime: session.expiresAt.getTime() };
  });
}
