import { describe, expect, it } from 'vitest';
import { i18n, setLang } from '../../../lib/i18n';
import { cardLogText } from './card-log-text';
import { CARD_LIST_NS } from './i18n';

const t = i18n.getFixedT(null, CARD_LIST_NS);

describe('cardLogText (the words of a card event)', () => {
  it('says a recharge in words, and keeps the transaction number apart', async () => {
    await setLang('en');
    const text = cardLogText(
      {
        amount: 2_000,
        currency: 'USD',
        fee: 30,
        debitCurrency: 'CNY',
        total: 14_600,
        txnNo: 'T2026112600001',
      },
      t,
    );
    expect(text.phrases).toEqual(['Amount $20.00', 'fee $0.30', 'paid ¥146.00 from the CNY wallet']);
    expect(text.ids).toEqual([{ label: 'Transaction', value: 'T2026112600001' }]);
    // No raw key/value pairs are left in the words.
    expect(text.phrases.join(' ')).not.toMatch(/txnNo|debitCurrency|:\s/);
  });

  it('turns an opening into identifiers only, and a batch recharge into a count', async () => {
    await setLang('en');
    expect(cardLogText({ segmentId: 'visa-485932', batchId: '1a07' }, t)).toEqual({
      phrases: [],
      ids: [
        { label: 'Batch', value: '1a07' },
        { label: 'Segment', value: 'visa-485932' },
      ],
    });
    expect(cardLogText({ amount: 500, currency: 'USD', batch: 3 }, t).phrases).toEqual([
      'Amount $5.00',
      'one of 3 cards recharged together',
    ]);
  });

  it('names changed holder fields and returned money in Chinese', async () => {
    await setLang('cn');
    const zh = i18n.getFixedT('zh-CN', CARD_LIST_NS);
    expect(
      cardLogText({ changes: { street: { from: 'a', to: 'b' }, city: { from: 'c', to: 'd' } } }, zh).phrases,
    ).toEqual(['已修改：街道、城市']);
    expect(cardLogText({ refunded: 4_200, currency: 'USD', txnNo: null }, zh)).toEqual({
      phrases: ['$42.00 已退回钱包'],
      ids: [],
    });
  });
});
