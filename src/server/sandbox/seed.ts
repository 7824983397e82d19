/** Demo data, created once: the demo account everyone can sign in with. */
import { seedDemoOperator } from './demo-operator';
import type { AppContext } from '../context';
import { createAccount } from '../modules/account/create-account';
import { seedDemoCoupons } from '../modules/coupons/demo-coupons';
import { grantVerification } from '../modules/identity/grant-verification';
import { seedDemoNotices } from './demo-notices';

export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'CardPortal#2026' } as const;

export async function seedDemoData(ctx: AppContext): Promise<void> {
  // Idempotent, so it runs on every demo start and fills in notices added to the demo set later.
  await seedDemoNotices(ctx);
  await seedDemoOperator(ctx);
  const existing = await ctx.database.db.query.accounts.findFirst({
    columns: { id: true },
    where: (a, { eq }) => eq(a.email, DEMO_ACCOUNT.email),
  });
  const accountId =
    existing?.id ??
    (await createAccount(ctx, { ...DEMO_ACCOUNT, nickname: 'Demo', accountType: 'business' })).id;
  // A verified business, so the demo reaches every flow (USD transfers included) at once.
  await grantVerification(ctx, accountId, 'business');
  await seedDemoCoupons(ctx, accountId);
}
