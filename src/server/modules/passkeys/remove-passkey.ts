/** POST /api/user/passkeys/remove: one of the caller's own passkeys; anyone else's is "not found". */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { passkeys } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Holder } from './holder';
import { ownedBy } from './holder';

export async function removePasskey(ctx: AppContext, holder: Holder, id: string): Promise<null> {
  const gone = await ctx.database.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), ownedBy(holder)))
    .returning({ id: passkeys.id });
  if (gone.length === 0) throw fail.rule('server:passkeys.notFound');
  return null;
}
