/**
 * GET /api/agent/pageOfInvitations: the caller's invitees, newest first, each at the furthest stage
 * reached, with the commission earned from them, plus the funnel over all of them.
 *
 * Stages, in order: registered; verified (an identity verification approved and not expired, the
 * level of modules/identity/identity-level.ts); first top-up (money came into a wallet); first card;
 * spending (a card payment was authorised). An unverified account may top up below its ceiling, so
 * the stages are not reached strictly in order: each is checked on its own and an invitee shows the
 * furthest one reached (the reminder names the first one missing). The funnel counts, per stage,
 * the invitees whose furthest stage is that one or a later one, so it never widens: an unverified
 * invitee who topped up counts under "verified" too, as the row shows them past it (issue 29 item
 * 18: "verified 0" beside "first top-up 1" read as a broken funnel).
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvitationView, InviteeStage, invitationsPage } from '@contract/agent';
import { INVITEE_STAGES } from '@contract/agent';
import type { CurrencyCode } from '@contract/core';
import type { AppContext } from '../../../context';
import { rowsOf } from '../../../db/client';
import { agentCommissions } from '../../../db/schema';
import { maskEmail } from '../masks';

interface InviteeRow {
  id: string;
  email: string;
  created_at: string | Date;
  /** One flag per stage after `registered`, in INVITEE_STAGES order. */
  verified: boolean;
  first_topup: boolean;
  first_card: boolean;
  spending: boolean;
}

/** Which stages each invitee of `agentId` has reached, at `now` (an approval counts until it expires). */
function inviteesWithStages(agentId: string, now: Date) {
  return sql`select a.id, a.email, a.created_at,
      exists (select 1 from identity_orders o where o.account_id = a.id and o.status = 'approved'
              and (o.expires_at is null or o.expires_at > ${now.toISOString()}::timestamptz)) as verified,
      exists (select 1 from ledger_entries e where e.account_id = a.id
              and e.type in ('topup', 'transfer_in')) as first_topup,
      exists (select 1 from cards c where c.account_id = a.id) as first_card,
      exists (select 1 from card_authorizations z where z.account_id = a.id) as spending
    from accounts a where a.invited_by = ${agentId}`;
}

function reached(row: InviteeRow): boolean[] {
  return [true, row.verified, row.first_topup, row.first_card, row.spending];
}

/** The furthest stage reached, as an index into INVITEE_STAGES. */
function furthestStage(row: InviteeRow): number {
  return reached(row).lastIndexOf(true);
}

export async function listInvitations(
  ctx: AppContext,
  agentId: string,
  query: { pageNo: number; pageSize: number; stage?: InviteeStage | undefined },
): Promise<z.infer<typeof invitationsPage>> {
  const db = ctx.database.db;
  const all = await rowsOf<InviteeRow>(
    db,
    sql`select * from (${inviteesWithStages(agentId, ctx.now())}) s order by s.created_at desc, s.id desc`,
  );
  const funnel = INVITEE_STAGES.map((stage, i) => ({
    stage,
    count: all.filter((r) => furthestStage(r) >= i).length,
  }));
  const wanted =
    query.stage === undefined ? all : all.filter((r) => INVITEE_STAGES[furthestStage(r)] === query.stage);
  const page = wanted.slice((query.pageNo - 1) * query.pageSize, query.pageNo * query.pageSize);
  const earned =
    page.length === 0
      ? []
      : await db
          .select({
            invitee: agentCommissions.inviteeAccountId,
            currency: agentCommissions.currency,
            amount: sql<number>`sum(${agentCommissions.amount})::bigint`,
          })
          .from(agentCommissions)
          .where(
            and(
              eq(agentCommissions.agentAccountId, agentId),
              inArray(
                agentCommissions.inviteeAccountId,
                page.map((r) => r.id),
              ),
              ne(agentCommissions.status, 'clawed_back'),
            ),
          )
          .groupBy(agentCommissions.inviteeAccountId, agentCommissions.currency)
          .orderBy(desc(agentCommissions.currency));
  const data: InvitationView[] = page.map((row) => ({
    // A handle, not the invitee's account id: the agent learns nothing that names the account.
    id: ctx.box.hmac('agent-invitee', row.id).slice(0, 20),
    emailMasked: maskEmail(row.email),
    signedUpAt: new Date(row.created_at).toISOString(),
    stage: INVITEE_STAGES[furthestStage(row)]!,
    // The first stage still missing, which the agent's reminder is about (often verification).
    nextStage: INVITEE_STAGES[reached(row).indexOf(false)] ?? null,
    earned: earned
      .filter((e) => e.invitee === row.id)
      .map((e) => ({ currency: e.currency as CurrencyCode, amount: Number(e.amount) })),
  }));
  return { data, total: wanted.length, pageNo: query.pageNo, pageSize: query.pageSize, funnel };
}
