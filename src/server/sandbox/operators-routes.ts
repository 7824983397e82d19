/**
 * Demo mode only: `POST /sandbox/api/operators` `{ email, role, ready? }` adds a console operator
 * with a fresh authenticator secret and answers `{ setupPath, totpSecret, password? }`; with
 * `ready: true` the operator is active at once with the demo operator's password (browser tests
 * sign in without walking the set-up link each time). Production has no /sandbox path at all.
 */
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { OPERATOR_ROLES, type OperatorRole } from '../../contract/operator';
import type { AppContext } from '../context';
import { operators } from '../db/schema';
import { AppError } from '../lib/errors';
import { hashPassword } from '../lib/passwords';
import { newGoogleSecret } from '../lib/totp';
import { createOperator } from '../modules/operator';
import { DEMO_OPERATOR } from './demo-operator';

export function registerOperatorsSandbox(app: Hono, ctx: AppContext): void {
  app.post('/sandbox/api/operators', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      email?: unknown;
      role?: unknown;
      ready?: unknown;
    };
    const role = OPERATOR_ROLES.includes(body.role as OperatorRole) ? (body.role as OperatorRole) : null;
    if (typeof body.email !== 'string' || !role) return c.json({ error: 'email and role needed' }, 400);
    const totpSecret = newGoogleSecret();
    try {
      const created = await createOperator(
        ctx,
        { email: body.email, role },
        { cli: 'sandbox' },
        { totpSecret },
      );
      if (body.ready !== true) return c.json({ setupPath: created.setupPath, totpSecret });
      await ctx.database.db
        .update(operators)
        .set({
          status: 'active',
          passwordHash: await hashPassword(DEMO_OPERATOR.password, ctx.env.ARGON2_MEMORY_KIB),
        })
        .where(eq(operators.id, created.operator.id));
      return c.json({ setupPath: created.setupPath, totpSecret, password: DEMO_OPERATOR.password });
    } catch (error) {
      if (error instanceof AppError) return c.json({ error: error.messageKey }, 409);
      throw error;
    }
  });
}
