// @vitest-environment jsdom
/**
 * The record detail sheet: opened from a row, it names the category (not the raw MCC) and the
 * country in the reader's language, shows both amounts and the history, and for a decline the
 * reason with a translated line of advice. The MCC table names every 4-digit code.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TradeDetail, TradeRow } from '@contract/records';
import en from '@locales/en/cardRecords.json';
import zh from '@locales/zh-CN/cardRecords.json';
import { i18n } from '../../../lib/i18n';
import { signIn } from '../../../testing/fixtures';
import { renderPage, stubApi } from '../../../testing/utils';
import { CardRecordPage } from './CardRecordPage';
import { countryName, foreignMoney } from './components/TradeDetailSheet';
import { mccKey } from './mcc-category';
import { tradeRow } from '../../../testing/card-records';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));
vi.setConfig({ testTimeout: 15_000 });

const ABROAD = tradeRow({
  id: 'r-abroad',
  status: 'refunded',
  merchantName: 'Le Café',
  merchantCategory: '5814',
  merchantCountry: 'FR',
  amount: 1_100,
  refunded: 300,
});
const DECLINED = tradeRow({
  id: 'r-declined',
  status: 'declined',
  merchantName: 'AWS',
  merchantCategory: '7372',
  merchantCountry: 'US',
  amount: 9_900,
  declineReason: 'incorrect_cvv',
  declineText: 'Incorrect CVV or expiry date',
});

function detailOf(row: TradeRow): TradeDetail {
  if (row.status === 'declined')
    return {
      ...row,
      originalAmount: null,
      originalCurrency: null,
      history: [{ step: 'declined', at: row.createdAt, amount: row.amount }],
    };
  return {
    ...row,
    originalAmount: 1_000,
    originalCurrency: 'EUR',
    history: [
      { step: 'authorized', at: '2026-01-05T09:03:00Z', amount: 1_100 },
      { step: 'cleared', at: '2026-01-06T02:00:00Z', amount: 1_100 },
      { step: 'refunded', at: '2026-01-07T02:00:00Z', amount: 300 },
    ],
  };
}

function serve() {
  return stubApi((r) => {
    if (r.path === '/api/cardTrade/authTrans/page')
      return { code: 200, data: { data: [ABROAD, DECLINED], total: 2, pageNo: 1, pageSize: 10 } };
    if (r.path === '/api/cardTrade/detail') {
      const row = [ABROAD, DECLINED].find((candidate) => candidate.id === r.query.get('id'));
      return row ? { code: 200, data: detailOf(row) } : { code: 404, msg: 'no such record' };
    }
    return { code: 404, msg: 'no such path' };
  });
}

async function open(id: string) {
  await renderPage('/cardRecord', CardRecordPage);
  await screen.findAllByTestId('trade-row');
  const marker = screen.getAllByTestId('trade-row').find((element) => element.dataset.id === id)!;
  const row = marker.closest('[data-testid="data-row"], [data-testid="data-card"]') as HTMLElement;
  fireEvent.click(within(row).getByTestId('trade-open'));
  return screen.findByTestId('trade-detail');
}

beforeEach(() => signIn());
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('TradeDetailSheet', () => {
  it('names the category and country, shows both amounts and the history in order', async () => {
    const { requests } = serve();
    const sheet = await open('r-abroad');
    expect(within(sheet).getByTestId('detail-merchant').textContent).toBe('Le Café');
    expect(within(sheet).getByTestId('detail-category').textContent).toBe('Fast foodMCC 5814');
    expect(within(sheet).getByTestId('detail-country').textContent).toBe('France');
    expect(within(sheet).getByTestId('detail-amount').textContent).toContain('11.00');
    await waitFor(() => expect(within(sheet).getByTestId('detail-original').textContent).toBe('€10.00'));
    const steps = within(sheet).getByTestId('detail-history').querySelectorAll('li');
    expect([...steps].map((li) => li.dataset.step)).toEqual(['authorized', 'cleared', 'refunded']);
    expect(steps[2]!.textContent).toContain('Refunded');
    expect(steps[2]!.textContent).toContain('3.00');
    expect(requests.filter((r) => r.path === '/api/cardTrade/detail')[0]!.query.get('id')).toBe('r-abroad');
    expect(within(sheet).queryByTestId('detail-decline')).toBeNull();
  });

  it('a decline: the reason and what to do, in the reader’s language', async () => {
    serve();
    const sheet = await open('r-declined');
    expect(within(sheet).getByTestId('detail-reason').textContent).toBe('Incorrect CVV or expiry date');
    expect(within(sheet).getByTestId('detail-advice').textContent).toContain('Check the CVV');
    await waitFor(() =>
      expect(within(sheet).getByTestId('detail-original').textContent).toBe('Charged in the card’s currency'),
    );
    expect(within(sheet).getByTestId('detail-category').textContent).toContain('Computer programming');

    await i18n.changeLanguage('zh-CN');
    await waitFor(() => expect(within(sheet).getByTestId('detail-country').textContent).toBe('美国'));
    expect(within(sheet).getByTestId('detail-advice').textContent).toContain('CVV');
    expect(within(sheet).getByTestId('detail-advice').textContent).toMatch(/[\u4e00-\u9fff]/);
    expect(within(sheet).getByTestId('detail-category').textContent).toContain('编程与主机服务');
  });
});

describe('the MCC table', () => {
  it('names well-known codes by themselves and every other code by its ISO 18245 range', () => {
    expect(mccKey('5734')).toBe('mcc.code.5734');
    expect(mccKey('3012')).toBe('mcc.group.airlines');
    expect(mccKey('3400')).toBe('mcc.group.carRental');
    expect(mccKey('4829')).toBe('mcc.group.utilities');
    expect(mccKey('5655')).toBe('mcc.group.clothing');
    expect(mccKey('8111')).toBe('mcc.group.professional');
    expect(mccKey('9222')).toBe('mcc.group.government');
    expect(mccKey('0000')).toBe('mcc.group.unknown');
    expect(mccKey('')).toBeNull();
    expect(mccKey('abc')).toBeNull();
  });

  it('has the same names in both languages, and every code of 0000–9999 has one', () => {
    expect(Object.keys(zh.mcc.code).sort()).toEqual(Object.keys(en.mcc.code).sort());
    expect(Object.keys(zh.mcc.group).sort()).toEqual(Object.keys(en.mcc.group).sort());
    for (let code = 0; code <= 9999; code += 7) {
      const key = mccKey(String(code).padStart(4, '0'))!;
      const [, kind, name] = key.split('.');
      const table = (en.mcc as Record<string, Record<string, string>>)[kind!]!;
      expect(table[name!], key).toBeTruthy();
    }
  });

  it('formats foreign amounts with their own decimals and names countries per language', () => {
    expect(foreignMoney(1_000, 'EUR', 'en')).toBe('€10.00');
    expect(foreignMoney(1_500, 'JPY', 'en')).toBe('¥1,500');
    expect(countryName('DE', 'zh-CN')).toBe('德国');
    expect(countryName('??', 'en')).toBe('??');
  });
});
