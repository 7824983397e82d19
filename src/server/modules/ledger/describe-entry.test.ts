/**
 * The sentences of the records (issue 18 §3): built from what the money operations really write,
 * in both languages, with the raw reference kept beside them for the details view.
 */
import { describe, expect, it } from 'vitest';
import { cardDelete, cardReduce, getCardBill } from '../../../contract/cards';
import { flowPage, type FlowRow } from '../../../contract/finance';
import { fileTestApp } from '../../testing/file-app';
import {
  funded,
  idempotency,
  openCard,
  openCardBatch,
  quote,
  quoteAndRecharge,
  SUBSCRIPTIONS,
  totalFor,
} from '../../testing/card-kit';
import { describeCardEntry, describeWalletEntry } from './describe-entry';

const t = fileTestApp();
const NO_NAMES = new Map();

async function flows(token: string, lang: 'en' | 'zh-CN'): Promise<FlowRow[]> {
  const answer = await t.api(flowPage, { pageSize: 50 }, { token, lang });
  expect(answer.body.code).toBe(200);
  return (answer.body.data as { data: FlowRow[] }).data;
}

describe('record sentences from real operations', () => {
  it('name the segment, the cards and what happened, in the reader’s language, keeping the reference', async () => {
    const me = await funded(t, { usd: 100_000 });
    const single = await openCard(t, me.token, {
      expectTotal: totalFor(await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 }), 'USD'),
    });
    expect(single.body.code).toBe(200);
    const card = (single.body.data as { card: { id: string; serial: string } }).card;
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 2 });
    expect(
      (await openCardBatch(t, me.token, { count: 2, expectTotal: totalFor(cost, 'USD') })).body.code,
    ).toBe(200);
    expect((await quoteAndRecharge(t, me.token, { cardId: card.id, amount: 2_000 })).answer.body.code).toBe(
      200,
    );
    await t.api(cardReduce, { cardId: card.id, amount: 500 }, { token: me.token, headers: idempotency() });
    await t.api(cardDelete, { cardId: card.id }, { token: me.token, headers: idempotency() });

    const en = await flows(me.token, 'en');
    const sentences = en.map((row) => [row.type, row.summary]);
    expect(sentences).toEqual([
      ['card_withdraw', `Balance of deleted card ${card.serial} returned to the wallet`],
      ['card_withdraw', `Withdrawn from card ${card.serial} to the wallet`],
      ['fee', `Recharge fee, card ${card.serial}`],
      ['card_recharge', `Recharge of card ${card.serial}`],
      ['fee', 'Opening fees, 2 cards from Visa 428837 · Subscriptions'],
      ['card_open', '2 cards opened from Visa 428837 · Subscriptions'],
      ['fee', 'Opening fee, card from Visa 428837 · Subscriptions'],
      ['card_open', 'Card opened from Visa 428837 · Subscriptions'],
      // The test kit's funding is not an order: its reference is shown as written.
      ['topup', 'test funding'],
    ]);
    // The ids stay in the row for the details view.
    expect(en.find((row) => row.summary.startsWith('2 cards opened'))?.description).toBe(
      `${SUBSCRIPTIONS} ×2`,
    );

    const zh = await flows(me.token, 'zh-CN');
    expect(zh.map((row) => row.summary)).toEqual([
      `已删除卡片 ${card.serial} 的余额退回钱包`,
      `卡片 ${card.serial} 提现到钱包`,
      `充值手续费，卡片 ${card.serial}`,
      `卡片 ${card.serial} 充值`,
      '开卡手续费，Visa 428837 · 订阅服务 共 2 张',
      '从 Visa 428837 · 订阅服务 开卡 2 张',
      '开卡手续费，Visa 428837 · 订阅服务',
      '从 Visa 428837 · 订阅服务 开卡',
      'test funding',
    ]);

    const bill = await t.api(getCardBill, { cardId: card.id }, { token: me.token, lang: 'en' });
    const billRows = (bill.body.data as { data: { summary: string }[] }).data;
    expect(billRows.map((row) => row.summary)).toEqual([
      'Card deleted, balance returned to the wallet',
      'Withdrawal to the wallet',
      'Recharge from the wallet',
      'Opening load from the wallet, Visa 428837 · Subscriptions',
    ]);
  });
});

describe('describeWalletEntry', () => {
  it('reads a top-up and its fee as channel and order, in each language', () => {
    const topup = { type: 'topup', description: 'wechat R2026112600000001', cardSerial: null };
    expect(describeWalletEntry(topup, 'en', NO_NAMES)).toBe('Top-up by WeChat Pay, order R2026112600000001');
    expect(describeWalletEntry({ ...topup, type: 'fee' }, 'zh-CN', NO_NAMES)).toBe(
      '微信支付充值手续费，订单 R2026112600000001',
    );
    expect(
      describeWalletEntry({ type: 'topup', description: 'usdt_trc20 R1', cardSerial: null }, 'en', NO_NAMES),
    ).toBe('Top-up by USDT (TRC20), order R1');
  });

  it('reads transfers, refunds and reversals of deleted cards, and commission', () => {
    expect(
      describeWalletEntry({ type: 'transfer_in', description: 'BK778', cardSerial: null }, 'en', NO_NAMES),
    ).toBe('USD bank transfer received, bank reference BK778');
    expect(
      describeWalletEntry({ type: 'card_refund', description: 'Netflix', cardSerial: 'C9' }, 'en', NO_NAMES),
    ).toBe('Refund from Netflix for deleted card C9, paid into the wallet');
    expect(
      describeWalletEntry({ type: 'reversal', description: 'Spotify', cardSerial: 'C9' }, 'zh-CN', NO_NAMES),
    ).toBe('Spotify 的交易已撤销（卡片 C9 已删除），退回钱包');
    expect(
      describeWalletEntry(
        { type: 'rebate', description: 'Commission withdrawal', cardSerial: null },
        'zh-CN',
        NO_NAMES,
      ),
    ).toBe('佣金转入钱包');
    expect(
      describeWalletEntry(
        { type: 'card_recharge', description: '3 cards', cardSerial: null },
        'en',
        NO_NAMES,
      ),
    ).toBe('Recharge of 3 cards');
  });

  it('shows a reference no rule reads exactly as it was written', () => {
    expect(
      describeWalletEntry({ type: 'topup', description: '\t=odd', cardSerial: null }, 'en', NO_NAMES),
    ).toBe('\t=odd');
  });
});

describe('describeCardEntry', () => {
  it('names the merchant of a payment, a refund and a reversal', () => {
    const entry = { description: 'OpenAI', cardSerial: 'C1' };
    expect(describeCardEntry({ ...entry, type: 'spend' }, 'en', NO_NAMES)).toBe('Payment at OpenAI');
    expect(describeCardEntry({ ...entry, type: 'refund' }, 'zh-CN', NO_NAMES)).toBe('OpenAI 退款');
    expect(describeCardEntry({ ...entry, type: 'reversal' }, 'en', NO_NAMES)).toBe(
      'Payment at OpenAI cancelled',
    );
  });
});
