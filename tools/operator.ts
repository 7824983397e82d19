/**
 * `npm run operator -- add EMAIL ROLE`: adds an operator of the console (issue 31) and prints its
 * one-time set-up link (72 hours; the operator sets a password and enrols an authenticator there).
 * `npm run operator -- list` lists them. Uses the server's own environment: DATABASE_URL when set,
 * else PGlite in DATA_DIR (stop the server first: PGlite opens in one process at a time). The link
 * starts with PUBLIC_URL when set, else http://localhost:PORT.
 */
import { buildContext } from '../src/server/bootstrap';
import { loadEnv } from '../src/server/env';
import { createOperator } from '../src/server/modules/operator';
import { listOperators } from '../src/server/modules/operator/accounts/manage-operators';
import { OPERATOR_ROLES, type OperatorRole } from '../src/contract/operator';
import { AppError } from '../src/server/lib/errors';

const USAGE = `Usage: npm run operator -- add EMAIL ROLE   (ROLE: ${OPERATOR_ROLES.join(', ')})
       npm run operator -- list\n`;

async function main(args: string[]): Promise<number> {
  const [command, email, role] = args;
  if (command !== 'add' && command !== 'list') {
    process.stderr.write(USAGE);
    return 2;
  }
  if (
    command === 'add' &&
    (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || !OPERATOR_ROLES.includes(role as OperatorRole))
  ) {
    process.stderr.write(USAGE);
    return 2;
  }
  const env = loadEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
  const ctx = await buildContext(env);
  try {
    if (command === 'list') {
      for (const op of await listOperators(ctx))
        process.stdout.write(`${op.email}\t${op.role}\t${op.status}\n`);
      return 0;
    }
    const created = await createOperator(
      ctx,
      { email: email!, role: role as OperatorRole },
      { cli: 'npm run operator' },
    );
    const origin = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
    process.stdout.write(
      `Operator ${created.operator.email} (${created.operator.role}) added.\n` +
        `One-time set-up link, valid until ${created.expiresAt.toISOString()}:\n${origin}${created.setupPath}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      process.stderr.write(`Refused: ${error.messageKey}\n`);
      return 1;
    }
    throw error;
  } finally {
    await ctx.database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
