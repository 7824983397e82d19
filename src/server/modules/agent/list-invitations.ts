/**
 * GET /api/agent/pageOfInvitations: the caller's invitees, newest first, each at the furthest stage
 * reached, with the commission earned from them, plus the funnel over all of them.
 *
 * Stages, in order: registered; verified (signed in on their own at least once: the e-mail was
 * proven at sign-up, so this is the first sign of real use until identity verification exists);
 * first top-up (money came into a wallet); first card; spending (a card payment was authorised).
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvitationView, InviteeStage, invitationsPage } from '../../../contract/agent';
import { INVITEE_STAGES } from '../../../contract/agent';
import type { CurrencyCode } from '../../../contract/core';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import { agentCommissions } from '../../db/schema';
import { maskEmail } from './masks';

interface InviteeRow {
  id: string;
  email: string;
  created_at: string | Date;
  stage: number;
}

/** The furthest stage of each invitee of `agentId`, as an index into INVITEE_STAGES. */
function inviteesWithStage(agentId: string) {
  return sql`select a.id, a.email, a.created_at,
      case
        when exists (select 1 from card_authorizations z where z.account_id = a.id) then 4
        when exists (select 1 from cards c where c.account_id = a.id) then 3
        when exists (select 1 from ledger_entries e where e.account_id = a.id
                      and e.type in ('topup', 'transfer_in')) then 2
        when exists (select 1 from login_logs l where l.account_id = a.id and l.result = 'success') then 1
        else 0
      end as stage
    from accounts a where a.invited_by = ${agentId}`;
}

export async function listInvitations(
  ctx: AppContext,
  agentId: string,
  query: { pageNo: number; pageSize: number; stage?: InviteeStage | undefined },
): Promise<z.infer<typeof invitationsPage>> {
  const db = ctx.database.db;
  const all = await rowsOf<InviteeRow>(
    db,
    sql`select * from (${inviteesWithStage(agentId)}) s order by s.created_at desc, s.id desc`,
  );
  const funnel = INVITEE_STAGES.map((stage, i) => ({ stage, count: all.filter((r) => r.stage >= i).length }));
  const wanted = query.stage === undefined ? all : all.filter((r) => INVITEE_STAGES[r.stage] === query.stage);
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
    stage: INVITEE_STAGES[row.stage]!,
    nextStage: INVITEE_STAGES[row.stage + 1] ?? null,
    earned: earned
      .filter((e) => e.invitee === row.id)
      .map((e) => ({ currency: e.currency as CurrencyCode, amount: Number(e.amount) })),
  }));
  return { data, total: wanted.length, pageNo: query.pageNo, pageSize: query.pageSize, funnel };
}
