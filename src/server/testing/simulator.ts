/** Requests to the simulators' routes as scripts (JSON) and the pages' forms send them. */
import type { TestApp } from './harness';

export function simulatorRequests(t: TestApp): {
  postJson: (path: string, body?: object) => Promise<Response>;
  postForm: (path: string, fields: Record<string, string>) => Promise<Response>;
} {
  return {
    postJson: (path, body) =>
      t.raw(path, {
        method: 'POST',
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      }),
    postForm: (path, fields) =>
      t.raw(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}
