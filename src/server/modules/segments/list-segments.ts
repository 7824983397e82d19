/** `group/list` (every segment) and `group/open` (only those cards can be opened from now). */
import type { SegmentView } from '../../../contract/segments';
import type { AppContext } from '../../context';
import type { Lang } from '../../lib/i18n';
import { feeScheduleFor } from '../cards/open/pricing';
import { allSegments } from './find-segment';
import { toSegmentView } from './segment-view';

export async function listSegments(
  ctx: AppContext,
  accountId: string,
  lang: Lang,
  options: { openOnly: boolean },
): Promise<SegmentView[]> {
  const db = ctx.database.db;
  const now = ctx.now();
  const segments = (await allSegments(db)).filter((s) => !options.openOnly || s.status === 'open');
  const views: SegmentView[] = [];
  for (const segment of segments)
    views.push(toSegmentView(segment, await feeScheduleFor(db, accountId, segment, now), lang));
  return views;
}
