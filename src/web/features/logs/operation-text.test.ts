import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { LOGS_NS } from './i18n';
import { actorText, subjectText } from './operation-text';

const t = i18n.getFixedT('en', LOGS_NS);
const zh = i18n.getFixedT('zh-CN', LOGS_NS);

describe('actorText', () => {
  it('names the owner, a member by nickname and number, and a removed member by id', () => {
    const main = { kind: 'main' as const, subAccountId: null, subUid: null, nickname: null };
    expect(actorText(t, main)).toBe('Owner');
    expect(actorText(zh, main)).toBe('主账户');
    expect(actorText(t, { kind: 'sub', subAccountId: 's1', subUid: 'S123', nickname: 'Ann' })).toBe(
      'Ann (member S123)',
    );
    expect(actorText(t, { kind: 'sub', subAccountId: 's1', subUid: null, nickname: null })).toBe(
      'Removed member s1',
    );
  });
});

describe('subjectText', () => {
  const cards = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `id${i}`, label: `C${i}` }));
  it('names the cards by serial, the first few of a batch and how many more', () => {
    expect(subjectText(t, { subjectKind: 'card', subjects: cards(2) })).toBe('Card C0, C1');
    expect(subjectText(t, { subjectKind: 'card', subjects: cards(5) })).toBe('Card C0, C1, C2 and 2 more');
    expect(subjectText(t, { subjectKind: 'card', subjects: cards(5) }, 5)).toBe('Card C0, C1, C2, C3, C4');
    expect(subjectText(t, { subjectKind: 'order', subjects: [{ id: 'o1', label: 'o1' }] })).toBe('Order o1');
    expect(subjectText(t, { subjectKind: null, subjects: [] })).toBe('');
  });
});
