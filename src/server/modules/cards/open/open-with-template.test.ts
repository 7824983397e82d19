/**
 * Opening cards with a saved spending template (issue 33 §3): the single and batch openings give
 * every new card the template's rules; a template of another customer is refused with a translated
 * reason and opens nothing; a member may choose a template only when their role may change limits
 * (`card:limits`), enforced by the server whatever the PWA shows.
 */
import { describe, expect, it } from 'vitest';
import type { BatchResult, CardView } from '@contract/cards';
import { batchOpenCard } from '@contract/cards';
import * as st from '@contract/spending-templates';
import type { SpendingTemplateView } from '@contract/spending-templates';
import { NO_SPEND_RULES } from '@contract/spending';
import { newId } from '../../../lib/crypto';
import {
  cardsOf,
  funded,
  holderInput,
  idempotency,
  openCard,
  openCardBatch,
  quote,
  SUBSCRIPTIONS,
  totalFor,
  walletBalance,
} from '../../../testing/card-kit';
import { fileTestApp } from '../../../testing/file-app';
import { ensureSubAccount, openSession } from '../../../testing/signed-in';
import { readStoredRules } from '../../spending/stored-rules';

const t = fileTestApp();

const ADS_ONLY = {
  perAuthorization: 5_000,
  daily: 20_000,
  categories: { mode: 'allow', groups: ['advertising'] },
  countries: { mode: 'block', countries: ['GB'] },
};

async function saveTemplate(token: string, name = 'Ads only'): Promise<SpendingTemplateView> {
  const answer = await t.api(st.spendingTemplateSave, { name, rules: ADS_ONLY } as never, { token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as SpendingTemplateView;
}

const rulesOf = async (cardId: string) => (await readStoredRules(t.ctx.database.db, cardId)).rules;

const expected = {
  ...NO_SPEND_RULES,
  perAuthorization: 5_000,
  daily: 20_000,
  categories: { mode: 'allow', groups: ['advertising'] },
  countries: { mode: 'block', countries: ['GB'] },
};

describe('opening cards with a spending template', () => {
  it('a single card gets the template’s rules; without a template it has none', async () => {
    const me = await funded(t, { usd: 100_000 });
    const template = await saveTemplate(me.token);
    const total = totalFor(await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 }), 'USD');
    const answer = await openCard(t, me.token, { expectTotal: total, spendTemplateId: template.id });
    expect(answer.body.code).toBe(200);
    const card = (answer.body.data as { card: CardView }).card;
    expect(await rulesOf(card.id)).toEqual(expected);
    const plain = await openCard(t, me.token, { expectTotal: total });
    expect(await rulesOf((plain.body.data as { card: CardView }).card.id)).toEqual(NO_SPEND_RULES);
  });

  it('every card of a batch gets the template’s rules', async () => {
    const me = await funded(t, { usd: 100_000 });
    const template = await saveTemplate(me.token);
    const total = totalFor(
      await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 5 }),
      'USD',
    );
    const answer = await openCardBatch(t, me.token, {
      count: 5,
      expectTotal: total,
      spendTemplateId: template.id,
    });
    expect(answer.body.code).toBe(200);
    const result = answer.body.data as BatchResult;
    expect(result).toMatchObject({ status: 'done', issued: 5 });
    const opened = await cardsOf(t, me.accountId);
    expect(opened).toHaveLength(5);
    for (const card of opened) expect(await rulesOf(card.id)).toEqual(expected);
    // A later change of the template does not reach cards already opened with it.
    await t.api(
      st.spendingTemplateSave,
      { id: template.id, name: 'Ads only', rules: { daily: 1 } } as never,
      { token: me.token },
    );
    expect(await rulesOf(opened[0]!.id)).toEqual(expected);
  });

  it('another customer’s template is refused in the caller’s language and opens nothing', async () => {
    const other = await funded(t);
    const foreign = await saveTemplate(other.token, 'Theirs');
    const me = await funded(t, { usd: 100_000 });
    const single = totalFor(await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 }), 'USD');
    const batch = totalFor(
      await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 3 }),
      'USD',
    );
    const en = await openCard(t, me.token, { expectTotal: single, spendTemplateId: foreign.id });
    expect([en.body.code, en.body.msg]).toEqual([422, 'No such template']);
    const zh = await t.api(
      batchOpenCard,
      {
        ...holderInput(),
        segmentId: SUBSCRIPTIONS,
        amount: 1_000,
        debitCurrency: 'USD',
        expectTotal: batch,
        count: 3,
        spendTemplateId: foreign.id,
      },
      { token: me.token, lang: 'zh-CN', headers: idempotency() },
    );
    expect([zh.body.code, zh.body.msg]).toEqual([422, '模板不存在']);
    const unknown = await openCardBatch(t, me.token, {
      count: 3,
      expectTotal: batch,
      spendTemplateId: 'nope',
    });
    expect(unknown.body.code).toBe(422);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000);
  });

  it('a member chooses a template only when their role may change limits', async () => {
    const me = await funded(t, { usd: 100_000 });
    const template = await saveTemplate(me.token);
    const total = totalFor(await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 }), 'USD');
    const batchTotal = totalFor(
      await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 2 }),
      'USD',
    );

    const openerId = newId();
    await ensureSubAccount(t, me.accountId, openerId, ['card:list', 'card:open']);
    const opener = await openSession(t, me.accountId, openerId);
    const refused = await openCard(t, opener.token, { expectTotal: total, spendTemplateId: template.id });
    expect(refused.body.code).toBe(4030);
    const refusedBatch = await openCardBatch(t, opener.token, {
      count: 2,
      expectTotal: batchTotal,
      spendTemplateId: template.id,
    });
    expect(refusedBatch.body.code).toBe(4030);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000);
    // The same member opens without a template.
    expect((await openCard(t, opener.token, { expectTotal: total })).body.code).toBe(200);

    const managerId = newId();
    await ensureSubAccount(t, me.accountId, managerId, ['card:list', 'card:open', 'card:limits']);
    const manager = await openSession(t, me.accountId, managerId);
    const batch = await openCardBatch(t, manager.token, {
      count: 2,
      expectTotal: batchTotal,
      spendTemplateId: template.id,
    });
    expect(batch.body.code).toBe(200);
    const cards = (batch.body.data as BatchResult).cards;
    expect(cards).toHaveLength(2);
    for (const card of cards) expect(await rulesOf(card.id)).toEqual(expected);
  });
});
