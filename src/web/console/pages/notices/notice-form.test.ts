import { describe, expect, it } from 'vitest';
import { applyFormat, isoToLocal, localToIso, parseTargets } from './notice-form';

describe('parseTargets', () => {
  it('splits on lines, commas, semicolons (also full-width) and spaces, lower-cases, keeps each once', () => {
    expect(
      parseTargets(' A@example.com\nb@example.com, a@example.com；c@example.com  d@example.com'),
    ).toEqual(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']);
  });
  it('answers nothing for blank text', () => {
    expect(parseTargets(' \n , ')).toEqual([]);
  });
});

describe('applyFormat', () => {
  it('wraps the selection in the tag and puts the caret after it', () => {
    expect(applyFormat('Fees fall today', 5, 9, 'strong')).toEqual({
      text: 'Fees <strong>fall</strong> today',
      caret: 26,
    });
  });
  it('inserts an empty pair at the caret when nothing is selected', () => {
    expect(applyFormat('ab', 1, 1, 'em').text).toBe('a<em></em>b');
  });
  it('makes one list item of each non-blank selected line', () => {
    expect(applyFormat('one\n\n two\n', 0, 10, 'ul').text).toBe('<ul><li>one</li><li>two</li></ul>');
  });
  it('links the selection, or shows the address when nothing is selected; quotes cannot end the attribute', () => {
    expect(applyFormat('see help', 4, 8, 'a', 'https://x.test/"on').text).toBe(
      'see <a href="https://x.test/%22on">help</a>',
    );
    expect(applyFormat('', 0, 0, 'a', 'mailto:s@x.test').text).toBe(
      '<a href="mailto:s@x.test">mailto:s@x.test</a>',
    );
  });
  it('orders a backwards selection and clamps it to the text', () => {
    expect(applyFormat('abc', 9, 1, 'u').text).toBe('a<u>bc</u>');
  });
});

describe('publication time', () => {
  it('reads the local field as local time and answers UTC ISO', () => {
    const local = new Date(2026, 10, 28, 9, 30);
    expect(localToIso('2026-11-28T09:30')).toBe(local.toISOString());
    expect(isoToLocal(local)).toBe('2026-11-28T09:30');
  });
  it('refuses what is not a date-time', () => {
    expect(localToIso('')).toBeNull();
    expect(localToIso('tomorrow')).toBeNull();
    expect(localToIso('2026-13-45T99:99')).toBeNull();
  });
});
