import { describe, expect, it } from 'vitest';
import { freezeAction, maskedCard } from './customer-view';

describe('maskedCard', () => {
  it('shows the last four digits behind a mask', () => {
    expect(maskedCard('4242')).toBe('•••• 4242');
  });
  it('shows only the mask for anything that is not exactly four digits (never more of a number)', () => {
    expect(maskedCard('4111111111114242')).toBe('••••');
    expect(maskedCard('42')).toBe('••••');
    expect(maskedCard('')).toBe('••••');
  });
});

describe('freezeAction', () => {
  it('freezes an active account, unfreezes a frozen one, offers nothing for a closed one', () => {
    expect(freezeAction('active')).toBe('freeze');
    expect(freezeAction('frozen')).toBe('unfreeze');
    expect(freezeAction('cancelled')).toBeNull();
  });
});
