import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { wallet } from '@contract/wallet';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { openTestCard } from '../../testing/cards';
import { fileTestApp } from '../../testing/file-app';
import { fundWallet } from '../../testing/money';
import { failingAuditActor, recordingActor } from '../../testing/operator-actor';
import { signedInAccount } from '../../testing/signed-in';
import { setCustomerFrozen } from './freeze-customer';
import { lookUpCustomer, searchCustomers } from './look-up-customer';

const t = fileTestApp();

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('customer look-up', () => {
  it('finds a customer and shows profile, verification, wallets, cards without secrets, recent ledger', async () => {
    const me = await signedInAccount(t);
    await fundWallet(t, me.accountId, 'USD', 5_000);
    const card = await openTestCard(t, me.accountId, { label: 'ads' });

    const hits = await searchCustomers(t.ctx, me.email.slice(0, 12).toUpperCase());
    expect(hits.map((h) => h.id)).toContain(me.accountId);
    expect((await searchCustomers(t.ctx, me.accountId)).map((h) => h.id)).toEqual([me.accountId]);
    expect(await searchCustomers(t.ctx, '%')).toEqual([]);

    const detail = await lookUpCustomer(t.ctx, me.accountId);
    expect(detail.profile).toMatchObject({ id: me.accountId, email: me.email, status: 'active' });
    expect(detail.verification).toBe('business');
    expect(detail.wallets).toContainEqual({ currency: 'USD', balance: 5_000 });
    expect(detail.cards).toEqual([expect.objectContaining({ id: card.id, last4: card.last4, label: 'ads' })]);
    expect(detail.ledger.length).toBeGreaterThan(0);
    // Nothing secret in the answer: no sealed secrets, no number, no CVV.
    const text = JSON.stringify(detail);
    expect(text).not.toContain(card.secrets);
    expect(Object.keys(detail.cards[0]!)).not.toEqual(expect.arrayContaining(['secrets']));
    expect(text).not.toMatch(/pan|cvv/i);
  });

  it('answers a clear refusal for an unknown customer', async () => {
    expect((await refusal(lookUpCustomer(t.ctx, 'nobody'))).messageKey).toBe(
      'server:operatorContent.customers.notFound',
    );
  });
});

describe('freezing a customer account', () => {
  it('a frozen account cannot sign in or call anything (no money moves); unfreezing restores it', async () => {
    const me = await signedInAccount(t);
    const actor = recordingActor();
    const frozen = await setCustomerFrozen(t.ctx, actor, {
      accountId: me.accountId,
      frozen: true,
      reason: 'chargeback fraud',
    });
    expect(frozen).toMatchObject({ status: 'frozen', frozenReason: 'chargeback fraud' });

    // The live session is over and a new sign-in is refused.
    const call = await t.api(wallet, {}, { token: me.token });
    expect(call.status).not.toBe(200);
    await expect(t.signIn(me.email, me.password)).rejects.toThrow(/accountInactive|403|frozen|inactive/i);
    expect((await lookUpCustomer(t.ctx, me.accountId)).profile).toMatchObject({
      status: 'frozen',
      frozenReason: 'chargeback fraud',
    });

    await setCustomerFrozen(t.ctx, actor, { accountId: me.accountId, frozen: false, reason: 'cleared' });
    const tokens = await t.signIn(me.email, me.password);
    expect((await t.api(wallet, {}, { token: tokens.access_token })).body.code).toBe(200);

    expect(actor.records.map((r) => [r.action, r.reason])).toEqual([
      ['customers.freeze', 'chargeback fraud'],
      ['customers.unfreeze', 'cleared'],
    ]);
    expect(actor.records[0]).toMatchObject({
      targetId: me.accountId,
      before: { status: 'active' },
      after: { status: 'frozen', frozenReason: 'chargeback fraud' },
    });
  });

  it('refuses freezing twice, unfreezing an active account, and a closed account', async () => {
    const me = await signedInAccount(t);
    const actor = recordingActor();
    expect(
      (
        await refusal(
          setCustomerFrozen(t.ctx, actor, { accountId: me.accountId, frozen: false, reason: 'x' }),
        )
      ).messageKey,
    ).toBe('server:operatorContent.customers.notFrozen');
    await setCustomerFrozen(t.ctx, actor, { accountId: me.accountId, frozen: true, reason: 'x' });
    expect(
      (await refusal(setCustomerFrozen(t.ctx, actor, { accountId: me.accountId, frozen: true, reason: 'x' })))
        .messageKey,
    ).toBe('server:operatorContent.customers.alreadyFrozen');
    await t.ctx.database.db
      .update(accounts)
      .set({ status: 'cancelled' })
      .where(eq(accounts.id, me.accountId));
    expect(
      (
        await refusal(
          setCustomerFrozen(t.ctx, actor, { accountId: me.accountId, frozen: false, reason: 'x' }),
        )
      ).messageKey,
    ).toBe('server:operatorContent.customers.cancelled');
  });

  it('a failed audit write leaves the account as it was', async () => {
    const me = await signedInAccount(t);
    await expect(
      setCustomerFrozen(t.ctx, failingAuditActor(), { accountId: me.accountId, frozen: true, reason: 'x' }),
    ).rejects.toThrow('audit log unavailable');
    expect((await t.api(wallet, {}, { token: me.token })).body.code).toBe(200);
  });
});
