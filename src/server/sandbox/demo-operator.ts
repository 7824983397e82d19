/**
 * The demo's operator (demo mode only; never in production, where the seed never runs): an admin of
 * the console with a known password and a known authenticator secret, so that the console can be
 * tried at once (the start banner prints both). Idempotent.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { operators } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createOperator } from '../modules/operator';

export const DEMO_OPERATOR = {
  email: 'operator@example.com',
  password: 'Console#2026',
  /** Base32; type it into any authenticator app, or read codes from the banner's hint. */
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

export async function seedDemoOperator(ctx: AppContext): Promise<void> {
  const [existing] = await ctx.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.email, DEMO_OPERATOR.email));
  if (existing) return;
  const created = await createOperator(
    ctx,
    { email: DEMO_OPERATOR.email, role: 'admin' },
    { cli: 'demo seed' },
    { totpSecret: DEMO_OPERATOR.totpSecret },
  );
  await ctx.database.db
    .update(operators)
    .set({
      status: 'active',
      passwordHash: await hashPassword(DEMO_OPERATOR.password, ctx.env.ARGON2_MEMORY_KIB),
    })
    .where(eq(operators.id, created.operator.id));
}
