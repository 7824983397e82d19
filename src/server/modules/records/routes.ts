/**
 * HTTP <-> contract for the card records (spec §7 "Trades"). A sub-account user's session reads the
 * records of the cards they opened; the main account's reads all of the account's.
 */
import type { ParsedRequestOf } from '../../../contract/core';
import * as contract from '../../../contract/records';
import type { Call, Registrar } from '../../lib/route';
import { principalOf } from '../../lib/principal';
import { exportTrades } from './export-trades';
import { readTradeDetail } from './read-trade-detail';
import { readTradePage } from './read-trade-page';
import type { TradeScope } from './trade-query';

type ForSubQuery = ParsedRequestOf<typeof contract.authTransPageForSub>;

function scopeOf(call: Call): TradeScope {
  const principal = principalOf(call);
  return { accountId: principal.accountId, subAccountId: principal.subAccountId };
}

export function registerRecordsRoutes(register: Registrar): void {
  register(contract.authTransPage, (input, call) =>
    readTradePage(call.app, scopeOf(call), 'all', input, call.lang),
  );
  register(contract.tradePage, (input, call) =>
    readTradePage(call.app, scopeOf(call), 'trade', input, call.lang),
  );
  register(contract.refusePage, (input, call) =>
    readTradePage(call.app, scopeOf(call), 'refuse', input, call.lang),
  );

  // One record's detail, through the own pages' scope (the owner: every card of the account).
  register(contract.tradeDetail, (input, call) =>
    readTradeDetail(call.app, scopeOf(call), input.id, call.lang),
  );

  // pageForSub: the owner reads its members' records (one member's with subAccountId); a member
  // reads its own, whatever subAccountId says.
  const forSub = (call: Call, member: string | undefined): TradeScope => ({
    ...scopeOf(call),
    members: { member },
  });
  const pageForSub = async (call: Call, view: 'all' | 'trade' | 'refuse', query: ForSubQuery) => {
    const { subAccountId, ...input } = query;
    const page = await readTradePage(call.app, forSub(call, subAccountId), view, input, call.lang);
    return { ...page, data: page.data.map((row) => ({ ...row, subAccountId: row.subAccountId ?? null })) };
  };
  register(contract.authTransPageForSub, (input, call) => pageForSub(call, 'all', input));
  register(contract.tradePageForSub, (input, call) => pageForSub(call, 'trade', input));
  register(contract.refusePageForSub, (input, call) => pageForSub(call, 'refuse', input));

  // The exports: the rows of the own pages, or with the team scope those of the pageForSub pages.
  // The request's signal aborts when the client hangs up mid-download.
  const exportScope = (
    call: Call,
    input: { team?: '0' | '1' | undefined; subAccountId?: string | undefined },
  ) => (input.team === '1' || input.subAccountId ? forSub(call, input.subAccountId) : scopeOf(call));
  register(contract.authTransDown, ({ team, subAccountId, ...input }, call) =>
    exportTrades(call.app, exportScope(call, { team, subAccountId }), 'all', call.lang, input, {
      signal: call.hono.req.raw.signal,
    }),
  );
  register(contract.transDown, ({ team, subAccountId, ...input }, call) =>
    exportTrades(call.app, exportScope(call, { team, subAccountId }), 'trade', call.lang, input, {
      signal: call.hono.req.raw.signal,
    }),
  );
}
