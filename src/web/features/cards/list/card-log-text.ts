/**
 * What a card event's detail says, as words in the reader's language (issue 18 §3): amounts with
 * their currency, the fee, what the wallet paid or got back, how many cards a batch held, which
 * holder fields changed. Identifiers (transaction, batch, segment, member) are not words: they are
 * returned apart, for the event's details disclosure.
 */
import type { TFunction } from 'i18next';
import type { CurrencyCode } from '@contract/core';
import { formatMoney } from '../../../lib/money';

export interface CardLogText {
  /** Phrases to show under the action, in order. */
  phrases: string[];
  /** Label and value of each identifier, for the details. */
  ids: { label: string; value: string }[];
}

const ID_KEYS = ['txnNo', 'batchId', 'segmentId', 'subUid'] as const;

function isCurrency(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value);
}

export function cardLogText(detail: Record<string, unknown>, t: TFunction): CardLogText {
  const phrases: string[] = [];
  const currency = isCurrency(detail.currency) ? detail.currency : null;
  const money = (value: unknown, of: CurrencyCode | null) =>
    typeof value === 'number' && of ? formatMoney(value, of) : null;

  const amount = money(detail.amount, currency);
  if (amount) phrases.push(t('log.detail.amount', { amount }));
  const fee = money(detail.fee, currency);
  if (fee && detail.fee !== 0) phrases.push(t('log.detail.fee', { fee }));
  const debit = isCurrency(detail.debitCurrency) ? detail.debitCurrency : null;
  const paid = money(detail.total, debit);
  if (paid && debit) phrases.push(t('log.detail.paid', { amount: paid, wallet: t(`wallet.${debit}`) }));
  const refunded = money(detail.refunded, currency);
  if (refunded) phrases.push(t('log.detail.refunded', { amount: refunded }));
  if (typeof detail.batch === 'number' && detail.batch > 1)
    phrases.push(t('log.detail.batch', { count: detail.batch }));
  if (detail.full === true) phrases.push(t('log.detail.fullNumber'));
  if (detail.changes && typeof detail.changes === 'object') {
    const fields = Object.keys(detail.changes).map((key) => t(`log.field.${key}`, { defaultValue: key }));
    if (fields.length > 0)
      phrases.push(t('log.detail.changed', { fields: fields.join(t('log.detail.and')) }));
  }

  const ids = ID_KEYS.flatMap((key) => {
    const value = detail[key];
    return typeof value === 'string' && value !== '' ? [{ label: t(`log.id.${key}`), value }] : [];
  });
  return { phrases, ids };
}
