import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { LOGS_NS } from './i18n';
import en from '@locales/en/logs.json';
import zhNames from '@locales/zh-CN/logs.json';
import { loggedActions } from '../../../contract/operations';
import { actionKey, actionName, actorText, subjectText } from './operation-text';

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

describe('actionName (issue 34 §6)', () => {
  const actions = loggedActions();

  it('names every action the server can write, in both languages, never by its key', () => {
    expect(actions.length).toBeGreaterThan(80);
    const unnamed = actions.flatMap((action) =>
      [t, zh].flatMap((tr, i) => {
        const name = actionName(tr, action);
        return name === action || name.trim() === '' ? [`${i === 0 ? 'en' : 'zh'} ${action}`] : [];
      }),
    );
    expect(unnamed).toEqual([]);
  });

  it('keeps no name for an action the server no longer writes', () => {
    const known = new Set(actions.map((action) => actionKey(action).slice('actions.'.length)));
    expect(Object.keys(en.actions).filter((key) => !known.has(key))).toEqual([]);
    expect(Object.keys(zhNames.actions).filter((key) => !known.has(key))).toEqual([]);
  });

  it('the two examples of the issue read as words', () => {
    expect(actionName(t, 'account.unbindGoogleCode')).toBe('Unbound Google Authenticator');
    expect(actionName(zh, 'ledger.rebate_payout')).toBe('佣金提现出账');
    expect(actionName(t, 'some.futureAction')).toBe('some.futureAction');
  });
});
