import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelCode, cancelSubmit, info, resetPwdCode } from '@contract/account';
import { inTransaction } from '../../../db/client';
import { accounts, sessions } from '../../../db/schema';
import { reverseMovement } from '../../ledger';
import { fundWallet } from '../../../testing/money';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import { askForCode, openSession, signedInAccount } from '../../../testing/signed-in';
import { stepUpTicketFor } from '../../../testing/step-up';
import { openTestCard } from '../../../testing/cards';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function statusOf(accountId: string): Promise<string | undefined> {
  const [row] = await t.ctx.database.db
    .select({ status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.status;
}

describe('cancel', () => {
  it('is refused with 422 while a wallet balance is not zero, and the code stays usable', async () => {
    const me = await signedInAccount(t);
    const funding = await fundWallet(t, me.accountId, 'USD', 1);
    const code = await askForCode(t, cancelCode, {}, me.token, me.email);
    const stepUpTicket = await stepUpTicketFor(t, me.token, 'account_close');
    const refused = await t.api(cancelSubmit, { code, stepUpTicket }, { token: me.token, lang: 'en' });
    // It says what remains (issue 29 item 18): each wallet and card that holds money.
    expect(refused.body).toMatchObject({
      code: 422,
      msg: 'The account cannot be closed while money remains: USD wallet 0.01 USD. Withdraw or spend it first',
      data: { remaining: [{ kind: 'wallet', serial: null, currency: 'USD', balance: 1 }] },
    });

    expect(await statusOf(me.accountId)).toBe('active');
    expect((await t.api(info, {}, { token: me.token })).body.code).toBe(200);

    await inTransaction(t.ctx.database.db, (tx) =>
      reverseMovement(tx, t.ctx, {
        transactionId: funding,
        key: `undo:${funding}`,
        description: 'back to zero',
        actor: { ip: 'test', device: 'test' },
      }),
    );
    // The refusal spent neither the code nor the ticket.
    expect((await t.api(cancelSubmit, { code, stepUpTicket }, { token: me.token })).body.code).toBe(200);
  });

  it('names each card that still holds money, in the caller’s language', async () => {
    const me = await signedInAccount(t);
    await fundWallet(t, me.accountId, 'USD', 1);
    const card = await openTestCard(t, me.accountId, { balance: 250 });
    const code = await askForCode(t, cancelCode, {}, me.token, me.email);
    const stepUpTicket = await stepUpTicketFor(t, me.token, 'account_close');
    const zh = await t.api(cancelSubmit, { code, stepUpTicket }, { token: me.token, lang: 'zh-CN' });
    expect(zh.body).toMatchObject({
      code: 422,
      msg: `账户仍有余额，无法注销：USD 钱包 0.01 USD；卡片 ${card.serial} 2.50 USD。请先转出或用完`,
    });
    expect(await statusOf(me.accountId)).toBe('active');
  });

  it('a stolen bearer token with the mailed code but no step-up closes nothing (428)', async () => {
    const me = await signedInAccount(t);
    const code = await askForCode(t, cancelCode, {}, me.token, me.email);
    const answer = await t.api(cancelSubmit, { code }, { token: me.token, lang: 'en' });
    expect(answer.body).toMatchObject({ code: 428, data: { stepUp: 'account_close' } });
    const wrongPurpose = await stepUpTicketFor(t, me.token, 'card_reveal');
    const misused = await t.api(cancelSubmit, { code, stepUpTicket: wrongPurpose }, { token: me.token });
    expect(misused.body).toMatchObject({ code: 428, data: { stepUp: 'account_close' } });
    expect(await statusOf(me.accountId)).toBe('active');
  });

  it('closes an account at zero and ends every session, the caller included', async () => {
    const me = await signedInAccount(t);
    const other = await openSession(t, me.accountId);
    const code = await askForCode(t, cancelCode, {}, me.token, me.email);
    const stepUpTicket = await stepUpTicketFor(t, me.token, 'account_close');
    const answer = await t.api(cancelSubmit, { code, stepUpTicket }, { token: me.token });
    expect(answer.body).toMatchObject({ code: 200, data: null });
    expect(await statusOf(me.accountId)).toBe('cancelled');
    expect((await t.api(info, {}, { token: me.token })).body.code).toBe(401);
    expect((await t.api(info, {}, { token: other.token })).body.code).toBe(401);
    const live = await t.ctx.database.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.accountId, me.accountId));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
  });

  it('needs a code mailed for closure', async () => {
    const me = await signedInAccount(t);
    const code = await askForCode(t, resetPwdCode, {}, me.token, me.email);
    const stepUpTicket = await stepUpTicketFor(t, me.token, 'account_close');
    expect((await t.api(cancelSubmit, { code, stepUpTicket }, { token: me.token })).body.code).toBe(422);
    expect(await statusOf(me.accountId)).toBe('active');
  });
});
