/**
 * The "new device" mark of the login log (docs/decisions.md "Login log devices"): a successful
 * sign-in is marked when it is the account's first successful sign-in from its family — browser,
 * system, kind and model, versions ignored (user-agent.ts familyOf). The account's very first
 * successful sign-in is not marked: there is nothing before it to be new against. Token refreshes
 * are not sign-ins and neither count nor get marked; failures and first steps (`continued`) never
 * introduce a device. Each account (an owner, or a team member: its rows carry the member's id)
 * has its own history.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loginLogs } from '../../db/schema';
import { familyOf, parseAgent } from './user-agent';

export interface SignIn {
  id: string;
  device: string;
  createdAt: Date;
}

function earlier(a: SignIn, b: SignIn): boolean {
  const at = a.createdAt.getTime() - b.createdAt.getTime();
  return at < 0 || (at === 0 && a.id < b.id);
}

/** The ids of the marked sign-ins among the successful ones given (any order). */
export function newDeviceSignIns(signIns: readonly SignIn[]): Set<string> {
  const firstOfFamily = new Map<string, SignIn>();
  let firstOverall: SignIn | undefined;
  for (const signIn of signIns) {
    const family = familyOf(parseAgent(signIn.device));
    const known = firstOfFamily.get(family);
    if (!known || earlier(signIn, known)) firstOfFamily.set(family, signIn);
    if (!firstOverall || earlier(signIn, firstOverall)) firstOverall = signIn;
  }
  const marked = new Set([...firstOfFamily.values()].map((s) => s.id));
  if (firstOverall) marked.delete(firstOverall.id);
  return marked;
}

/**
 * The marked sign-ins of an account. Only each raw string's first success is read (an account signs
 * in from a handful of strings, however many times), then grouped by family here.
 */
export async function newDeviceIds(ctx: AppContext, accountId: string): Promise<Set<string>> {
  const firsts = await ctx.database.db
    .selectDistinctOn([loginLogs.device], {
      id: loginLogs.id,
      device: loginLogs.device,
      createdAt: loginLogs.createdAt,
    })
    .from(loginLogs)
    .where(
      and(
        eq(loginLogs.accountId, accountId),
        eq(loginLogs.result, 'success'),
        ne(loginLogs.method, 'refresh'),
      ),
    )
    .orderBy(asc(loginLogs.device), asc(loginLogs.createdAt), asc(loginLogs.id));
  return newDeviceSignIns(firsts);
}
