/** Demo-mode sandbox pages and JSON endpoints. Never registered in production mode. */
import type { Hono } from 'hono';
import type { AppContext } from '../context';
import { registerOutboxRoutes } from './outbox-routes';

export function registerSandbox(app: Hono, ctx: AppContext): void {
  registerOutboxRoutes(app, ctx);
}
