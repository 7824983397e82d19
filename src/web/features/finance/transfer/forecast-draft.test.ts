import { describe, expect, it } from 'vitest';
import {
  checkForecast,
  draftOf,
  EMPTY_DRAFT,
  FORECAST_FIELDS,
  type ForecastDraft,
  type ForecastField,
} from './forecast-draft';

const TODAY = '2026-03-10';

/** Echoes the key and its options, so the tests see which message was chosen. */
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

const labels = Object.fromEntries(FORECAST_FIELDS.map((f) => [f, `<${f}>`])) as Record<ForecastField, string>;

const VALID: ForecastDraft = {
  amount: '1,250.10',
  payerName: 'ACME Trading LLC',
  payerAccount: '000123456789',
  bankArea: 'United States',
  bankName: 'First Demo Bank',
  transferDate: TODAY,
  bankTxnNo: 'FT26069ABCD',
  description: '',
  proofFileId: 'file-1',
};

const check = (draft: Partial<ForecastDraft>) => checkForecast({ ...VALID, ...draft }, TODAY, t, labels);

describe('checkForecast', () => {
  it('accepts a complete forecast and sends the amount in cents', () => {
    const result = check({});
    expect(result).toEqual({
      ok: true,
      data: {
        amount: 125_010,
        payerName: 'ACME Trading LLC',
        payerAccount: '000123456789',
        bankArea: 'United States',
        bankName: 'First Demo Bank',
        transferDate: TODAY,
        bankTxnNo: 'FT26069ABCD',
        description: undefined,
        proofFileId: 'file-1',
      },
    });
  });

  it('refuses less than $100, with the minimum in the message', () => {
    expect(check({ amount: '99.99' })).toEqual({
      ok: false,
      errors: { amount: 'validation.amountMin {"min":"$100.00"}' },
    });
    expect(check({ amount: '100' }).ok).toBe(true);
  });

  it('refuses amounts that are not dollars with at most two decimals', () => {
    expect(check({ amount: '100.001' })).toMatchObject({
      ok: false,
      errors: { amount: 'common:validation.amountDecimals' },
    });
    expect(check({ amount: '-600' })).toMatchObject({
      errors: { amount: 'common:validation.amountNegative' },
    });
    expect(check({ amount: 'ten' })).toMatchObject({ ok: false, errors: { amount: 'validation.amount' } });
  });

  it('refuses a transfer date in the future, and accepts today', () => {
    expect(check({ transferDate: '2026-03-11' })).toEqual({
      ok: false,
      errors: { transferDate: 'validation.futureDate' },
    });
    expect(check({ transferDate: '2026-02-30' })).toMatchObject({
      errors: { transferDate: 'validation.date' },
    });
  });

  it('asks for the proof image', () => {
    expect(check({ proofFileId: '' })).toEqual({ ok: false, errors: { proofFileId: 'validation.proof' } });
  });

  it('names every missing field, and only the optional description may stay empty', () => {
    const result = checkForecast(EMPTY_DRAFT, TODAY, t, labels);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      FORECAST_FIELDS.filter((f) => f !== 'description').sort(),
    );
    expect(result.errors.payerName).toBe('validation.required {"field":"<payerName>"}');
    expect(result.errors.amount).toBe('validation.required {"field":"<amount>"}');
  });

  it('applies the contract limits to the text fields', () => {
    expect(check({ payerName: 'x'.repeat(101) })).toMatchObject({
      errors: { payerName: 'validation.tooLong {"field":"<payerName>"}' },
    });
    expect(check({ payerName: '   ' })).toMatchObject({
      errors: { payerName: 'validation.required {"field":"<payerName>"}' },
    });
  });
});

describe('draftOf', () => {
  it('turns a stored forecast back into the form, amount in dollars', () => {
    expect(
      draftOf({
        id: 'f1',
        currency: 'USD',
        amount: 125_010,
        status: 'rejected',
        payerName: 'ACME',
        payerAccount: '1',
        bankArea: 'US',
        bankName: 'Bank',
        transferDate: '2026-03-01',
        bankTxnNo: 'TX',
        description: null,
        proofFileId: 'file-9',
        rejectReason: 'Blurry receipt',
        createdAt: '2026-03-01T00:00:00Z',
        updatedAt: '2026-03-02T00:00:00Z',
        canRevoke: false,
        canResubmit: true,
      }),
    ).toEqual({
      amount: '1250.10',
      payerName: 'ACME',
      payerAccount: '1',
      bankArea: 'US',
      bankName: 'Bank',
      transferDate: '2026-03-01',
      bankTxnNo: 'TX',
      description: '',
      proofFileId: 'file-9',
    });
  });
});
