import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OTP_VALID_SECONDS, OTP_WINDOW_SECONDS } from '@contract/card-rules';
import { getOtp, getThreePool } from '@contract/cards';
import type { OtpView } from '@contract/cards';
import { cardOtps } from '../../../db/schema';
import { fileTestApp } from '../../../testing/file-app';
import { openTestCard } from '../../../testing/cards';
import { openSession, signedInAccount } from '../../../testing/signed-in';
import type { CardRow } from '../../cards/card-access';
import { sendEvent, uid } from '../../../testing/issuer';

const t = fileTestApp();

function challenge(card: CardRow, code: string, merchant = 'Apple', amount = 999, eventId = uid('evt')) {
  return {
    eventId,
    type: 'threeds_challenge',
    cardRef: card.issuerRef,
    code,
    amount,
    currency: 'USD',
    merchant: { name: merchant },
  };
}

async function pool(token: string): Promise<OtpView[]> {
  const answer = await t.api(getThreePool, {}, { token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as OtpView[];
}

describe('3-D Secure codes', () => {
  it('stores a challenge sealed, once, and shows it with merchant, amount, the card and seconds left', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { label: 'Ads team' });
    const event = challenge(card, '482913', 'Apple Store', 1_999);
    const stored = await sendEvent(t, event);
    expect(stored).toMatchObject({ status: 200, body: { data: { outcome: 'challenge_stored' } } });
    expect((await sendEvent(t, event)).body.data?.outcome).toBe('duplicate');

    const rows = await t.ctx.database.db.select().from(cardOtps).where(eq(cardOtps.cardId, card.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code).not.toContain('482913');

    const answer = await t.api(getOtp, { cardId: card.id }, { token: me.token });
    expect(answer.body.data).toEqual([
      {
        id: rows[0]?.id,
        cardId: card.id,
        cardSerial: card.serial,
        cardLabel: 'Ads team',
        last4: card.last4,
        code: '482913',
        merchantName: 'Apple Store',
        currency: 'USD',
        amount: 1_999,
        createdAt: expect.any(String),
        secondsLeft: OTP_VALID_SECONDS,
      },
    ]);
  });

  it('counts down, keeps expired codes at 0 seconds, and drops them after the hour', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId);
    await sendEvent(t, challenge(card, '111111', 'Old shop'));
    t.advance(100_000);
    expect((await pool(me.token))[0]?.secondsLeft).toBe(OTP_VALID_SECONDS - 100);
    t.advance(OTP_VALID_SECONDS * 1000);
    await sendEvent(t, challenge(card, '222222', 'New shop'));
    const listed = await pool(me.token);
    expect(listed.map((otp) => [otp.code, otp.secondsLeft])).toEqual([
      ['222222', OTP_VALID_SECONDS],
      ['111111', 0],
    ]);
    // The first code is now older than the window; the second is not. (A fresh session: access
    // tokens live 30 minutes.)
    t.advance(OTP_WINDOW_SECONDS * 1000 - OTP_VALID_SECONDS * 1000 - 100_000 + 1_000);
    const later = await openSession(t, me.accountId);
    expect((await pool(later.token)).map((otp) => otp.code)).toEqual(['222222']);
  });

  it('getThreePool lists every card of the caller newest first; getOtp one card; nobody else’s', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    const first = await openTestCard(t, me.accountId);
    const second = await openTestCard(t, me.accountId);
    const theirs = await openTestCard(t, other.accountId);
    await sendEvent(t, challenge(first, '100001'));
    t.advance(1_000);
    await sendEvent(t, challenge(second, '100002'));
    t.advance(1_000);
    await sendEvent(t, challenge(first, '100003'));
    await sendEvent(t, challenge(theirs, '900009'));
    expect((await pool(me.token)).map((otp) => otp.code)).toEqual(['100003', '100002', '100001']);
    const one = await t.api(getOtp, { cardId: first.id }, { token: me.token });
    expect((one.body.data as OtpView[]).map((otp) => otp.code)).toEqual(['100003', '100001']);
    const foreign = await t.api(getOtp, { cardId: theirs.id }, { token: me.token });
    expect(foreign.body.code).toBe(404);
    expect(foreign.body.data).toBeNull();
  });

  it('shows a sub-account user only the codes of the cards they opened', async () => {
    const me = await signedInAccount(t);
    const sub = await openSession(t, me.accountId, 'sub-otp');
    const mine = await openTestCard(t, me.accountId);
    const subs = await openTestCard(t, me.accountId, { subAccountId: 'sub-otp' });
    await sendEvent(t, challenge(mine, '300003'));
    await sendEvent(t, challenge(subs, '400004'));
    expect((await pool(sub.token)).map((otp) => otp.code)).toEqual(['400004']);
    expect((await t.api(getOtp, { cardId: mine.id }, { token: sub.token })).body.code).toBe(404);
    expect((await pool(me.token)).map((otp) => otp.code).sort()).toEqual(['300003', '400004']);
  });
});
