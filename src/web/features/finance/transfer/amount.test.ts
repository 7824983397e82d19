import { describe, expect, it } from 'vitest';
import { minorToMajorText, parseMajor } from './amount';

describe('parseMajor: dollars typed, minor units sent', () => {
  it.each([
    ['100', 10_000],
    ['100.5', 10_050],
    ['100.05', 10_005],
    // Each of these is off by one cent with floating point (x * 100).
    ['0.29', 29],
    ['19.99', 1_999],
    ['4.35', 435],
    ['1,234.56', 123_456],
    [' 2 500.00 ', 250_000],
    ['.5', 50],
    ['7.', 700],
    ['000100', 10_000],
  ])('%s -> %i', (text, minor) => {
    expect(parseMajor(text)).toBe(minor);
  });

  it.each(['', '  ', '.', 'abc', '100.123', '-100', '+100', '1e3', '10.0.1', '１００', '90071992547409.93'])(
    'refuses %j',
    (text) => {
      expect(parseMajor(text)).toBeNull();
    },
  );
});

describe('minorToMajorText', () => {
  it.each([
    [10_000, '100.00'],
    [123_456, '1234.56'],
    [5, '0.05'],
    [0, '0.00'],
  ])('%i -> %s', (minor, text) => {
    expect(minorToMajorText(minor)).toBe(text);
    expect(parseMajor(text)).toBe(minor);
  });
});
