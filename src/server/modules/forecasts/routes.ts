/** USD bank-transfer forecasts (spec §7 Finance): receiving account, forecast, revoke, resubmit, page. */
import { bankTransfer, topupCancel, topupPage, topupSubmit, usbank } from '../../../contract/finance';
import { mainAccountOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { createForecast } from './create-forecast';
import { listForecasts } from './list-forecasts';
import { receivingAccountFor } from './receiving-account';
import { resubmitForecast } from './resubmit-forecast';
import { revokeForecast } from './revoke-forecast';

export function registerForecastsRoutes(register: Registrar): void {
  // Read-only and the same for the account's sub-account users: they may pass the details on.
  register(usbank, async (_input, call) => receivingAccountFor(mainAccountOf(call).accountId));

  register(bankTransfer, async ({ ...fields }, call) =>
    createForecast(call.app, mainAccountOf(call).accountId, fields, call.idempotencyKey),
  );

  register(topupCancel, async ({ id }, call) => revokeForecast(call.app, mainAccountOf(call).accountId, id));

  register(topupSubmit, async ({ id, ...fields }, call) =>
    resubmitForecast(call.app, mainAccountOf(call).accountId, id, fields, call.idempotencyKey),
  );

  // financeAudit belongs to the main account's menu (docs/decisions.md "App shell").
  register(topupPage, async (query, call) => listForecasts(call.app, mainAccountOf(call).accountId, query));
}
