/**
 * The `account` live kind (issue 18 §1): each change of what GET /api/user/info answers — a role's
 * keys, a member's role or status, Google Authenticator bound, the account's profile or status,
 * identity verification decided — reaches the streams of that account (the owner's and its members'
 * sessions) and no other customer's; a sign-in's bookkeeping sends nothing; a frozen member's stream
 * ends with the reason, so the tab can say why it signed out.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bindGoogleCode, getGoogleCode } from '../../../contract/account';
import { loginPwd } from '../../../contract/auth';
import { roleAdd, rolePermissionSet } from '../../../contract/roles';
import { subEditRole, subFrozen } from '../../../contract/sub-accounts';
import { accounts, identityOrders, subAccounts } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { googleCodeAt } from '../../lib/totp';
import { fileTestApp } from '../../testing/file-app';
import type { OpenStream } from '../../testing/live-stream';
import { changeOf, openLiveStream } from '../../testing/live-stream';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { grantVerification } from '../identity/grant-verification';

const t = fileTestApp();

/** Time a stray event would need to arrive, before a test says none did. */
const QUIET_MS = 300;
const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));
const accountEvents = (stream: OpenStream) => stream.events.filter(changeOf('account'));

async function ready(token: string): Promise<OpenStream> {
  const stream = await openLiveStream(t.app, token);
  await stream.waitFor((e) => e.event === 'ready');
  return stream;
}

/** An owner with one member (every key), their streams, and another customer's stream. */
async function team() {
  const owner = await signedInAccount(t);
  const subId = newId();
  const member = await openSession(t, owner.accountId, subId);
  const [row] = await t.ctx.database.db
    .select({ roleId: subAccounts.roleId })
    .from(subAccounts)
    .where(eq(subAccounts.id, subId));
  const stranger = await signedInAccount(t);
  const streams = {
    owner: await ready(owner.token),
    member: await ready(member.token),
    stranger: await ready(stranger.token),
  };
  const closeAll = () => Object.values(streams).forEach((stream) => stream.close());
  return { owner, member, subId, roleId: row!.roleId, streams, closeAll };
}

async function ok(answer: Promise<{ body: { code: number; msg: string } }>): Promise<void> {
  const { body } = await answer;
  expect(body.code, body.msg).toBe(200);
}

describe('the account kind', () => {
  it("reaches the member and the owner when the member's role loses a key, and no other customer", async () => {
    const { owner, roleId, streams, closeAll } = await team();
    await ok(t.api(rolePermissionSet, { roleId, permissions: 'card:list' }, { token: owner.token }));
    const change = await streams.member.waitFor(changeOf('account'));
    expect(change.data).toEqual({ kinds: ['account'] }); // a kind, no ids or keys
    await streams.owner.waitFor(changeOf('account'));
    await quiet();
    expect(accountEvents(streams.stranger)).toEqual([]);
    closeAll();
  });

  it('reaches the member when the owner gives it another role', async () => {
    const { owner, subId, streams, closeAll } = await team();
    const role = await t.api(roleAdd, { name: 'Viewer', permissions: 'card:list' }, { token: owner.token });
    expect(role.body.code).toBe(200);
    const roleId = (role.body.data as { id: string }).id;
    await ok(t.api(subEditRole, { subAccountId: subId, roleId }, { token: owner.token }));
    await streams.member.waitFor(changeOf('account'));
    await quiet();
    expect(accountEvents(streams.stranger)).toEqual([]);
    closeAll();
  });

  it("ends a frozen member's stream, saying why, and tells the owner's tabs", async () => {
    const { owner, subId, streams, closeAll } = await team();
    await ok(t.api(subFrozen, { subAccountId: subId, frozen: 1 }, { token: owner.token }));
    const end = await streams.member.waitFor((e) => e.event === 'end');
    expect(end.data).toEqual({ reason: 'session', cause: 'sub-frozen' });
    await expect.poll(() => streams.member.ended()).toBe(true);
    await streams.owner.waitFor(changeOf('account'));
    await quiet();
    expect(accountEvents(streams.stranger)).toEqual([]);
    closeAll();
  });

  it('follows Google Authenticator being bound', async () => {
    const { owner, streams, closeAll } = await team();
    // A code made one second into a time step cannot turn stale on the way to the server.
    t.advance(30_000 - (t.ctx.now().getTime() % 30_000) + 1000);
    const offer = await t.api(getGoogleCode, {}, { token: owner.token });
    const secret = (offer.body.data as { secret: string }).secret;
    // Offering a secret changes nothing user info shows.
    await quiet();
    expect(accountEvents(streams.owner)).toEqual([]);
    await ok(
      t.api(bindGoogleCode, { googleCode: googleCodeAt(secret, t.ctx.now()) }, { token: owner.token }),
    );
    await streams.owner.waitFor(changeOf('account'));
    await streams.member.waitFor(changeOf('account'));
    await quiet();
    expect(accountEvents(streams.stranger)).toEqual([]);
    closeAll();
  });

  it("follows the account's profile and status", async () => {
    const { owner, streams, closeAll } = await team();
    const db = t.ctx.database.db;
    await db.update(accounts).set({ nickname: 'Renamed' }).where(eq(accounts.id, owner.accountId));
    await streams.owner.waitFor(changeOf('account'));
    await streams.member.waitFor(changeOf('account'));
    // Changes within 100 ms travel as one event: let the first one go out before the next.
    await quiet();
    await db.update(accounts).set({ status: 'frozen' }).where(eq(accounts.id, owner.accountId));
    await expect.poll(() => accountEvents(streams.member).length).toBe(2);
    await quiet();
    expect(accountEvents(streams.stranger)).toEqual([]);
    closeAll();
  });

  it('follows identity verification being submitted and decided', async () => {
    const customer = await signedInAccount(t, undefined, false);
    const stranger = await signedInAccount(t);
    const mine = await ready(customer.token);
    const theirs = await ready(stranger.token);
    await grantVerification(t.ctx, customer.accountId, 'individual');
    await mine.waitFor(changeOf('account'));
    const before = accountEvents(mine).length;
    // A save that changes no status says nothing; a decision does.
    await t.ctx.database.db
      .update(identityOrders)
      .set({ personName: 'Someone' })
      .where(eq(identityOrders.accountId, customer.accountId));
    await quiet();
    expect(accountEvents(mine)).toHaveLength(before);
    await t.ctx.database.db
      .update(identityOrders)
      .set({ status: 'expired' })
      .where(eq(identityOrders.accountId, customer.accountId));
    await expect.poll(() => accountEvents(mine).length).toBe(before + 1);
    expect(accountEvents(theirs)).toEqual([]);
    mine.close();
    theirs.close();
  });

  it("sends nothing for a sign-in's bookkeeping (a wrong password, a sign-in)", async () => {
    const { owner, streams, closeAll } = await team();
    const wrong = await t.api(loginPwd, { username: owner.email, password: 'Not-the-password-1' });
    expect(wrong.body.code).not.toBe(200);
    await t.signIn(owner.email, owner.password);
    // A change that is not the account's own still arrives, so the stream was listening.
    await t.ctx.database.db.execute(sql`select live_notify(${owner.accountId}, 'cards')`);
    await streams.owner.waitFor(changeOf('cards'));
    await quiet();
    expect(accountEvents(streams.owner)).toEqual([]);
    closeAll();
  });
});
