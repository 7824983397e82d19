/** HTTP <-> contract for the financial breakdown and its export. Each handler calls one operation. */
import * as contract from '../../../contract/finance';
import { principalOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { exportFlows } from './export-flows';
import { readFlowPage } from './read-flow-page';

export function registerFlowsRoutes(register: Registrar): void {
  // A sub-account session's principal already names the main account, whose wallets these are.
  register(contract.flowPage, (input, call) =>
    readFlowPage(call.app, principalOf(call).accountId, input, call.lang),
  );

  // The request's signal aborts when the client hangs up mid-download (the server adapter sets it).
  register(contract.flowDown, (input, call) =>
    exportFlows(call.app, principalOf(call).accountId, call.lang, input, {
      signal: call.hono.req.raw.signal,
    }),
  );
}
