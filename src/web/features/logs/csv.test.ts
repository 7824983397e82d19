import { describe, expect, it } from 'vitest';
import { csvLine, loginCsvLines } from './csv';
import type { LoginEntry } from './login-entry';

describe('csvLine', () => {
  it('quotes cells, doubles quotes and defuses formulas', () => {
    expect(csvLine(['a"b', '=1+1', 'x'])).toBe('"a""b","\'=1+1","x"');
  });
});

describe('loginCsvLines', () => {
  const entry = (over: Partial<LoginEntry>): LoginEntry => ({
    id: 'a',
    method: 'password',
    result: 'success',
    reason: null,
    ip: '203.0.113.7',
    device:
      'Mozilla/5.0 (Linux; Android 14; Pixel 5) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36',
    deviceText: 'Chrome 131 · Android 14 · Pixel 5',
    agent: {
      browser: 'Chrome',
      browserVersion: '131',
      os: 'Android',
      osVersion: '14',
      model: 'Pixel 5',
      kind: 'mobile',
    },
    newDevice: true,
    createdAt: '2026-11-20T02:00:00.000Z',
    ...over,
  });
  const t = (key: string) => `<${key}>`;

  it('carries the parsed device and the mark, never the raw string', () => {
    const lines = loginCsvLines(t, [entry({}), entry({ id: 'b', deviceText: '', newDevice: false })]);
    expect(lines[0]).toBe('"<time>","<device>","<newDevice>","<where>","<method>","<resultLabel>"');
    expect(lines[1]).toContain(
      '"Chrome 131 · Android 14 · Pixel 5","<newDevice>","203.0.113.7","<methods.password>"',
    );
    expect(lines[2]).toContain('"<unknownDevice>","","203.0.113.7"');
    expect(lines.join('\n')).not.toContain('Mozilla');
  });
});
