/**
 * The set-up most server test files share, in one call each: an app made in beforeAll and closed
 * in afterAll (of the surrounding describe when called inside one), and a signed-in account in it.
 *
 *     const t = fileTestApp();
 *     const me = fileSignedInAccount(t);
 *
 * Each answers a stand-in at once, whose properties read through to the real app or account from
 * the moment the hook has made it; reading one earlier (outside hooks and tests) throws. Vitest runs
 * beforeAll hooks in the order they are declared, so later hooks and every test see both made.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Env } from '../env';
import { createLogger } from '../lib/logger';
import type { TestApp } from './harness';
import { createTestApp } from './harness';
import type { SignedInAccount } from './signed-in';
import { signedInAccount } from './signed-in';

/** An object whose listed properties read through to what `current()` holds once it is made. */
function standIn<T extends object>(keys: Record<keyof T, true>, current: () => T | null, what: string): T {
  const stand = {} as T;
  for (const key of Object.keys(keys) as (keyof T)[])
    Object.defineProperty(stand, key, {
      enumerable: true,
      get: () => {
        const made = current();
        if (!made) throw new Error(`${what} is made in beforeAll: use it in a hook or a test`);
        return made[key];
      },
    });
  return stand;
}

// Records, not lists: a property added to TestApp or SignedInAccount must be added here too.
const TEST_APP_KEYS: Record<keyof TestApp, true> = {
  app: true,
  ctx: true,
  kind: true,
  advance: true,
  api: true,
  raw: true,
  latestCode: true,
  register: true,
  signIn: true,
  close: true,
};

const ACCOUNT_KEYS: Record<keyof SignedInAccount, true> = {
  accountId: true,
  email: true,
  password: true,
  token: true,
  sessionId: true,
};

/** The test file's app (`createTestApp(overrides)`), made before its tests and closed after them. */
export function fileTestApp(overrides: Partial<Env> = {}): TestApp {
  let app: TestApp | null = null;
  beforeAll(async () => {
    app = await createTestApp(overrides);
  });
  afterAll(async () => app?.close());
  return standIn(TEST_APP_KEYS, () => app, 'the test app');
}

/** An account signed in to the file's app, made before the tests (after the app). */
export function fileSignedInAccount(t: TestApp): SignedInAccount {
  let account: SignedInAccount | null = null;
  beforeAll(async () => {
    account = await signedInAccount(t);
  });
  return standIn(ACCOUNT_KEYS, () => account, 'the signed-in account');
}

/** Every line the app logs from now on, at the most talkative level (to check what logs never hold). */
export function fileLogLines(t: TestApp): string[] {
  const lines: string[] = [];
  beforeAll(() => {
    t.ctx.log = createLogger('debug', (line) => lines.push(line));
  });
  return lines;
}
