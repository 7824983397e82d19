import { describe, expect, it } from 'vitest';
import { csvLine, newSignIns } from './mark-new';

describe('newSignIns', () => {
  it('marks an entry whose IP or device no older entry has, never the oldest', () => {
    const entries = [
      { id: 'd', ip: '3.3.3.3', device: 'phone' },
      { id: 'c', ip: '1.1.1.1', device: 'tablet' },
      { id: 'b', ip: '1.1.1.1', device: 'phone' },
      { id: 'a', ip: '1.1.1.1', device: 'phone' },
    ];
    expect([...newSignIns(entries)].sort()).toEqual(['c', 'd']);
  });
});

describe('csvLine', () => {
  it('quotes cells, doubles quotes and defuses formulas', () => {
    expect(csvLine(['a"b', '=1+1', 'x'])).toBe('"a""b","\'=1+1","x"');
  });
});
