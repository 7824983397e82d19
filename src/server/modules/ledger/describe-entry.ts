/**
 * The sentence a customer reads for a ledger entry (issue 18 §3 "Words people read"), in the
 * reader's language, built from the entry's fields.
 *
 * Every money operation stores a neutral reference as the entry's `description` — a top-up's
 * `<channel> <order>`, an opening's segment ids and count, a load's card serial or `<n> cards`, a
 * payment's merchant — never text meant for reading. This file is the one place that turns those
 * references into sentences, for the lists and for the exports alike. The reference itself stays
 * in the row (`description`) for the details view.
 */
import { inArray } from 'drizzle-orm';
import { TOPUP_CHANNELS, type TopupChannel } from '../../../contract/topup-rules';
import type { AppContext } from '../../context';
import { cardSegments } from '../../db/schema';
import { translate, type Lang } from '../../lib/i18n';

export interface DescribedEntry {
  type: string;
  description: string;
  cardSerial: string | null;
}

/** Segment id -> its name in each language, for the openings among the entries described. */
export type SegmentNames = ReadonlyMap<string, { zh: string; en: string }>;

const TOPUP_REFERENCE = new RegExp(`^(${TOPUP_CHANNELS.join('|')}) (\\S+)$`);
const OPENING_REFERENCE = /^([\w-]+(?:, [\w-]+)*)(?: ×(\d+))?$/;
const SEVERAL_CARDS = /^(\d+) cards$/;
const DELETED_CARD = /^card (\S+) deleted$/;
/** Fixed references written by the rebate programme (agent module). */
const REBATE_REFERENCES: Record<string, string> = {
  'Commission withdrawal': 'rebateToWallet',
  'Commission payout failed': 'rebatePayoutFailed',
};

function say(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  return translate(lang, `server:entry.${key}`, params);
}

function channelName(lang: Lang, channel: TopupChannel): string {
  return translate(lang, `server:enums.topupChannel.${channel}`);
}

function segmentList(lang: Lang, ids: string, names: SegmentNames): string {
  return ids
    .split(', ')
    .map((id) => {
      const name = names.get(id);
      return name ? (lang === 'en' ? name.en : name.zh) : id;
    })
    .join(lang === 'en' ? ', ' : '、');
}

/** A card load or opening names its cards: one by serial, several by count. */
function cardsPart(entry: DescribedEntry): { count: number; card: string } {
  const several = SEVERAL_CARDS.exec(entry.description);
  if (several) return { count: Number(several[1]), card: '' };
  return { count: 1, card: entry.cardSerial ?? entry.description };
}

/** The sentence of an entry of a wallet (the financial breakdown and its export). */
export function describeWalletEntry(entry: DescribedEntry, lang: Lang, names: SegmentNames): string {
  const reference = entry.description.trim();
  const topup = TOPUP_REFERENCE.exec(reference);
  if (topup && (entry.type === 'topup' || entry.type === 'fee')) {
    const params = { channel: channelName(lang, topup[1] as TopupChannel), order: topup[2]! };
    return say(lang, entry.type === 'topup' ? 'topup' : 'topupFee', params);
  }
  const opening = OPENING_REFERENCE.exec(reference);
  switch (entry.type) {
    case 'transfer_in':
      return reference ? say(lang, 'transferIn', { reference }) : say(lang, 'transferInPlain');
    case 'card_open':
    case 'fee':
      if (entry.type === 'card_open' || (opening && names.has(opening[1]!.split(', ')[0]!))) {
        const count = Number(opening?.[2] ?? 1);
        const segment = opening ? segmentList(lang, opening[1]!, names) : reference;
        const key = entry.type === 'fee' ? 'openFee' : 'cardOpen';
        return say(lang, count > 1 ? `${key}Many` : key, { count, segment });
      }
      return describeLoad(entry, lang, 'rechargeFee');
    case 'card_recharge':
      return describeLoad(entry, lang, 'cardRecharge');
    case 'card_withdraw': {
      const deleted = DELETED_CARD.exec(reference);
      if (deleted) return say(lang, 'cardDeleted', { card: deleted[1]! });
      return say(lang, 'cardWithdraw', { card: entry.cardSerial ?? reference });
    }
    case 'card_refund':
      return say(lang, 'deletedCardRefund', { merchant: reference, card: entry.cardSerial ?? '' });
    case 'reversal':
      if (REBATE_REFERENCES[reference]) return say(lang, REBATE_REFERENCES[reference]);
      return say(lang, 'deletedCardReversal', { merchant: reference, card: entry.cardSerial ?? '' });
    case 'rebate':
      return say(lang, REBATE_REFERENCES[reference] ?? 'rebateToWallet');
    default:
      // A reference no rule reads (an older entry, a hand-made one) is shown exactly as written.
      return entry.description;
  }
}

function describeLoad(entry: DescribedEntry, lang: Lang, key: 'cardRecharge' | 'rechargeFee'): string {
  const { count, card } = cardsPart(entry);
  return say(lang, count > 1 ? `${key}Many` : key, { count, card });
}

/** The sentence of an entry of a card (the card's bill). */
export function describeCardEntry(entry: DescribedEntry, lang: Lang, names: SegmentNames): string {
  const reference = entry.description.trim();
  switch (entry.type) {
    case 'card_open': {
      const opening = OPENING_REFERENCE.exec(reference);
      const segment = opening ? segmentList(lang, opening[1]!, names) : reference;
      return say(lang, 'billOpen', { segment });
    }
    case 'card_recharge':
      return say(lang, 'billRecharge');
    case 'card_withdraw':
      return say(lang, 'billWithdraw');
    case 'card_delete':
      return say(lang, 'billDelete');
    case 'spend':
      return say(lang, 'billSpend', { merchant: reference });
    case 'refund':
      return say(lang, 'billRefund', { merchant: reference });
    case 'reversal':
      return say(lang, 'billReversal', { merchant: reference });
    default:
      return entry.description;
  }
}

/** The names of the segments the openings among `entries` refer to, in one query. */
export async function segmentNamesOf(
  ctx: AppContext,
  entries: readonly DescribedEntry[],
): Promise<SegmentNames> {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.type !== 'card_open' && entry.type !== 'fee') continue;
    const opening = OPENING_REFERENCE.exec(entry.description.trim());
    if (opening) for (const id of opening[1]!.split(', ')) ids.add(id);
  }
  if (ids.size === 0) return new Map();
  const rows = await ctx.database.db
    .select({ id: cardSegments.id, zh: cardSegments.nameZh, en: cardSegments.nameEn })
    .from(cardSegments)
    .where(inArray(cardSegments.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { zh: row.zh, en: row.en }]));
}

/** Every segment's names: for an export, which may describe any opening of the account's history. */
export async function allSegmentNames(ctx: AppContext): Promise<SegmentNames> {
  const rows = await ctx.database.db
    .select({ id: cardSegments.id, zh: cardSegments.nameZh, en: cardSegments.nameEn })
    .from(cardSegments);
  return new Map(rows.map((row) => [row.id, { zh: row.zh, en: row.en }]));
}
