import { beforeAll, describe, expect, it } from 'vitest';
import { getThreePool } from '../../contract/cards';
import type { OtpView } from '../../contract/cards';
import { cardBalance, openTestCard } from '../testing/cards';
import { fileSignedInAccount, fileTestApp } from '../testing/file-app';
import { signedInAccount } from '../testing/signed-in';
import { authorizationRow, cardRow } from '../testing/issuer';
import type { CardRow } from '../modules/cards/card-access';
import { majorToMinor } from './card-spend-routes';
import { NO_SPEND_RULES } from '../../contract/spending';
import { cardSpendRules } from '../db/schema';
import type { SimulatorAuthorization, SimulatorCard } from './card-spend-simulator';
import { simulatorRequests } from '../testing/simulator';

const t = fileTestApp();
const me = fileSignedInAccount(t);
const { postJson, postForm } = simulatorRequests(t);
let card: CardRow;
beforeAll(async () => {
  card = await openTestCard(t, me.accountId, { balance: 50_000 });
});

describe('card-spend simulator', () => {
  it('lists recent cards by serial and last four digits only, filtered by account', async () => {
    const other = await signedInAccount(t);
    await openTestCard(t, other.accountId);
    const res = await t.raw(`/sandbox/api/cards?account=${encodeURIComponent(me.email.toUpperCase())}`);
    const listed = (await res.json()) as SimulatorCard[];
    expect(listed).toEqual([
      {
        cardId: card.id,
        serial: card.serial,
        last4: card.last4,
        account: me.email,
        status: 'active',
        currency: 'USD',
        balance: 50_000,
        spent: 0,
      },
    ]);
    const page = await (await t.raw(`/sandbox/cards?account=${encodeURIComponent(me.email)}`)).text();
    const secrets = JSON.parse(t.ctx.box.open(card.secrets)) as { pan: string; cvv: string };
    expect(page).toContain(card.serial);
    expect(page).not.toContain(secrets.pan);
    expect(page).not.toContain('<script');
  });

  it('Authorize sends a signed authorization through the real route; Clear and Refund follow it', async () => {
    const res = await postJson(`/sandbox/api/cards/${card.id}/authorize`, {
      amount: 2_500,
      merchant: 'Figma',
    });
    const sent = (await res.json()) as { status: number; authorizationId: string; answer: { data: unknown } };
    expect(sent).toMatchObject({ status: 200, answer: { data: { outcome: 'approved', approved: true } } });
    expect(await cardBalance(t, card.id)).toBe(47_500);
    expect(await authorizationRow(t, sent.authorizationId)).toMatchObject({
      merchantName: 'Figma',
      merchantCategory: '5734',
      status: 'pending',
    });

    const listed = (await (await t.raw('/sandbox/api/authorizations')).json()) as SimulatorAuthorization[];
    expect(listed[0]).toMatchObject({
      authorizationId: sent.authorizationId,
      status: 'pending',
      amount: 2_500,
    });

    const cleared = await postJson(`/sandbox/api/authorizations/${sent.authorizationId}/clear`);
    expect(await cleared.json()).toMatchObject({ answer: { data: { outcome: 'cleared' } } });
    expect((await cardRow(t, card.id)).spent).toBe(2_500);
    const part = await postJson(`/sandbox/api/authorizations/${sent.authorizationId}/refund`, {
      amount: 1_000,
    });
    expect(await part.json()).toMatchObject({ answer: { data: { outcome: 'refunded' } } });
    const rest = await postJson(`/sandbox/api/authorizations/${sent.authorizationId}/refund`);
    expect(await rest.json()).toMatchObject({ answer: { data: { outcome: 'refunded' } } });
    expect(await cardBalance(t, card.id)).toBe(50_000);
    expect((await postJson(`/sandbox/api/authorizations/${sent.authorizationId}/refund`)).status).toBe(409);
  });

  it('declines come back with their reason; Reverse releases a hold; bad input is a 400', async () => {
    const declined = await postJson(`/sandbox/api/cards/${card.id}/authorize`, {
      amount: 500,
      category: '7995',
      cvvMatches: 'yes',
    });
    expect(await declined.json()).toMatchObject({
      answer: { data: { outcome: 'declined', declineReason: 'merchant_not_supported' } },
    });
    const wrongCvv = await postJson(`/sandbox/api/cards/${card.id}/authorize`, {
      amount: 500,
      cvvMatches: 'no',
    });
    expect(await wrongCvv.json()).toMatchObject({ answer: { data: { declineReason: 'incorrect_cvv' } } });

    const held = (await (
      await postJson(`/sandbox/api/cards/${card.id}/authorize`, { amount: 700 })
    ).json()) as {
      authorizationId: string;
    };
    const reversed = await postJson(`/sandbox/api/authorizations/${held.authorizationId}/reverse`);
    expect(await reversed.json()).toMatchObject({ answer: { data: { outcome: 'reversed' } } });
    expect(await cardBalance(t, card.id)).toBe(50_000);

    expect((await postJson(`/sandbox/api/cards/${card.id}/authorize`, { amount: -1 })).status).toBe(400);
    expect(
      (await postJson(`/sandbox/api/cards/${card.id}/authorize`, { amount: 1, category: 'x' })).status,
    ).toBe(400);
    expect((await postJson('/sandbox/api/cards/nope/authorize', { amount: 1 })).status).toBe(404);
    expect((await postJson('/sandbox/api/authorizations/nope/clear')).status).toBe(404);
  });

  it('shows which of the customer’s spending rules declined an authorization', async () => {
    const limited = await openTestCard(t, me.accountId, { balance: 50_000 });
    await t.ctx.database.db
      .insert(cardSpendRules)
      .values({ cardId: limited.id, accountId: me.accountId, rules: { ...NO_SPEND_RULES, daily: 1_000 } });
    const declined = await postJson(`/sandbox/api/cards/${limited.id}/authorize`, { amount: 1_001 });
    expect(await declined.json()).toMatchObject({ answer: { data: { declineReason: 'rule_daily' } } });
    const page = await (await t.raw(`/sandbox/cards?account=${encodeURIComponent(me.email)}`)).text();
    expect(page).toContain('rule_daily · spending rule: daily — The payment would pass the card');
  });

  it('3-D Secure challenge makes a code the customer reads in getThreePool', async () => {
    const res = await postJson(`/sandbox/api/cards/${card.id}/challenge`, {
      amount: 1_999,
      merchant: 'Steam',
    });
    const sent = (await res.json()) as { code: string; answer: { data: { outcome: string } } };
    expect(sent.answer.data.outcome).toBe('challenge_stored');
    expect(sent.code).toMatch(/^\d{6}$/);
    const pool = await t.api(getThreePool, {}, { token: me.token });
    expect((pool.body.data as OtpView[])[0]).toMatchObject({
      code: sent.code,
      merchantName: 'Steam',
      amount: 1_999,
    });
  });

  it('the page works without script: forms post, then come back with what happened', async () => {
    const res = await postForm('/sandbox/cards/authorize', {
      account: me.email,
      cardId: card.id,
      merchant: 'Canva',
      category: '5734',
      country: 'US',
      amount: '12.30',
      currency: '',
      cvvMatches: 'yes',
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '', 'http://x');
    expect(location.pathname).toBe('/sandbox/cards');
    expect(location.searchParams.get('note')).toMatch(/approved/);
    expect(await cardBalance(t, card.id)).toBe(50_000 - 1_230);

    const page = await (await t.raw(`${location.pathname}${location.search}`)).text();
    expect(page).toContain('Canva');
    const authorizationId = /sbx_auth_[\w-]+/.exec(location.searchParams.get('note') ?? '')?.[0];
    expect(page).toContain(`/sandbox/cards/authorizations/${authorizationId}/clear`);

    const reversed = await postForm(`/sandbox/cards/authorizations/${authorizationId}/reverse`, {
      account: me.email,
    });
    expect(new URL(reversed.headers.get('location') ?? '', 'http://x').searchParams.get('note')).toMatch(
      /reversed/,
    );
    const challenge = await postForm('/sandbox/cards/challenge', {
      cardId: card.id,
      amount: '5',
      merchant: 'Steam',
    });
    expect(new URL(challenge.headers.get('location') ?? '', 'http://x').searchParams.get('note')).toMatch(
      /3-D Secure code \d{6}/,
    );
    const bad = await postForm('/sandbox/cards/authorize', { cardId: card.id, amount: '1.234' });
    expect(new URL(bad.headers.get('location') ?? '', 'http://x').searchParams.get('note')).toMatch(/amount/);
  });

  it('reads major units exactly', () => {
    expect(majorToMinor('12.3')).toBe(1_230);
    expect(majorToMinor('0.07')).toBe(7);
    expect(majorToMinor('100')).toBe(10_000);
    expect(majorToMinor('')).toBeUndefined();
    expect(majorToMinor('0')).toBeNull();
    expect(majorToMinor('1.234')).toBeNull();
    expect(majorToMinor('-1')).toBeNull();
    // Whole yen (ISO 4217: no minor unit): 5,000 JPY is 5000, and a decimal is not a yen amount.
    expect(majorToMinor('5000', 'JPY')).toBe(5_000);
    expect(majorToMinor('50.00', 'JPY')).toBeNull();
  });
});
