/** The opening form's checks and the display helpers. */
import { describe, expect, it } from 'vitest';
import { rateText } from './format';
import {
  checkAmount,
  checkOpenDraft,
  EMPTY_DRAFT,
  initialSegment,
  OPEN_FIELDS,
  parseCount,
  type OpenDraft,
  type OpenField,
  type SegmentRule,
} from './open-draft';
import { TEST_HOLDER } from '../../../testing/card-open-data';

const USD_SEGMENT: SegmentRule = { id: 's1', currency: 'USD', minFirstRecharge: 1000, status: 'open' };
const EUR_SEGMENT: SegmentRule = { id: 's2', currency: 'EUR', minFirstRecharge: 500, status: 'open' };

/** Shows the key and options, so a test sees which message was chosen. */
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}${JSON.stringify(options)}` : key;
const labels = Object.fromEntries(OPEN_FIELDS.map((f) => [f, f])) as Record<OpenField, string>;

const VALID: OpenDraft = {
  ...EMPTY_DRAFT,
  segmentId: 's1',
  amount: '100',
  ...TEST_HOLDER,
  holderFirstName: ' Ada ',
};

describe('amounts', () => {
  it('holds the first load to the segment minimum and sends USD loads above 1000 to service', () => {
    expect(checkAmount('', USD_SEGMENT)).toEqual({ ok: false, reason: 'required' });
    expect(checkAmount('0', USD_SEGMENT)).toEqual({
      ok: false,
      reason: 'invalid',
      key: 'common:validation.amountZero',
    });
    expect(checkAmount('-600', USD_SEGMENT)).toMatchObject({ key: 'common:validation.amountNegative' });
    expect(checkAmount('600.123', USD_SEGMENT)).toMatchObject({ key: 'common:validation.amountDecimals' });
    expect(checkAmount('9.99', USD_SEGMENT)).toEqual({ ok: false, reason: 'belowMin' });
    expect(checkAmount('10', USD_SEGMENT)).toEqual({ ok: true, amount: 1000 });
    expect(checkAmount('1000', USD_SEGMENT)).toEqual({ ok: true, amount: 100000 });
    expect(checkAmount('1000.01', USD_SEGMENT)).toEqual({ ok: false, reason: 'contactService' });
    // The rule is the server's: USD cards only.
    expect(checkAmount('5000', EUR_SEGMENT)).toEqual({ ok: true, amount: 500000 });
  });

  it('takes 1 to 500 cards', () => {
    expect(parseCount('1')).toBe(1);
    expect(parseCount('500')).toBe(500);
    expect(parseCount('0')).toBeNull();
    expect(parseCount('501')).toBeNull();
    expect(parseCount('2.5')).toBeNull();
  });
});

describe('checkOpenDraft', () => {
  it('accepts a complete form and returns what the API takes', () => {
    const checked = checkOpenDraft(
      { ...VALID, label: ' ads ', couponId: 'cp-1' },
      'single',
      USD_SEGMENT,
      t,
      labels,
    );
    expect(checked).toEqual({
      ok: true,
      data: {
        segmentId: 's1',
        amount: 10000,
        count: 1,
        couponId: 'cp-1',
        label: 'ads',
        ...TEST_HOLDER,
      },
    });
  });

  it('passes the chosen spending template on, and nothing when none is chosen', () => {
    const chosen = checkOpenDraft({ ...VALID, spendTemplateId: 'tpl-1' }, 'batch', USD_SEGMENT, t, labels);
    expect(chosen.ok && chosen.data.spendTemplateId).toBe('tpl-1');
    const none = checkOpenDraft(VALID, 'batch', USD_SEGMENT, t, labels);
    expect(none.ok && 'spendTemplateId' in none.data).toBe(false);
  });

  it('checks the postcode per country with the spec’s message', () => {
    const us = checkOpenDraft({ ...VALID, postcode: 'SW1A 1AA' }, 'single', USD_SEGMENT, t, labels);
    expect(us.ok ? null : us.errors.postcode).toBe('common:validation.zipCode');
    const gb = checkOpenDraft(
      { ...VALID, postcode: 'SW1A 1AA', country: 'GB' },
      'single',
      USD_SEGMENT,
      t,
      labels,
    );
    expect(gb.ok).toBe(true);
    const cn = checkOpenDraft(
      { ...VALID, postcode: '1000', country: 'CN' },
      'single',
      USD_SEGMENT,
      t,
      labels,
    );
    expect(cn.ok ? null : cn.errors.postcode).toBe('common:validation.zipCode');
  });

  it('names every missing field and refuses a segment in maintenance', () => {
    const checked = checkOpenDraft(
      EMPTY_DRAFT,
      'single',
      { ...USD_SEGMENT, status: 'maintenance' },
      t,
      labels,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.segmentId).toBe('validation.segmentMaintenance');
    expect(checked.errors.holderFirstName).toBe('validation.required{"field":"holderFirstName"}');
    expect(checked.errors.postcode).toBe('validation.required{"field":"postcode"}');
    expect(checked.errors.amount).toContain('validation.required');
    expect(checked.errors.count).toBeUndefined();

    const none = checkOpenDraft(VALID, 'single', null, t, labels);
    expect(none.ok ? null : none.errors.segmentId).toBe('validation.segment');
  });

  it('checks the count of a batch only', () => {
    const batch = checkOpenDraft({ ...VALID, count: '501' }, 'batch', USD_SEGMENT, t, labels);
    expect(batch.ok ? null : batch.errors.count).toBe('cards:validation.count');
    const single = checkOpenDraft({ ...VALID, count: '501' }, 'single', USD_SEGMENT, t, labels);
    expect(single.ok && single.data.count).toBe(1);
    const twenty = checkOpenDraft({ ...VALID, count: '20' }, 'batch', USD_SEGMENT, t, labels);
    expect(twenty.ok && twenty.data.count).toBe(20);
  });

  it('refuses names and labels over their limits', () => {
    const checked = checkOpenDraft(
      { ...VALID, holderLastName: 'x'.repeat(41), label: 'y'.repeat(33) },
      'single',
      USD_SEGMENT,
      t,
      labels,
    );
    expect(checked.ok ? null : checked.errors.holderLastName).toBe(
      'validation.tooLong{"field":"holderLastName"}',
    );
    expect(checked.ok ? null : checked.errors.label).toBe('validation.tooLong{"field":"label"}');
  });
});

describe('initialSegment', () => {
  const segments = [
    { ...USD_SEGMENT, id: 'a', status: 'maintenance' as const },
    { ...USD_SEGMENT, id: 'b' },
    { ...USD_SEGMENT, id: 'c' },
  ];
  it('takes the linked segment when it can be opened, else the first open one', () => {
    expect(initialSegment(segments, 'c')).toBe('c');
    expect(initialSegment(segments, 'a')).toBe('b');
    expect(initialSegment(segments, undefined)).toBe('b');
    expect(initialSegment(undefined, 'c')).toBe('');
  });
});

describe('format', () => {
  it('writes exchange rates', () => {
    expect(rateText(7_200_000)).toBe('7.2000');
    expect(rateText(71_500)).toBe('0.0715');
  });
});
