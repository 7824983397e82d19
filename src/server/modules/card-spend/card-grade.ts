/**
 * The scenario query (route 2004, `cardGrade`): the customer names a merchant and every segment is
 * answered with whether it suits that merchant and how often authorizations there succeed.
 *
 * - suited: one of the segment's listed merchants and the name contain each other, ignoring case
 *   and spacing ("Facebook Ads" and "facebook" match; "git" matches "github"). Names shorter than
 *   MIN_PARTIAL characters must match a listed merchant exactly, so "a" does not suit everything.
 * - successRateBp: over real authorizations of all accounts whose merchant name contains the name,
 *   on the segment's cards: approved (anything not declined) / all, in basis points; null where
 *   there are none.
 * - advice: the spec's demo advice, in the caller's language, when no segment has data.
 *
 * Suited segments come first, then by success rate, then in the segments' own order.
 */
import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { cardGrade } from '../../../contract/cards';
import type { AppContext } from '../../context';
import { cardAuthorizations, cards, cardSegments } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';

export type CardGrade = z.infer<typeof cardGrade.response>;

const MIN_PARTIAL = 3;

export function normaliseMerchant(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

export function suits(listed: readonly string[], merchant: string): boolean {
  const wanted = normaliseMerchant(merchant);
  return listed.some((entry) => {
    const known = normaliseMerchant(entry);
    if (known === wanted) return true;
    if (wanted.length < MIN_PARTIAL) return false;
    return known.includes(wanted) || wanted.includes(known);
  });
}

/** `%` and `_` in a name are literal characters, not patterns. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function gradeMerchant(ctx: AppContext, merchant: string, lang: Lang): Promise<CardGrade> {
  const db = ctx.database.db;
  const wanted = normaliseMerchant(merchant);
  const [segments, stats] = await Promise.all([
    db.select().from(cardSegments).orderBy(asc(cardSegments.sort), asc(cardSegments.id)),
    db
      .select({
        segmentId: cards.segmentId,
        total: count(),
        approved: sql<number>`count(*) filter (where ${cardAuthorizations.status} <> 'declined')`.mapWith(
          Number,
        ),
      })
      .from(cardAuthorizations)
      .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
      .where(ilike(cardAuthorizations.merchantName, containsPattern(wanted)))
      .groupBy(cards.segmentId),
  ]);
  const bySegment = new Map(stats.map((row) => [row.segmentId, row]));
  const answered = segments.map((segment, order) => {
    const data = bySegment.get(segment.id);
    return {
      order,
      row: {
        segmentId: segment.id,
        name: lang === 'en' ? segment.nameEn : segment.nameZh,
        bin: segment.bin,
        network: segment.network,
        status: segment.status,
        suited: suits(segment.merchants, wanted),
        successRateBp: data && data.total > 0 ? Math.round((data.approved * 10_000) / data.total) : null,
        authorizations: data?.total ?? 0,
      },
    };
  });
  answered.sort(
    (a, b) =>
      Number(b.row.suited) - Number(a.row.suited) ||
      (b.row.successRateBp ?? -1) - (a.row.successRateBp ?? -1) ||
      a.order - b.order,
  );
  const anyData = answered.some((entry) => entry.row.authorizations > 0);
  return {
    merchant: merchant.trim(),
    segments: answered.map((entry) => entry.row),
    advice: anyData ? null : translate(lang, 'server:cardSpend.grade.advice'),
  };
}
