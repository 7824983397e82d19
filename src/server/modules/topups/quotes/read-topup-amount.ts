/** GET /api/account/topup/amount: every channel's limits and fees, and the USD transfer's. */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { topupAmount } from '@contract/finance';
import { CHANNEL_RULES, TOPUP_CHANNELS, USD_TRANSFER_MAX, USD_TRANSFER_MIN } from '@contract/topup-rules';
import type { AppContext } from '../../../context';
import { accounts } from '../../../db/schema';
import { identityLevelOf } from '../../identity/identity-level';

export async function readTopupAmount(
  ctx: AppContext,
  accountId: string,
): Promise<z.infer<typeof topupAmount.response>> {
  const [account] = await ctx.database.db
    .select({ accountType: accounts.accountType })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return {
    channels: TOPUP_CHANNELS.map((channel) => ({ ...CHANNEL_RULES[channel] })),
    usdTransfer: { minAmount: USD_TRANSFER_MIN, maxAmount: USD_TRANSFER_MAX, businessOnly: true },
    canForecast:
      account?.accountType === 'business' &&
      (await identityLevelOf(ctx.database.db, accountId, ctx.now())) === 'business',
  };
}
