/** A notice the reader may see, by id, in any language (a user may switch language between list and read). */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notices } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Reader } from './reader';
import { visibleTo } from './reader';

/**
 * 422 `notices.notFound` for an unknown, unpublished or retired id, or one meant for other customers
 * (the same answer: a reader learns nothing of notices not meant for them).
 */
export async function requirePublishedNotice(
  ctx: AppContext,
  reader: Reader,
  id: string,
  db: Executor = ctx.database.db,
): Promise<void> {
  const [row] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, id), visibleTo(reader, ctx.now())))
    .limit(1);
  if (!row) throw fail.rule('server:notices.notFound');
}
