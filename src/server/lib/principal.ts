/**
 * Who is calling, for handlers of bearer endpoints. A sub-account user's session carries the main
 * account's id plus its own sub-account id; calls that act on the main account itself (password,
 * profile, closure, Google Authenticator) must not be open to it.
 */
import { Code } from '../../contract/core';
import { AppError } from './errors';
import type { Call } from './route';
import type { SessionPrincipal } from './session';

export interface MainPrincipal extends SessionPrincipal {
  subAccountId: null;
}

export interface SubPrincipal extends SessionPrincipal {
  subAccountId: string;
}

/** The route layer authenticates every bearer endpoint before the handler runs. */
export function principalOf(call: Call): SessionPrincipal {
  if (!call.principal) throw new Error('principalOf() used on an endpoint that is not bearer-authenticated');
  return call.principal;
}

/** The caller as the main account holder; a sub-account user gets 4030. */
export function mainAccountOf(call: Call): MainPrincipal {
  const principal = principalOf(call);
  if (principal.subAccountId !== null)
    throw new AppError(Code.noPermission, 'server:account.mainAccountOnly');
  return { ...principal, subAccountId: null };
}

/** The caller as a sub-account user; the main account holder gets 4030. */
export function subAccountOf(call: Call): SubPrincipal {
  const principal = principalOf(call);
  if (principal.subAccountId === null) throw new AppError(Code.noPermission, 'server:account.subAccountOnly');
  return { ...principal, subAccountId: principal.subAccountId };
}
