/** Demo-mode sandbox pages and JSON endpoints. Never registered in production mode. */
import type { Hono } from 'hono';
import type { AppContext } from '../context';
import { registerCardSpendSimulator } from './card-spend-routes';
import { registerForecastReviewRoutes } from './forecasts-routes';
import { registerIdentityDesk } from './identity-routes';
import { registerOperatorsSandbox } from './operators-routes';
import { registerOutboxRoutes } from './outbox-routes';
import { registerPaymentsSimulator } from './payments-routes';
import { registerPayoutDesk } from './payouts-routes';

export function registerSandbox(app: Hono, ctx: AppContext): void {
  registerOutboxRoutes(app, ctx);
  registerPaymentsSimulator(app, ctx);
  registerForecastReviewRoutes(app, ctx);
  registerCardSpendSimulator(app, ctx);
  registerIdentityDesk(app, ctx);
  registerPayoutDesk(app, ctx);
  registerOperatorsSandbox(app, ctx);
}
