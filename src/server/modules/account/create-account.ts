/** Create a main account with its CNY and USD wallets at zero, in one transaction. */
import type { AppContext } from '../../context';
import { inTransaction, isUniqueViolation } from '../../db/client';
import { accounts, ledgerAccounts } from '../../db/schema';
import { newId, randomDigits } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { addressTakenError, isAddressClash } from '../../lib/sign-in-address';

export const WALLET_CURRENCIES = ['CNY', 'USD'] as const;

export interface NewAccount {
  email: string;
  password: string;
  invitedBy?: string | null;
  accountType?: 'business' | 'personal';
  nickname?: string | null;
  lang?: string;
}

export async function createAccount(ctx: AppContext, input: NewAccount): Promise<{ id: string }> {
  const passwordHash = await hashPassword(input.password, ctx.env.ARGON2_MEMORY_KIB);
  // An invitation-code collision is rare (1 in 10^6 per account); try a few fresh codes.
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = newId();
    try {
      await inTransaction(ctx.database.db, async (tx) => {
        await tx.insert(accounts).values({
          id,
          email: input.email,
          passwordHash,
          nickname: input.nickname ?? null,
          accountType: input.accountType ?? 'business',
          planCode: 'standard',
          inviteCode: randomDigits(6),
          invitedBy: input.invitedBy ?? null,
          lang: input.lang ?? 'zh-CN',
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        });
        await tx
          .insert(ledgerAccounts)
          .values(
            WALLET_CURRENCIES.map((currency) => ({ id: newId(), accountId: id, currency, balance: 0 })),
          );
      });
      return { id };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The address's key (a main account's or a member's) or else an invitation-code collision.
      if (await isAddressClash(ctx.database.db, input.email, error)) throw addressTakenError();
    }
  }
  throw new Error('Could not allocate an invitation code');
}
