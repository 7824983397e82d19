/**
 * GET /api/card/rangeList (designed): what the card list's filters can choose from. Segments and
 * labels are those the caller's cards actually have (deleted cards included: the list can show
 * them), so a filter never offers a choice that finds nothing; the status counts label the tabs.
 */
import { asc, count, eq, isNotNull, and } from 'drizzle-orm';
import type { ResponseOf } from '@contract/core';
import type { rangeList } from '@contract/cards';
import type { AppContext } from '../../../context';
import { cards, cardSegments } from '../../../db/schema';
import type { Lang } from '../../../lib/i18n';
import type { CardOwner } from '../card-access';
import { ownedBy } from '../card-access';

export async function readRangeList(
  ctx: AppContext,
  owner: CardOwner,
  lang: Lang,
): Promise<ResponseOf<typeof rangeList>> {
  const db = ctx.database.db;
  const scope = ownedBy(owner);
  const [segments, labels, statuses] = await Promise.all([
    db
      .select({
        id: cards.segmentId,
        nameZh: cardSegments.nameZh,
        nameEn: cardSegments.nameEn,
        count: count(),
      })
      .from(cards)
      .innerJoin(cardSegments, eq(cardSegments.id, cards.segmentId))
      .where(scope)
      .groupBy(cards.segmentId, cardSegments.nameZh, cardSegments.nameEn, cardSegments.sort)
      .orderBy(asc(cardSegments.sort), asc(cards.segmentId)),
    db
      .selectDistinct({ label: cards.label })
      .from(cards)
      .where(and(scope, isNotNull(cards.label)))
      .orderBy(asc(cards.label)),
    db.select({ status: cards.status, count: count() }).from(cards).where(scope).groupBy(cards.status),
  ]);
  const statusCount = (status: string) => statuses.find((row) => row.status === status)?.count ?? 0;
  return {
    segments: segments.map((row) => ({
      id: row.id,
      name: lang === 'en' ? row.nameEn : row.nameZh,
      count: row.count,
    })),
    labels: labels.flatMap((row) => (row.label ? [row.label] : [])),
    statusCounts: {
      active: statusCount('active'),
      frozen: statusCount('frozen'),
      deleted: statusCount('deleted'),
    },
  };
}
