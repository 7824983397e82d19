/** A published notice by id, in any language (a user may switch language between list and read). */
import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notices } from '../../db/schema';
import { fail } from '../../lib/errors';

/** 422 `notices.notFound` for an unknown or not yet published id. */
export async function requirePublishedNotice(
  ctx: AppContext,
  id: string,
  db: Executor = ctx.database.db,
): Promise<void> {
  const [row] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, id), lte(notices.publishedAt, ctx.now())))
    .limit(1);
  if (!row) throw fail.rule('server:notices.notFound');
}
