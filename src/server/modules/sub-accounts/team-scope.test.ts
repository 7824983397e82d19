/**
 * What a team member may reach of its owner's (issue 29 §1, §2) and one sign-in address per user
 * (§3, §10): files by purpose and role, batches by who opened them, addresses across main accounts
 * and members, and `/api/sub/add` telling nothing before its code is proven.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signup, signupCode } from '../../../contract/auth';
import type { BatchResult } from '../../../contract/cards';
import { batchCard } from '../../../contract/cards';
import { fileView } from '../../../contract/finance';
import { PERMISSION_KEYS } from '../../../contract/permissions';
import { subAdd, subAddCode } from '../../../contract/sub-accounts';
import { accounts, signInAddresses, subAccounts } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { openCardBatch, funded, idempotency, quote, SUBSCRIPTIONS, totalFor } from '../../testing/card-kit';
import { uploadProof } from '../../testing/forecasts';
import type { TestApp } from '../../testing/harness';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../../testing/harness';
import { postFile, tinyPng } from '../../testing/images';
import { askForCode, ensureSubAccount, openSession, signedInAccount } from '../../testing/signed-in';
import { PUBLIC_UPLOAD_PATH } from '../files/upload-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Roles a team really uses, from nothing to everything. */
const ROLES: Record<string, readonly string[]> = {
  none: [],
  finance: ['finance:wallet', 'finance:record'],
  cards: ['card:open', 'card:list', 'card:record', 'card:export'],
  everything: PERMISSION_KEYS,
};

async function memberSession(accountId: string, keys: readonly string[]) {
  const subAccountId = newId();
  await ensureSubAccount(t, accountId, subAccountId, keys);
  return { subAccountId, ...(await openSession(t, accountId, subAccountId)) };
}

async function upload(path: string, token: string): Promise<string> {
  const res = await postFile(t, path, { bytes: tinyPng(), name: 'doc.png' }, { token });
  const body = (await res.json()) as { code?: number; errcode?: string; data: { fileId: string } };
  if (body.code !== undefined && body.code !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  if (body.errcode !== undefined && body.errcode !== '0')
    throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data.fileId;
}

async function viewStatus(id: string, token: string): Promise<number> {
  const res = await t.raw(`${fileView.path}?id=${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return res.status;
}

describe('GET /api/file/view for a team (issue 29 §1)', () => {
  it("answers the owner's identity document and transfer proof to the owner and to no member of any role", async () => {
    const owner = await signedInAccount(t);
    const identityDoc = await upload('/api/identity/upload', owner.token);
    const proof = await uploadProof(t, owner.token);
    const ownGeneral = await upload(PUBLIC_UPLOAD_PATH, owner.token);
    for (const id of [identityDoc, proof, ownGeneral]) expect(await viewStatus(id, owner.token)).toBe(200);
    for (const [role, keys] of Object.entries(ROLES)) {
      const member = await memberSession(owner.accountId, keys);
      for (const id of [identityDoc, proof, ownGeneral])
        expect({ role, id, status: await viewStatus(id, member.token) }).toEqual({ role, id, status: 404 });
    }
  });

  it('lets a member read back the general file it uploaded itself, and no other member read it', async () => {
    const owner = await signedInAccount(t);
    const uploader = await memberSession(owner.accountId, ROLES.none!);
    const other = await memberSession(owner.accountId, ROLES.everything!);
    const id = await upload(PUBLIC_UPLOAD_PATH, uploader.token);
    expect(await viewStatus(id, uploader.token)).toBe(200);
    expect(await viewStatus(id, owner.token)).toBe(200);
    expect(await viewStatus(id, other.token)).toBe(404);
    const stranger = await signedInAccount(t);
    expect(await viewStatus(id, stranger.token)).toBe(404);
  });
});

describe('POST /api/card/batchCard for a team (issue 29 §2)', () => {
  async function openBatch(token: string): Promise<string> {
    const cost = await quote(t, token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 2 });
    const headers = idempotency();
    const answer = await openCardBatch(t, token, { count: 2, expectTotal: totalFor(cost, 'USD') }, headers);
    expect(answer.body.code).toBe(200);
    return headers['idempotency-key'];
  }

  it("refuses the owner's batch to a member of any role, as an unknown id", async () => {
    const owner = await funded(t, { usd: 100_000 });
    const batchId = await openBatch(owner.token);
    expect((await t.api(batchCard, { batchId }, { token: owner.token })).body.code).toBe(200);
    for (const keys of [ROLES.cards!, ROLES.everything!]) {
      const member = await memberSession(owner.accountId, keys);
      const answer = await t.api(batchCard, { batchId }, { token: member.token });
      expect(answer.body.code).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain(batchId);
    }
  });

  it("answers a member's batch to that member and the owner, and not to another member", async () => {
    const owner = await funded(t, { usd: 100_000 });
    const opener = await memberSession(owner.accountId, ROLES.cards!);
    const other = await memberSession(owner.accountId, ROLES.everything!);
    const batchId = await openBatch(opener.token);
    const mine = await t.api(batchCard, { batchId }, { token: opener.token });
    expect(mine.body.code).toBe(200);
    expect((mine.body.data as BatchResult).cards).toHaveLength(2);
    const owners = await t.api(batchCard, { batchId }, { token: owner.token });
    expect((owners.body.data as BatchResult).cards).toHaveLength(2);
    expect((await t.api(batchCard, { batchId }, { token: other.token })).body.code).toBe(404);
  });
});

describe('one sign-in address across main accounts and members (issue 29 §3)', () => {
  async function memberWithAddress(): Promise<{ email: string; ownerToken: string }> {
    const owner = await signedInAccount(t);
    const member = await memberSession(owner.accountId, ROLES.cards!);
    const [row] = await t.ctx.database.db
      .select({ email: subAccounts.email })
      .from(subAccounts)
      .where(eq(subAccounts.id, member.subAccountId));
    return { email: row!.email, ownerToken: owner.token };
  }

  it("refuses a sign-up with a member's address with 409, and makes no account", async () => {
    const { email } = await memberWithAddress();
    await t.api(signupCode, { email });
    const code = await t.latestCode(email);
    const answer = await t.api(signup, {
      email,
      code,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('This e-mail is already registered');
    const made = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(made).toHaveLength(0);
  });

  it("refuses a member with a main account's address the same way, whatever its case", async () => {
    const owner = await signedInAccount(t);
    const other = await signedInAccount(t);
    const code = await askForCode(t, subAddCode, {}, owner.token, owner.email);
    const answer = await t.api(
      subAdd,
      {
        code,
        email: other.email.toUpperCase(),
        nickname: 'Bob',
        roleId: await roleOf(owner.accountId),
        validUntil: '2099-01-01',
      },
      { token: owner.token },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('This e-mail is already registered');
  });

  it('the database refuses a second holder of an address, whoever writes it', async () => {
    const { email } = await memberWithAddress();
    const other = await signedInAccount(t);
    // An e-mail change written past every check: the constraint still refuses it.
    await expect(
      t.ctx.database.db
        .update(accounts)
        .set({ email: email.toUpperCase() })
        .where(eq(accounts.id, other.accountId)),
    ).rejects.toThrow();
    // Moving an address frees the old one and claims the new one.
    const fresh = uniqueEmail('moved').toLowerCase();
    await t.ctx.database.db.update(accounts).set({ email: fresh }).where(eq(accounts.id, other.accountId));
    const held = await t.ctx.database.db
      .select()
      .from(signInAddresses)
      .where(eq(signInAddresses.accountId, other.accountId));
    expect(held.map((row) => row.address)).toEqual([fresh]);
  });
});

async function roleOf(accountId: string): Promise<string> {
  const probe = newId();
  await ensureSubAccount(t, accountId, probe, ['card:list']);
  const [row] = await t.ctx.database.db
    .select({ roleId: subAccounts.roleId })
    .from(subAccounts)
    .where(eq(subAccounts.id, probe));
  return row!.roleId;
}

describe('/api/sub/add tells nothing before its code (issue 29 §10)', () => {
  it('answers a wrong code alike for a registered and an unknown address, then 409 only with the code, keeping it', async () => {
    const owner = await signedInAccount(t);
    const registered = await signedInAccount(t);
    const roleId = await roleOf(owner.accountId);
    const code = await askForCode(t, subAddCode, {}, owner.token, owner.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const add = (email: string, withCode: string) =>
      t.api(
        subAdd,
        { code: withCode, email, nickname: 'Eve', roleId, validUntil: '2099-01-01' },
        { token: owner.token },
      );
    const forRegistered = await add(registered.email, wrong);
    const forUnknown = await add(uniqueEmail('nobody').toLowerCase(), wrong);
    expect(forRegistered.status).toBe(422);
    expect({ status: forUnknown.status, msg: forUnknown.body.msg }).toEqual({
      status: forRegistered.status,
      msg: forRegistered.body.msg,
    });
    // With the code, the owner learns the address is taken, and the code still works for a free one.
    expect((await add(registered.email, code)).status).toBe(409);
    expect((await add(uniqueEmail('new-member').toLowerCase(), code)).body.code).toBe(200);
  });
});
