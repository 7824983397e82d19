import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardDetail } from '../../../contract/cards';
import { REVEAL_WINDOW_SECONDS } from '../../../contract/card-rules';
import type { PasskeyItem } from '../../../contract/passkeys';
import {
  passkeyList,
  passkeyRegister,
  passkeyRegisterOptions,
  passkeyRemove,
  passkeySignIn,
  passkeySignInOptions,
  passkeyStepUp,
  passkeyStepUpOptions,
} from '../../../contract/passkeys';
import { loginLogs, passkeys, sessions, sessionTokens, stepUpTickets, subAccounts } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { CHALLENGE_TTL_MS } from '../../lib/webauthn/challenges';
import { relyingPartyOf } from '../../lib/webauthn/relying-party';
import { bindGoogle } from '../../testing/auth';
import { openTestCard } from '../../testing/cards';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import type { SignedInSession } from '../../testing/signed-in';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { SoftAuthenticator } from '../../testing/soft-authenticator';
import { stepUpTicketFor } from '../../testing/step-up';
import { deviceName } from './device-name';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

type Options = { challenge: string; allowCredentials?: { id: string }[]; rpId?: string };

async function registerWith(
  session: SignedInSession,
  device = new SoftAuthenticator(),
  name?: string,
): Promise<{ device: SoftAuthenticator; item: PasskeyItem }> {
  const options = (await t.api(passkeyRegisterOptions, {}, { token: session.token })).body.data as Options;
  const credential = device.register(options);
  const made = await t.api(
    passkeyRegister,
    { credential, ...(name ? { name } : {}) },
    { token: session.token, headers: { 'user-agent': ANDROID_CHROME } },
  );
  expect(made.body.code, JSON.stringify(made.body)).toBe(200);
  return { device, item: made.body.data as PasskeyItem };
}

async function signInOptions(): Promise<Options> {
  return (await t.api(passkeySignInOptions, {})).body.data as Options;
}

async function stepUpOptions(session: SignedInSession): Promise<Options | null> {
  const answer = await t.api(passkeyStepUpOptions, { purpose: 'card_reveal' }, { token: session.token });
  return (answer.body.data as { options: Options | null }).options;
}

async function sessionOfToken(token: string) {
  const [row] = await t.ctx.database.db
    .select({ accountId: sessions.accountId, subAccountId: sessions.subAccountId })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .where(eq(sessionTokens.tokenHash, sha256(token)));
  return row;
}

describe('relying party', () => {
  it('comes from PUBLIC_URL when set, localhost in demo mode, HOST:PORT in production without it', () => {
    const base = { HOST: '0.0.0.0', PORT: 8080, PUBLIC_URL: undefined } as const;
    expect(
      relyingPartyOf({ ...base, APP_MODE: 'production', PUBLIC_URL: 'https://portal.example.com/app' }),
    ).toMatchObject({
      rpID: 'portal.example.com',
      origins: ['https://portal.example.com'],
    });
    expect(relyingPartyOf({ ...base, APP_MODE: 'demo' })).toMatchObject({
      rpID: 'localhost',
      origins: ['http://localhost:8080'],
    });
    expect(relyingPartyOf({ ...base, APP_MODE: 'production', HOST: 'portal.internal' }).origins).toEqual([
      'http://portal.internal:8080',
    ]);
  });
});

describe('registering, listing and removing passkeys', () => {
  it('stores the credential with its counter, backup state and a derived name; lists it newest first', async () => {
    const me = await signedInAccount(t);
    const { item } = await registerWith(me);
    expect(item).toMatchObject({ name: 'Chrome on Android', backedUp: false, lastUsedAt: null });
    const { item: named } = await registerWith(me, new SoftAuthenticator(), 'Office key');
    const list = (await t.api(passkeyList, {}, { token: me.token })).body.data as { items: PasskeyItem[] };
    expect(list.items.map((i) => i.name)).toEqual(['Office key', 'Chrome on Android']);
    const [row] = await t.ctx.database.db.select().from(passkeys).where(eq(passkeys.id, named.id));
    expect(row).toMatchObject({
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: ['internal'],
    });
  });

  it('derives readable names from user agents', () => {
    expect(deviceName(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(deviceName('curl/8')).toBe('Passkey');
  });

  it('refuses a registration whose challenge expired, was spent, or came from another session', async () => {
    const me = await signedInAccount(t);
    const device = new SoftAuthenticator();
    const options = (await t.api(passkeyRegisterOptions, {}, { token: me.token })).body.data as Options;
    t.advance(CHALLENGE_TTL_MS + 1000);
    const late = await t.api(
      passkeyRegister,
      { credential: device.register(options) },
      { token: me.token, lang: 'en' },
    );
    expect(late.body).toMatchObject({ code: 422, msg: 'The passkey could not be verified. Try again.' });

    const fresh = (await t.api(passkeyRegisterOptions, {}, { token: me.token })).body.data as Options;
    const other = await openSession(t, me.accountId);
    const foreign = await t.api(
      passkeyRegister,
      { credential: device.register(fresh) },
      { token: other.token },
    );
    expect(foreign.body.code).toBe(422);
    const list = (await t.api(passkeyList, {}, { token: me.token })).body.data as { items: PasskeyItem[] };
    expect(list.items).toHaveLength(0);
  });

  it('removes only the caller’s own passkey; a removed one no longer signs in', async () => {
    const me = await signedInAccount(t);
    const stranger = await signedInAccount(t);
    const { device, item } = await registerWith(me);
    const theirs = await t.api(passkeyRemove, { id: item.id }, { token: stranger.token, lang: 'en' });
    expect(theirs.body).toMatchObject({ code: 422, msg: 'That passkey does not exist.' });
    expect((await t.api(passkeyRemove, { id: item.id }, { token: me.token })).body.code).toBe(200);
    const list = (await t.api(passkeyList, {}, { token: me.token })).body.data as { items: PasskeyItem[] };
    expect(list.items).toHaveLength(0);
    const gone = await t.api(passkeySignIn, { credential: device.assert(await signInOptions()) });
    expect(gone.body.code).toBe(422);
  });
});

describe('signing in with a passkey', () => {
  it('issues the same tokens as the password path, logs method passkey, skips the Google step', async () => {
    const me = await signedInAccount(t);
    await bindGoogle(t, me.accountId);
    const { device, item } = await registerWith(me);
    const answer = await t.api(passkeySignIn, { credential: device.assert(await signInOptions()) });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    const tokens = answer.body.data as { access_token: string; refresh_token: string; Auths?: unknown };
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.Auths).toBeDefined();
    expect(await sessionOfToken(tokens.access_token)).toEqual({
      accountId: me.accountId,
      subAccountId: null,
    });
    const logs = await t.ctx.database.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.accountId, me.accountId));
    expect(logs.map((l) => [l.method, l.result])).toEqual([['passkey', 'success']]);
    const [row] = await t.ctx.database.db.select().from(passkeys).where(eq(passkeys.id, item.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed answer, an expired challenge and another origin, each logged as a failure', async () => {
    const me = await signedInAccount(t);
    const { device } = await registerWith(me);
    const credential = device.assert(await signInOptions());
    expect((await t.api(passkeySignIn, { credential })).body.code).toBe(200);
    const replay = await t.api(passkeySignIn, { credential });
    expect(replay.body.code).toBe(422);

    const options = await signInOptions();
    t.advance(CHALLENGE_TTL_MS + 1000);
    expect((await t.api(passkeySignIn, { credential: device.assert(options) })).body.code).toBe(422);

    const phished = device.assert(await signInOptions(), { origin: 'https://card-portal.example.net' });
    expect((await t.api(passkeySignIn, { credential: phished })).body.code).toBe(422);

    const logs = await t.ctx.database.db
      .select({ method: loginLogs.method, result: loginLogs.result, reason: loginLogs.reason })
      .from(loginLogs)
      .where(and(eq(loginLogs.accountId, me.accountId), eq(loginLogs.result, 'failure')));
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.method === 'passkey' && l.reason === 'server:passkeys.refused')).toBe(true);
  });

  it('refuses a counter that did not move forward (a cloned authenticator)', async () => {
    const me = await signedInAccount(t);
    const { device } = await registerWith(me);
    expect((await t.api(passkeySignIn, { credential: device.assert(await signInOptions()) })).body.code).toBe(
      200,
    );
    expect((await t.api(passkeySignIn, { credential: device.assert(await signInOptions()) })).body.code).toBe(
      200,
    );
    const cloned = device.assert(await signInOptions(), { counter: 1 });
    expect((await t.api(passkeySignIn, { credential: cloned })).body.code).toBe(422);
  });

  it('a member’s passkey signs the member in, narrowed to the member; the lists are apart', async () => {
    const owner = await signedInAccount(t);
    const member = await openSession(t, owner.accountId, `m-${owner.accountId}`);
    const { device } = await registerWith(member);
    await registerWith(owner);
    const ownerList = (await t.api(passkeyList, {}, { token: owner.token })).body.data as {
      items: PasskeyItem[];
    };
    const memberList = (await t.api(passkeyList, {}, { token: member.token })).body.data as {
      items: PasskeyItem[];
    };
    expect(ownerList.items).toHaveLength(1);
    expect(memberList.items).toHaveLength(1);
    expect(ownerList.items[0]?.id).not.toBe(memberList.items[0]?.id);
    // The owner cannot remove the member's passkey, nor the member the owner's.
    expect(
      (await t.api(passkeyRemove, { id: memberList.items[0]?.id ?? '' }, { token: owner.token })).body.code,
    ).toBe(422);
    expect(
      (await t.api(passkeyRemove, { id: ownerList.items[0]?.id ?? '' }, { token: member.token })).body.code,
    ).toBe(422);
    // The member's passkey opens a member session (a member signs in once it has chosen a password).
    await t.ctx.database.db
      .update(subAccounts)
      .set({ passwordHash: 'chosen' })
      .where(eq(subAccounts.id, `m-${owner.accountId}`));
    const signedIn = await t.api(passkeySignIn, { credential: device.assert(await signInOptions()) });
    expect(signedIn.body.code, JSON.stringify(signedIn.body)).toBe(200);
    const token = (signedIn.body.data as { access_token: string }).access_token;
    expect(await sessionOfToken(token)).toEqual({
      accountId: owner.accountId,
      subAccountId: `m-${owner.accountId}`,
    });
  });
});

describe('step-up with a passkey and the reveal window', () => {
  it('buys a card_reveal ticket (method passkey); only the caller’s own passkeys answer', async () => {
    const owner = await signedInAccount(t);
    expect(await stepUpOptions(owner)).toBeNull();
    const { device: ownerDevice } = await registerWith(owner);
    const member = await openSession(t, owner.accountId, `s-${owner.accountId}`);
    // The member has none of its own: no options, and the owner's passkey is refused for it.
    expect(await stepUpOptions(member)).toBeNull();
    const forged = await t.api(
      passkeyStepUp,
      {
        purpose: 'card_reveal',
        credential: ownerDevice.assert((await stepUpOptions(owner)) ?? { challenge: '' }),
      },
      { token: member.token },
    );
    expect(forged.body.code).toBe(422);

    const options = await stepUpOptions(owner);
    expect(options?.allowCredentials).toHaveLength(1);
    const answer = await t.api(
      passkeyStepUp,
      { purpose: 'card_reveal', credential: ownerDevice.assert(options ?? { challenge: '' }) },
      { token: owner.token },
    );
    expect(answer.body.code).toBe(200);
    const ticket = (answer.body.data as { ticket: string }).ticket;
    const [row] = await t.ctx.database.db
      .select({ method: stepUpTickets.method, sessionId: stepUpTickets.sessionId })
      .from(stepUpTickets)
      .where(eq(stepUpTickets.ticketHash, sha256(ticket)));
    expect(row).toEqual({ method: 'passkey', sessionId: owner.sessionId });
  });

  it('a challenge of one purpose does not buy a ticket of another', async () => {
    const me = await signedInAccount(t);
    const { device } = await registerWith(me);
    const options = await stepUpOptions(me);
    const answer = await t.api(
      passkeyStepUp,
      { purpose: 'bank_withdrawal', credential: device.assert(options ?? { challenge: '' }) },
      { token: me.token },
    );
    expect(answer.body.code).toBe(422);
  });

  it('after a step-up, the session’s reveals ask nothing for 5 minutes (server-side), then ask again', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId);
    const { device } = await registerWith(me);
    const bare = () => t.api(cardDetail, { cardId: card.id }, { token: me.token });
    expect((await bare()).body).toMatchObject({ code: 428, data: { stepUp: 'card_reveal' } });

    const ticket = (
      await t.api(
        passkeyStepUp,
        { purpose: 'card_reveal', credential: device.assert((await stepUpOptions(me)) ?? { challenge: '' }) },
        { token: me.token },
      )
    ).body.data as { ticket: string };
    const first = await t.api(
      cardDetail,
      { cardId: card.id, stepUpTicket: ticket.ticket },
      { token: me.token },
    );
    expect(first.body.code).toBe(200);
    const until = (first.body.data as { trustedUntil: string }).trustedUntil;
    expect(Date.parse(until) - t.ctx.now().getTime()).toBeGreaterThan(REVEAL_WINDOW_SECONDS * 1000 - 5000);
    const [stored] = await t.ctx.database.db
      .select({ until: sessions.revealTrustedUntil })
      .from(sessions)
      .where(eq(sessions.id, me.sessionId));
    expect(stored?.until?.toISOString()).toBe(until);

    // Within the window: no proof, and the window is not stretched.
    t.advance((REVEAL_WINDOW_SECONDS - 10) * 1000);
    const second = await bare();
    expect(second.body.code).toBe(200);
    expect((second.body.data as { trustedUntil: string }).trustedUntil).toBe(until);
    // Another session of the same account is not trusted.
    const other = await openSession(t, me.accountId);
    expect((await t.api(cardDetail, { cardId: card.id }, { token: other.token })).body.code).toBe(428);

    t.advance(11_000);
    expect((await bare()).body).toMatchObject({ code: 428, data: { stepUp: 'card_reveal' } });
  });

  it('a password step-up opens the window too; a Google-bound account may reveal with a passkey ticket', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId);
    const ticket = await stepUpTicketFor(t, me.token, 'card_reveal');
    expect(
      (await t.api(cardDetail, { cardId: card.id, stepUpTicket: ticket }, { token: me.token })).body.code,
    ).toBe(200);
    expect((await t.api(cardDetail, { cardId: card.id }, { token: me.token })).body.code).toBe(200);

    const google = await signedInAccount(t);
    const googleCard = await openTestCard(t, google.accountId);
    await bindGoogle(t, google.accountId);
    const { device } = await registerWith(google);
    expect((await t.api(cardDetail, { cardId: googleCard.id }, { token: google.token })).body).toMatchObject({
      code: 428,
      data: { need: 'google' },
    });
    const passkeyTicket = (
      await t.api(
        passkeyStepUp,
        {
          purpose: 'card_reveal',
          credential: device.assert((await stepUpOptions(google)) ?? { challenge: '' }),
        },
        { token: google.token },
      )
    ).body.data as { ticket: string };
    const shown = await t.api(
      cardDetail,
      { cardId: googleCard.id, stepUpTicket: passkeyTicket.ticket },
      { token: google.token },
    );
    expect(shown.body.code).toBe(200);
  });
});
