/**
 * Coded errors. Operations throw `AppError` with a message key; the route layer turns it into the
 * envelope in the caller's language. Anything else becomes a 500 without details.
 */
import { Code } from '../../contract/core';

export type MessageParams = Record<string, string | number>;

export class AppError extends Error {
  constructor(
    readonly code: number,
    /** `namespace:key` in locales/<lang>/<namespace>.json. */
    readonly messageKey: string,
    readonly data: unknown = null,
    readonly params: MessageParams = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const fail = {
  badRequest: (key = 'server:errors.badRequest', data: unknown = null) =>
    new AppError(Code.badRequest, key, data),
  unauthorized: (key = 'server:errors.unauthorized') => new AppError(Code.unauthorized, key),
  forbidden: (key = 'server:errors.forbidden') => new AppError(Code.forbidden, key),
  conflict: (key: string, params: MessageParams = {}) => new AppError(Code.conflict, key, null, params),
  rule: (key: string, params: MessageParams = {}, data: unknown = null) =>
    new AppError(Code.unprocessable, key, data, params),
  locked: (retryAfter: number) =>
    new AppError(
      Code.locked,
      'server:errors.locked',
      { retryAfter },
      { minutes: Math.ceil(retryAfter / 60) },
    ),
  rateLimited: (retryAfter: number) =>
    new AppError(Code.rateLimited, 'server:errors.rateLimited', { retryAfter }, { seconds: retryAfter }),
  needStep: (key: string, data: unknown) => new AppError(Code.needStep, key, data),
  /** An outside system is down (issue 28 §6): 503 with `Retry-After`, the cause logged, not shown. */
  unavailable: (key: string, retryAfter: number, cause: unknown) => {
    const error = new AppError(Code.unavailable, key, { retryAfter }, { seconds: retryAfter });
    error.cause = cause;
    return error;
  },
  noPermission: () => new AppError(Code.noPermission, 'server:errors.noPermission'),
  accessExpired: () => new AppError(Code.accessExpired, 'server:errors.accessExpired'),
  refreshExpired: () => new AppError(Code.refreshExpired, 'server:errors.refreshExpired'),
};
