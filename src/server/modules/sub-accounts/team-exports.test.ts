/**
 * The exports of the team pages (/subCardList, /subCardRecord), as a matrix: every export call
 * (cards, authorizations, transactions) by every kind of caller and scope, and exactly which
 * cards' rows the file holds. The owner exports its own page, its team, or one member; a member
 * exports its own rows whatever scope it asks for; nobody gets another account's rows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cardDown } from '../../../contract/cards';
import { authTransDown, transDown } from '../../../contract/records';
import type { CardRow } from '../cards/card-access';
import { openTestCard } from '../../testing/cards';
import { fileSignedInAccount, fileTestApp } from '../../testing/file-app';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { authorizeOnce } from '../../testing/issuer';

describe('team exports: who exports which rows', () => {
  const t = fileTestApp();
  const me = fileSignedInAccount(t);

  type Who = 'owner' | 'memberA' | 'other';
  const tokens = {} as Record<Who, string>;
  const cardsBy = {} as Record<'own' | 'a' | 'b' | 'x', CardRow>;

  async function cardWithRecord(accountId: string, subAccountId: string | null) {
    const card = await openTestCard(t, accountId, { subAccountId, balance: 10_000 });
    await authorizeOnce(t, card, { amount: 100 });
    return card;
  }

  async function download(
    path: string,
    method: 'GET' | 'POST',
    token: string,
    scope: Record<string, string>,
  ) {
    const fields = new URLSearchParams({ format: 'csv', ...scope }).toString();
    const res =
      method === 'GET'
        ? await t.raw(`${path}?${fields}`, { headers: { authorization: `Bearer ${token}` } })
        : await t.raw(path, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/x-www-form-urlencoded',
            },
            body: fields,
          });
    expect(res.status).toBe(200);
    return res.text();
  }

  const exportsOf = [
    ['cardDown', cardDown.path, 'GET'],
    ['authTransDown', authTransDown.path, 'POST'],
    ['transDown', transDown.path, 'POST'],
  ] as const;

  // caller, scope asked for, the cards whose rows the file holds
  const matrix: [Who, Record<string, string>, (keyof typeof cardsBy)[]][] = [
    ['owner', {}, ['own', 'a', 'b']],
    ['owner', { team: '1' }, ['a', 'b']],
    ['owner', { team: '1', subAccountId: 'team-exp-a' }, ['a']],
    ['owner', { subAccountId: 'team-exp-b' }, ['b']],
    ['owner', { team: '1', subAccountId: 'team-exp-x' }, []],
    ['memberA', {}, ['a']],
    ['memberA', { team: '1' }, ['a']],
    ['memberA', { team: '1', subAccountId: 'team-exp-b' }, ['a']],
    ['other', {}, ['x']],
    ['other', { team: '1' }, ['x']],
    ['other', { subAccountId: 'team-exp-a' }, []],
  ];

  beforeAll(async () => {
    const other = await signedInAccount(t);
    tokens.owner = me.token;
    tokens.memberA = (await openSession(t, me.accountId, 'team-exp-a')).token;
    await openSession(t, me.accountId, 'team-exp-b');
    tokens.other = other.token;
    await openSession(t, other.accountId, 'team-exp-x');
    cardsBy.own = await cardWithRecord(me.accountId, null);
    cardsBy.a = await cardWithRecord(me.accountId, 'team-exp-a');
    cardsBy.b = await cardWithRecord(me.accountId, 'team-exp-b');
    cardsBy.x = await cardWithRecord(other.accountId, 'team-exp-x');
  });

  it.each(exportsOf)('%s', async (_name, path, method) => {
    for (const [who, scope, expected] of matrix) {
      const text = await download(path, method, tokens[who], scope);
      const present = (Object.keys(cardsBy) as (keyof typeof cardsBy)[]).filter((key) =>
        text.includes(cardsBy[key].serial),
      );
      expect({ who, scope, present }).toEqual({ who, scope, present: expected });
    }
  });
});
