import { describe, expect, it } from 'vitest';
import { exportText, majorUnits, productDay, productTime } from './export-cells';

describe('export cells', () => {
  it('writes minor units as exact two-decimal major units with a bare minus', () => {
    expect(majorUnits(0)).toBe('0.00');
    expect(majorUnits(5)).toBe('0.05');
    expect(majorUnits(-5)).toBe('-0.05');
    expect(majorUnits(12_345)).toBe('123.45');
    expect(majorUnits(-100_000)).toBe('-1000.00');
    expect(majorUnits(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('writes a record in its currency’s ISO 4217 places: 5,000 JPY is 5000, not 50.00 (issue 34 §3)', () => {
    expect(majorUnits(5000, 'JPY')).toBe('5000');
    expect(majorUnits(-30_000, 'KRW')).toBe('-30000');
    expect(majorUnits(5000, 'USD')).toBe('50.00');
  });

  it('shows times and the file day in UTC+8', () => {
    expect(productTime(new Date('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01 23:59:59');
    expect(productTime(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02 00:00:00');
    expect(productDay(new Date('2026-12-31T16:00:00Z'))).toBe('20270101');
  });

  it('names an unknown flow type by itself rather than by a message key, as plain text for the writers', () => {
    const text = exportText('en');
    const record = {
      id: 1,
      txnNo: 'T1',
      type: '=odd',
      currency: 'CNY',
      amount: -1,
      balance: 0,
      cardSerial: null,
      label: null,
      description: '',
      createdAt: new Date('2026-03-01T00:00:00Z'),
    };
    // Defusing is the CSV writer's job (write-csv.ts): an XLSX string cell never runs.
    expect(text.cells(record)[1]).toEqual({ text: '=odd' });
    expect(text.cells(record)[9]).toEqual({ time: record.createdAt });
    expect(text.cells({ ...record, type: 'fee' })[1]).toEqual({ text: 'Fee' });
  });
});
