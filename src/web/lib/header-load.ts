/**
 * The rule of the shell's data loads — notices, user info, wallet, plan (spec §7 "Response
 * handling"): only code 200 with data is a success; any other answer is ignored silently and the
 * data already shown stays as it is.
 *
 * As a TanStack Query function this means: call without the error toast, and throw unless the
 * answer has data. A failed query keeps its previous `data`, so "unchanged" needs nothing more.
 * A session-ending code (401, 403, 600 after a failed refresh, 610) still signs the user out:
 * http.ts does that for every call, silent or not (spec §8).
 */
import type { EndpointDef, RequestOf, ResponseOf } from '../../contract/core';
import { call } from './http';

export class HeaderLoadError extends Error {
  constructor(readonly path: string) {
    super(`No data from ${path}`);
    this.name = 'HeaderLoadError';
  }
}

export async function headerLoad<E extends EndpointDef>(
  endpoint: E,
  input: RequestOf<E>,
  signal?: AbortSignal,
  /** Extra shape check of `data`, e.g. that a page answer has its `data.data` list. */
  hasData: (data: NonNullable<ResponseOf<E>>) => boolean = () => true,
): Promise<NonNullable<ResponseOf<E>>> {
  const data = await call(endpoint, input, { silent: true, signal });
  if (data === null || data === undefined || !hasData(data)) throw new HeaderLoadError(endpoint.path);
  return data;
}
