import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signup, signupCode } from '@contract/auth';
import { accounts } from '../../../db/schema';
import type { TestApp } from '../../../testing/harness';
import { createTestApp, TEST_PASSWORD } from '../../../testing/harness';
import { createAccount } from '../../account/create-account';
import { canonicalMailbox, checkInvitation } from './invitation-rules';

describe('invitation rules', () => {
  it('sees through case, dots and +tags of the same mailbox', () => {
    expect(canonicalMailbox('Ann.Lee+rebate@GoogleMail.com')).toBe('annlee@gmail.com');
    expect(canonicalMailbox('ann.lee+x@corp.cn')).toBe('ann.lee@corp.cn');
    expect(() => checkInvitation('annlee@gmail.com', 'Ann.Lee+2@gmail.com')).toThrow(
      expect.objectContaining({ messageKey: 'server:agent.selfInvite' }),
    );
  });

  it('refuses an address of the inviter’s own organisation, not of a public mail service', () => {
    expect(() => checkInvitation('boss@acme-trading.cn', 'ops@acme-trading.cn')).toThrow(
      expect.objectContaining({ messageKey: 'server:agent.sameOrganisation' }),
    );
    expect(() => checkInvitation('boss@qq.com', 'friend@qq.com')).not.toThrow();
    expect(() => checkInvitation('boss@acme-trading.cn', 'friend@163.com')).not.toThrow();
  });
});

describe('sign-up with an invitation code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function signUp(email: string, inviteCode: string) {
    await t.api(signupCode, { email });
    t.advance(61_000);
    const code = await t.latestCode(email);
    return t.api(
      signup,
      { email, code, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, inviteCode },
      { lang: 'en' },
    );
  }

  async function codeOf(id: string): Promise<string> {
    const [row] = await t.ctx.database.db
      .select({ code: accounts.inviteCode })
      .from(accounts)
      .where(eq(accounts.id, id));
    return row!.code;
  }

  it('refuses a colleague of the inviter, clearly and without making the account', async () => {
    const domain = `firm${Date.now().toString(36)}.cn`;
    const { id } = await createAccount(t.ctx, { email: `boss@${domain}`, password: TEST_PASSWORD });
    const refused = await signUp(`clerk@${domain}`, await codeOf(id));
    expect(refused.body).toMatchObject({
      code: 422,
      msg: `An invitation code cannot be used by an address of the inviter’s own domain (${domain})`,
      data: { fields: ['inviteCode'] },
    });
    const rows = await t.ctx.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, `clerk@${domain}`));
    expect(rows).toEqual([]);
  });

  it('links a customer of another domain to the inviter, once and for good', async () => {
    const stamp = Date.now().toString(36);
    const { id } = await createAccount(t.ctx, {
      email: `boss.${stamp}@firm-${stamp}.cn`,
      password: TEST_PASSWORD,
    });
    const made = await signUp(`buyer.${stamp}@qq.com`, await codeOf(id));
    expect(made.body.code).toBe(200);
    const [guest] = await t.ctx.database.db
      .select({ invitedBy: accounts.invitedBy })
      .from(accounts)
      .where(eq(accounts.email, `buyer.${stamp}@qq.com`));
    expect(guest!.invitedBy).toBe(id);
  });
});
