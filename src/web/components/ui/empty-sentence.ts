/**
 * What an empty list says (issue 18 §3), for every list of the PWA. With no filter: the page's own
 * first-use text ("No cards yet. Cards you open appear here."). With filters: one sentence naming
 * them in the reader's language — "No forecasts with status Resubmitted between 1 Nov and 26 Nov" /
 * "没有 11月1日至11月26日 状态为「已重新提交」的汇款预报" — so the customer knows what to widen
 * instead of reading a generic "no data".
 *
 * Pages describe their applied filters as facts; values of an enum arrive already translated (the
 * page knows its enum's keys), dates as the product calendar's YYYY-MM-DD (UTC+8, like every date
 * filter of the contract) and are written here as the reader's language writes a day.
 */
import type { TFunction } from 'i18next';
import { productToday } from '../../lib/product-time';

export type FilterFact =
  /** The filter equals a value: "status Resubmitted" / 状态为「已重新提交」. */
  | { kind: 'is'; label: string; value: string }
  /** A keyword the rows contain: "merchant containing “amazon”" / 商户包含「amazon」. */
  | { kind: 'contains'; label: string; value: string }
  /**
   * A date range; either end may be open. `label` says what happened in it when the rows' own
   * date is not meant ("opened" / "开卡"): "No cards opened between 1 Nov and 26 Nov".
   */
  | { kind: 'dates'; from?: string | undefined; to?: string | undefined; label?: string | undefined };

/** Left out: filters that are not set ('' / undefined), so pages can list every field. */
export type MaybeFact = FilterFact | false | '' | null | undefined;

/** The facts that are set: a fact with an empty value or an open range on both ends is none. */
export function setFacts(facts: readonly MaybeFact[]): FilterFact[] {
  return facts.filter((fact): fact is FilterFact => {
    if (!fact) return false;
    if (fact.kind === 'dates') return Boolean(fact.from || fact.to);
    return fact.value.trim() !== '';
  });
}

/** "2026-11-01" -> "1 Nov" / "11月1日"; the year is written when it is not this year. */
export function dayInWords(date: string, language: string, today: string = productToday()): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  const withYear = date.slice(0, 4) !== today.slice(0, 4);
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'zh-CN', {
    ...(withYear ? { year: 'numeric' } : {}),
    month: 'short',
    day: 'numeric',
    // The date is already a day of the product's calendar: read it without moving it.
    timeZone: 'UTC',
  }).format(new Date(time));
}

/**
 * English labels start a field ("Status"); inside a sentence they are lower case ("with status"),
 * except a leading acronym ("USD amount", "MCC").
 */
function inSentence(label: string, language: string): string {
  if (language !== 'en') return label;
  const second = label.charAt(1);
  return second && second === second.toUpperCase() && second !== second.toLowerCase()
    ? label
    : label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * The sentence for a list that found nothing under `facts`. `subject` is the list's rows in the
 * plural as a sentence names them ("forecasts" / "汇款预报"); `t` reads the widgets namespace.
 */
export function emptySentence(
  subject: string,
  facts: readonly FilterFact[],
  t: TFunction,
  language: string,
  today: string = productToday(),
): string {
  const day = (date: string) => dayInWords(date, language, today);
  const conditions = facts.flatMap((fact) =>
    fact.kind === 'dates'
      ? []
      : [
          t(fact.kind === 'is' ? 'empty.is' : 'empty.contains', {
            label: inSentence(fact.label, language),
            value: fact.value,
          }),
        ],
  );
  const range = facts.find((fact) => fact.kind === 'dates');
  const dates = !range
    ? ''
    : range.from && range.to
      ? range.from === range.to
        ? t('empty.on', { date: day(range.from) })
        : t('empty.between', { from: day(range.from), to: day(range.to) })
      : range.from
        ? t('empty.from', { date: day(range.from) })
        : t('empty.until', { date: day(range.to ?? '') });
  const labelled = range?.label ? t('empty.datesLabelled', { label: range.label, dates }) : dates;
  const sentence = conditions.length
    ? t('empty.filtered', {
        subject,
        conditions: t('empty.with', { conditions: joinList(conditions, t) }),
        dates: labelled,
      })
    : t(range?.label ? 'empty.filteredDatesLabelled' : 'empty.filteredDates', { subject, dates: labelled });
  return sentence.replace(/\s{2,}/g, ' ').trim();
}

/** "a", "a and b", "a, b and c" / "a、b和c". */
function joinList(items: readonly string[], t: TFunction): string {
  if (items.length <= 1) return items.join('');
  return t('empty.and', {
    head: items.slice(0, -1).join(t('empty.separator')),
    last: items[items.length - 1],
  });
}
