/**
 * Issue 18 §4: holder names and billing addresses follow what card networks accept. The server
 * refuses anything else with 400 naming the rule and the field, and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { newCard } from '../../../contract/cards';
import { fileTestApp } from '../../testing/file-app';
import {
  cardsOf,
  funded,
  holderInput,
  idempotency,
  quote,
  SUBSCRIPTIONS,
  totalFor,
  walletBalance,
} from '../../testing/card-kit';

const t = fileTestApp();

describe('holder names and addresses on POST /api/card/newCard', () => {
  it('refuses emoji, HTML and over-long names with the rule and the field, and opens nothing', async () => {
    const me = await funded(t, { usd: 10_000 });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    const open = (holder: Parameters<typeof holderInput>[0], lang: 'en' | 'zh-CN' = 'en') =>
      t.api(
        newCard,
        {
          ...holderInput(holder),
          segmentId: SUBSCRIPTIONS,
          amount: 1_000,
          debitCurrency: 'USD',
          expectTotal: totalFor(cost, 'USD'),
        },
        { token: me.token, headers: idempotency(), lang },
      );

    const emoji = await open({ holderFirstName: '😀Joe' });
    expect(emoji.body).toMatchObject({
      code: 400,
      msg: "First name: use Latin letters (A–Z), spaces and ' - . , only, as card networks require",
      data: { fields: ['holderFirstName'] },
    });
    const html = await open({ holderLastName: '<b>x</b>' }, 'zh-CN');
    expect(html.body).toMatchObject({
      code: 400,
      msg: "姓：按卡组织要求，只能使用英文字母（A–Z）、空格和 ' - . ,",
      data: { fields: ['holderLastName'] },
    });
    const long = await open({ holderFirstName: 'A'.repeat(41) });
    expect(long.body).toMatchObject({ code: 400, msg: 'First name is too long' });
    const street = await open({ street: '1 Main St <script>' });
    expect(street.body).toMatchObject({ code: 400, data: { fields: ['street'] } });
    expect(street.body.msg).toContain('Street:');

    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(10_000);

    const good = await open({
      holderFirstName: "D'Arcy",
      holderLastName: 'Smith-Jones',
      street: '12 Main St. #4/B',
    });
    expect(good.body.code).toBe(200);
    expect(await cardsOf(t, me.accountId)).toHaveLength(1);
  });
});
