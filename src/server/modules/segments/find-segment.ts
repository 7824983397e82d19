/** Looking up a card segment by id. Segment ids are public (every customer sees the list). */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cardSegments } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { SegmentRow } from '../cards/open/pricing';

export async function findSegment(db: Executor, segmentId: string): Promise<SegmentRow | null> {
  const [segment] = await db.select().from(cardSegments).where(eq(cardSegments.id, segmentId)).limit(1);
  return segment ?? null;
}

/** The segment, or 422 "no such segment" (a form can only send one from the list, so this is a stale list). */
export async function requireSegment(db: Executor, segmentId: string): Promise<SegmentRow> {
  const segment = await findSegment(db, segmentId);
  if (!segment) throw fail.rule('server:cardOpen.segmentNotFound');
  return segment;
}

/** Every segment in the order the product shows them. */
export async function allSegments(db: Executor): Promise<SegmentRow[]> {
  return db.select().from(cardSegments).orderBy(asc(cardSegments.sort), asc(cardSegments.id));
}
