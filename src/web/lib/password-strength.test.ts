import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { meterDataFrom } from '../../contract/password-rules';
import meterData from './data/password-meter.json';
import { strengthOf } from './password-strength';

describe('password strength meter', () => {
  it('rates what the policy refuses as 0', () => {
    expect(strengthOf('short')).toBe(0);
    expect(strengthOf('1234567890')).toBe(0);
    expect(strengthOf('QWERTYUIOP')).toBe(0);
  });

  it('rates a guessable password below a strong one', () => {
    expect(strengthOf('password2026')).toBeLessThan(strengthOf('CardPortal#2026'));
    expect(strengthOf('correct horse battery staple')).toBe(4);
  });

  it('counts the e-mail address as guessable', () => {
    expect(strengthOf('ada.lovelace1', ['ada.lovelace1@example.com'])).toBeLessThan(
      strengthOf('ada.lovelace1'),
    );
  });

  it('ships the meter data the generator makes from the installed dictionary', () => {
    const fresh = meterDataFrom(dictionary['passwords-common'] as readonly string[], adjacencyGraphs);
    expect(meterData).toEqual(JSON.parse(JSON.stringify(fresh)));
  });
});
