import { describe, expect, it } from 'vitest';
import { SUBJECT_IDS_MAX, subjectFrom, subjectOfAnswer } from './audit-subject';

describe('subjectFrom (a request)', () => {
  it('names a card, cards without repeats, or an order; nothing else', () => {
    expect(subjectFrom({ cardId: ' c1 ', amount: 5 })).toEqual({ kind: 'card', ids: ['c1'] });
    expect(subjectFrom({ cardIds: ['c1', 'c2', 'c1', ''] })).toEqual({ kind: 'card', ids: ['c1', 'c2'] });
    expect(subjectFrom({ orderId: 'T1' })).toEqual({ kind: 'order', ids: ['T1'] });
    expect(subjectFrom({ nickname: 'Ann' })).toBeNull();
    expect(subjectFrom(null)).toBeNull();
    expect(subjectFrom(['c1'])).toBeNull();
  });

  it('keeps at most SUBJECT_IDS_MAX ids', () => {
    const ids = Array.from({ length: SUBJECT_IDS_MAX + 20 }, (_, i) => `c${i}`);
    expect(subjectFrom({ cardIds: ids })?.ids).toHaveLength(SUBJECT_IDS_MAX);
  });
});

describe('subjectOfAnswer', () => {
  it('names the card or cards an answer returns, or the order it created', () => {
    expect(subjectOfAnswer({ card: { id: 'c9' }, txnNo: 'x' })).toEqual({ kind: 'card', ids: ['c9'] });
    expect(subjectOfAnswer({ cards: [{ id: 'a' }, { id: 'b' }], batchId: 'B' })).toEqual({
      kind: 'card',
      ids: ['a', 'b'],
    });
    expect(subjectOfAnswer({ orderId: 'T2', status: 'pending' })).toEqual({ kind: 'order', ids: ['T2'] });
    expect(subjectOfAnswer({ cards: [] })).toBeNull();
    expect(subjectOfAnswer(null)).toBeNull();
  });
});
