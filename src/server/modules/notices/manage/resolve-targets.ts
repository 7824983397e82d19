/** The accounts a notice for chosen customers is meant for, from their sign-in addresses. */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';

/** At most this many chosen customers per notice (a larger audience is `all`). */
export const TARGETS_MAX = 500;

export async function resolveTargets(
  db: Executor,
  audience: 'all' | 'chosen',
  emails: readonly string[],
): Promise<string[]> {
  if (audience === 'all') return [];
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) throw fail.rule('server:operatorContent.notices.noTargets');
  if (wanted.length > TARGETS_MAX)
    throw fail.rule('server:operatorContent.notices.tooManyTargets', { max: TARGETS_MAX });
  const rows = await db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(inArray(accounts.email, wanted));
  const known = new Set(rows.map((row) => row.email));
  const unknown = wanted.filter((email) => !known.has(email));
  if (unknown.length > 0)
    throw fail.rule('server:operatorContent.notices.unknownTargets', { emails: unknown.join(', ') });
  return rows.map((row) => row.id);
}
