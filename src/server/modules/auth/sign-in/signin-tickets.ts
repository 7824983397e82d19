/**
 * The ticket between a correct first factor and the Google Authenticator step (signin_tickets):
 * random, stored as SHA-256, 5 minutes, bound to the client that asked, dead after 5 wrong codes.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { signinTickets } from '../../../db/schema';
import { newToken, sha256 } from '../../../lib/crypto';

export const TICKET_TTL_SECONDS = 300;
export const MAX_GOOGLE_TRIES = 5;

export type FirstFactor = (typeof signinTickets.$inferInsert)['method'];

export async function issueSigninTicket(
  ctx: AppContext,
  accountId: string,
  method: FirstFactor,
  clientId: string,
): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = newToken();
  await ctx.database.db.insert(signinTickets).values({
    ticketHash: sha256(ticket),
    accountId,
    method,
    clientId,
    expiresAt: new Date(ctx.now().getTime() + TICKET_TTL_SECONDS * 1000),
  });
  return { ticket, expiresIn: TICKET_TTL_SECONDS };
}

/**
 * Take one try on a live ticket. The try is counted before the code is checked, in one conditional
 * statement, so even concurrent requests get at most MAX_GOOGLE_TRIES codes checked per ticket.
 * Null when the ticket is unknown, spent, expired, used up or another client's.
 */
export async function claimSigninTicket(
  ctx: AppContext,
  ticket: string,
  clientId: string,
): Promise<{ accountId: string } | null> {
  const [claimed] = await ctx.database.db
    .update(signinTickets)
    .set({ attempts: sql`${signinTickets.attempts} + 1` })
    .where(
      and(
        eq(signinTickets.ticketHash, sha256(ticket)),
        eq(signinTickets.clientId, clientId),
        isNull(signinTickets.usedAt),
        gt(signinTickets.expiresAt, ctx.now()),
        lt(signinTickets.attempts, MAX_GOOGLE_TRIES),
      ),
    )
    .returning({ accountId: signinTickets.accountId });
  return claimed ?? null;
}

/** Spend the ticket after a right code; false if a concurrent request spent it first. */
export async function spendSigninTicket(ctx: AppContext, ticket: string): Promise<boolean> {
  const spent = await ctx.database.db
    .update(signinTickets)
    .set({ usedAt: ctx.now() })
    .where(and(eq(signinTickets.ticketHash, sha256(ticket)), isNull(signinTickets.usedAt)))
    .returning({ accountId: signinTickets.accountId });
  return spent.length > 0;
}
