import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { dayInWords, emptySentence, setFacts, type FilterFact } from './empty-sentence';
import { WIDGETS_NS } from './widgets-i18n';

const TODAY = '2026-11-26';

function say(language: 'en' | 'zh-CN', subject: string, facts: FilterFact[]) {
  return emptySentence(subject, facts, i18n.getFixedT(language, WIDGETS_NS), language, TODAY);
}

const RESUBMITTED: FilterFact = { kind: 'is', label: 'Status', value: 'Resubmitted' };
const RESUBMITTED_ZH: FilterFact = { kind: 'is', label: '状态', value: '已重新提交' };
const NOVEMBER: FilterFact = { kind: 'dates', from: '2026-11-01', to: '2026-11-26' };

describe('the empty-list sentence', () => {
  it('names an enum filter and a date range, in English and in Chinese', () => {
    expect(say('en', 'forecasts', [RESUBMITTED, NOVEMBER])).toBe(
      'No forecasts with status Resubmitted between 1 Nov and 26 Nov',
    );
    expect(say('zh-CN', '汇款预报', [RESUBMITTED_ZH, NOVEMBER])).toBe(
      '没有 11月1日至11月26日 状态为「已重新提交」的汇款预报',
    );
  });

  it('names a keyword filter as what the rows contain', () => {
    expect(say('en', 'records', [{ kind: 'contains', label: 'Merchant', value: 'amazon' }])).toBe(
      'No records with merchant containing “amazon”',
    );
    expect(say('zh-CN', '记录', [{ kind: 'contains', label: '商户', value: 'amazon' }])).toBe(
      '没有 商户包含「amazon」的记录',
    );
  });

  it('joins several conditions as a list', () => {
    const facts: FilterFact[] = [
      RESUBMITTED,
      { kind: 'is', label: 'USD wallet', value: 'yes' },
      { kind: 'contains', label: 'Name', value: 'Ann' },
    ];
    // A leading acronym keeps its capitals inside the sentence.
    expect(say('en', 'members', facts)).toBe(
      'No members with status Resubmitted, USD wallet yes and name containing “Ann”',
    );
    expect(
      say('zh-CN', '成员', [
        RESUBMITTED_ZH,
        { kind: 'is', label: '角色', value: '财务' },
        { kind: 'contains', label: '姓名', value: 'Ann' },
      ]),
    ).toBe('没有 状态为「已重新提交」、角色为「财务」、姓名包含「Ann」的成员');
  });

  it('says a range open at either end, and a single day', () => {
    expect(say('en', 'records', [{ kind: 'dates', from: '2026-11-01' }])).toBe('No records from 1 Nov');
    expect(say('en', 'records', [{ kind: 'dates', to: '2026-11-26' }])).toBe('No records until 26 Nov');
    expect(say('en', 'records', [{ kind: 'dates', from: '2026-11-03', to: '2026-11-03' }])).toBe(
      'No records on 3 Nov',
    );
    expect(say('zh-CN', '记录', [{ kind: 'dates', from: '2026-11-01' }])).toBe('11月1日起没有记录');
    expect(say('zh-CN', '记录', [{ kind: 'dates', to: '2026-11-26' }])).toBe('截至11月26日没有记录');
    expect(say('zh-CN', '记录', [NOVEMBER])).toBe('11月1日至11月26日没有记录');
  });

  it('says what happened in the range when the rows have a date of their own', () => {
    const opened: FilterFact = { kind: 'dates', from: '2026-11-01', to: '2026-11-26', label: 'opened' };
    const openedZh: FilterFact = { ...opened, label: '开卡' };
    expect(say('en', 'cards', [opened])).toBe('No cards opened between 1 Nov and 26 Nov');
    expect(say('zh-CN', '卡片', [openedZh])).toBe('没有 11月1日至11月26日开卡的卡片');
    expect(say('en', 'cards', [RESUBMITTED, opened])).toBe(
      'No cards with status Resubmitted opened between 1 Nov and 26 Nov',
    );
    expect(say('zh-CN', '卡片', [RESUBMITTED_ZH, openedZh])).toBe(
      '没有 11月1日至11月26日开卡 状态为「已重新提交」的卡片',
    );
  });

  it('writes the year of a day outside this year', () => {
    expect(dayInWords('2025-12-31', 'en', TODAY)).toBe('31 Dec 2025');
    expect(dayInWords('2025-12-31', 'zh-CN', TODAY)).toBe('2025年12月31日');
    expect(dayInWords('2026-01-05', 'zh-CN', TODAY)).toBe('1月5日');
  });

  it('leaves out filters that are not set', () => {
    expect(
      setFacts([
        false,
        undefined,
        { kind: 'is', label: 'Status', value: '' },
        { kind: 'contains', label: 'Name', value: '  ' },
        { kind: 'dates', from: '', to: undefined },
        RESUBMITTED,
      ]),
    ).toEqual([RESUBMITTED]);
  });
});
