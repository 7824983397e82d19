/**
 * The server guard of the console (issue 31 §1): binds an operator endpoint of the contract
 * (contract/operator.ts) to its handler. Every call: the operator session from the Bearer token
 * (401 without one; a customer token is unknown here), then `requireOperator(permission)` (4030
 * when the role lacks it), then the request validated against the contract, then — for `stepUp`
 * endpoints — a fresh authenticator code spent, then the handler with the operator actor.
 *
 * Handlers that change anything write their audit entry in the transaction of the change
 * (audit/write-operator-audit.ts).
 */
import type { Context, Hono } from 'hono';
import { Code } from '../../../contract/core';
import type {
  OperatorEndpointDef,
  OperatorParsedRequestOf as ParsedRequestOf,
  OperatorPermission,
  OperatorResponseOf as ResponseOf,
} from '../../../contract/operator';
import { roleHolds } from '../../../contract/operator';
import type { AppContext } from '../../context';
import { envelope, errorEnvelope } from '../../lib/envelope';
import { fail } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { langFromHeader, translate } from '../../lib/i18n';
import { bearerToken, clientAddress, readInput, refuseUnstorable, validationError } from '../../lib/route';
import { consumeOperatorCode } from './accounts/operator-totp';
import type { OperatorActor } from './operator-session';
import { authenticateOperator } from './operator-session';

export interface OperatorCall {
  app: AppContext;
  hono: Context;
  lang: Lang;
  ip: string;
  device: string;
  /** Set on `auth: 'operator'` endpoints. */
  actor: OperatorActor | null;
}

export type OperatorHandler<E extends OperatorEndpointDef> = (
  input: ParsedRequestOf<E>,
  call: OperatorCall,
) => Promise<ResponseOf<E> | Response>;

export type OperatorRegistrar = <E extends OperatorEndpointDef>(def: E, handler: OperatorHandler<E>) => void;

/** 4030 unless the actor's role holds `permission`. */
export function requireOperator(actor: OperatorActor, permission: OperatorPermission | 'any'): OperatorActor {
  if (!roleHolds(actor.role, permission)) throw fail.noPermission();
  return actor;
}

/** The paths registered so far (the test checks each is in the contract's list). */
export const registeredOperatorPaths = new Set<string>();

export function createOperatorRegistrar(api: Hono, app: AppContext): OperatorRegistrar {
  return (def, handler) => {
    registeredOperatorPaths.add(`${def.method} ${def.path}`);
    const method = def.method === 'GET' ? 'get' : 'post';
    api[method](def.path, async (c) => {
      const call: OperatorCall = {
        app,
        hono: c,
        lang: langFromHeader(c.req.header('accept-language')),
        ip: clientAddress(c, app.env.TRUST_PROXY === '1'),
        device: (c.req.header('user-agent') ?? 'unknown').slice(0, 200),
        actor: null,
      };
      c.header('Cache-Control', 'no-store');
      try {
        if (def.auth === 'operator') {
          const actor = await authenticateOperator(app, bearerToken(c), call);
          // An operator endpoint that declares no permission is open to nobody.
          if (!def.permission) throw fail.noPermission();
          call.actor = requireOperator(actor, def.permission);
        }
        const raw = await readInput(c, def);
        refuseUnstorable(raw, call.lang);
        const parsed = def.request.safeParse(raw);
        if (!parsed.success) throw validationError(parsed.error, call.lang);
        const input = parsed.data as ParsedRequestOf<typeof def>;
        if (def.stepUp && call.actor) {
          const code = (input as { totpCode?: unknown }).totpCode;
          if (typeof code !== 'string') throw fail.needStep('console:errors.stepUp', { stepUp: 'totp' });
          await consumeOperatorCode(app, call.actor.operatorId, code);
        }
        const result = await handler(input, call);
        if (result instanceof Response) return result;
        return envelope(c, Code.ok, translate(call.lang, 'server:ok'), result);
      } catch (error) {
        return errorEnvelope(c, error, call.lang, app.log).response;
      }
    });
  };
}
