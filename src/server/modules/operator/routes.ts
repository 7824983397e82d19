/** The operator console's API (contract/operator.ts), thin: validate (the registrar), call, answer. */
import type { Hono } from 'hono';
import * as op from '../../../contract/operator';
import { permissionsOf } from '../../../contract/operator';
import type { AppContext } from '../../context';
import { createOperator } from './accounts/create-operator';
import { disableOperator, listOperators } from './accounts/manage-operators';
import { completeSetup, readSetupLink } from './accounts/set-up-operator';
import { signInOperator } from './accounts/sign-in-operator';
import { exportAudit, listAudit } from './audit/read-audit';
import type { OperatorCall } from './guard';
import { registerContentRoutes } from './content-routes';
import { createOperatorRegistrar } from './guard';
import { endOperatorSession, type OperatorActor } from './operator-session';
import { decideForecast, forecastProofResponse } from './reviews/forecast-review';
import {
  decideIdentity,
  identityDeskOpen,
  identityDocumentResponse,
  identityQueueView,
} from './reviews/identity-review';
import { decidePayout, payoutDeskOpen, payoutQueueView } from './reviews/payout-review';
import { listReviewQueue } from '../forecasts/list-review-queue';

/** The actor of an `auth: 'operator'` call (the registrar has set it). */
export const actorOf = (call: OperatorCall): OperatorActor => call.actor!;

export function registerOperatorModule(app: Hono, ctx: AppContext): void {
  const route = createOperatorRegistrar(app, ctx);

  route(op.operatorSignIn, (input, call) => signInOperator(ctx, input, call));
  route(op.operatorSignOut, async (_input, call) => {
    await endOperatorSession(ctx, actorOf(call).sessionId);
    return null;
  });
  route(op.operatorWhoAmI, async (_input, call) => {
    const actor = actorOf(call);
    return {
      id: actor.operatorId,
      email: actor.email,
      role: actor.role,
      permissions: permissionsOf(actor.role),
    };
  });
  route(op.setupInfo, (input) => readSetupLink(ctx, input.token));
  route(op.completeSetup, (input, call) => completeSetup(ctx, input, call));
  route(op.consoleFeatures, () =>
    Promise.resolve({ identityDesk: identityDeskOpen(ctx), payoutDesk: payoutDeskOpen(ctx) }),
  );

  route(op.listOperators, () => listOperators(ctx));
  route(op.addOperator, async (input, call) => {
    const created = await createOperator(ctx, input, actorOf(call));
    return {
      operator: created.operator,
      setupPath: created.setupPath,
      expiresAt: created.expiresAt.toISOString(),
    };
  });
  route(op.disableOperator, (input, call) => disableOperator(ctx, input, actorOf(call)));

  route(op.listAudit, (input) => listAudit(ctx, input));
  route(op.exportAudit, (input, call) => exportAudit(ctx, input, actorOf(call)));

  route(op.forecastQueue, () => listReviewQueue(ctx));
  route(op.forecastProof, (input) => forecastProofResponse(ctx, input.id));
  route(op.reviewForecastCall, (input, call) => decideForecast(ctx, input, actorOf(call)));

  route(op.identityQueue, () => identityQueueView(ctx));
  route(op.identityDocument, (input) => identityDocumentResponse(ctx, input));
  route(op.reviewIdentityCall, (input, call) => decideIdentity(ctx, input, actorOf(call)));

  route(op.payoutQueue, () => payoutQueueView(ctx));
  route(op.settlePayoutCall, (input, call) => decidePayout(ctx, input, actorOf(call)));

  registerContentRoutes(route, ctx);
}
