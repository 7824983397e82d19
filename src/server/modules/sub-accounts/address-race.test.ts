/**
 * One sign-in address, one user, under races (issue 29 §3): the key of `sign_in_addresses` decides,
 * not the checks before it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signup, signupCode } from '../../../contract/auth';
import { subAdd, subAddCode } from '../../../contract/sub-accounts';
import { accounts, signInAddresses, subAccounts } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { TestApp } from '../../testing/harness';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../../testing/harness';
import { askForCode, ensureSubAccount, signedInAccount } from '../../testing/signed-in';

// PGlite runs one transaction at a time, so only PostgreSQL can show that these races are closed.
describe.runIf(process.env.TEST_DB_KIND === 'postgresql')(
  'sign-in address races (PostgreSQL only: PGlite serialises everything)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    async function holders(email: string): Promise<number> {
      const db = t.ctx.database.db;
      const mains = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
      const members = await db
        .select({ id: subAccounts.id })
        .from(subAccounts)
        .where(eq(subAccounts.email, email));
      return mains.length + members.length;
    }

    async function signUpInput(email: string) {
      await t.api(signupCode, { email });
      const code = await t.latestCode(email);
      return { email, code, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
    }

    it('two registrations of one address at once: exactly one succeeds, the other is 409', async () => {
      const email = uniqueEmail('race').toLowerCase();
      const input = await signUpInput(email);
      const answers = await Promise.all([t.api(signup, input), t.api(signup, input)]);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.every((a) => [200, 409, 422].includes(a.status))).toBe(true);
      expect(await holders(email)).toBe(1);
    });

    it('a registration and a member invitation of one address at once: exactly one holds it', async () => {
      for (let round = 0; round < 5; round++) {
        const email = uniqueEmail(`race-team-${round}`).toLowerCase();
        const owner = await signedInAccount(t);
        const probe = newId();
        await ensureSubAccount(t, owner.accountId, probe, ['card:list']);
        const [role] = await t.ctx.database.db
          .select({ roleId: subAccounts.roleId })
          .from(subAccounts)
          .where(eq(subAccounts.id, probe));
        const code = await askForCode(t, subAddCode, {}, owner.token, owner.email);
        const input = await signUpInput(email);
        const invite = { code, email, nickname: 'Racer', roleId: role!.roleId, validUntil: '2099-01-01' };
        const [signed, invited] = await Promise.all([
          t.api(signup, input),
          t.api(subAdd, invite, { token: owner.token }),
        ]);
        const won = [signed, invited].filter((a) => a.body.code === 200);
        expect(won).toHaveLength(1);
        expect([signed, invited].filter((a) => a.status === 409)).toHaveLength(1);
        expect(await holders(email)).toBe(1);
        const claimed = await t.ctx.database.db
          .select()
          .from(signInAddresses)
          .where(eq(signInAddresses.address, email));
        expect(claimed).toHaveLength(1);
      }
    });
  },
);
