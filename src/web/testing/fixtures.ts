/** Shared data of the shell's unit tests: a user and a signed-in session in storage. */
import { afterEach, beforeEach, vi } from 'vitest';
import type { UserInfo } from '../../contract/account';
import { mainAccessGrant, PERMISSION_KEYS, subAccessGrant } from '../../contract/permissions';
import { storeAccess } from '../lib/permissions';
import { endSession, saveTokens } from '../lib/session';
import { setItem } from '../lib/storage';
import { setWidth } from './browser';

export const TEST_USER: UserInfo = {
  userId: 'u1',
  email: 'ada@example.com',
  nickname: 'Ada',
  mobile: null,
  accountType: 'business',
  inviteCode: '123456',
  googleBound: false,
  createdAt: '2025-01-01T00:00:00+00:00',
  statusList: { subSwitch: 1 },
  // What the server grants a main account with the sub-account feature on.
  ...mainAccessGrant(1),
};

/** A member's grant holding every key a role can give (the whole sub-account route set). */
export const FULL_MEMBER_GRANT = subAccessGrant(PERMISSION_KEYS);

/** The access token of a signed-in test session: requests carry `Bearer ${TEST_ACCESS_TOKEN}`. */
export const TEST_ACCESS_TOKEN = 'access-token-1';

/**
 * Tokens as sign-in leaves them, through session.ts so the session atoms know about them: enough
 * for a page rendered on its own (renderPage), which needs no user in storage.
 */
export function signIn(): void {
  saveTokens({
    access_token: TEST_ACCESS_TOKEN,
    refresh_token: 'refresh-token-123456',
    access_overtime: 4_102_444_800_000,
  });
}

/** The session, its atoms and its storage gone, as after logging out. */
export async function signOut(): Promise<void> {
  await endSession();
}

/**
 * Every test of the file signed in on a screen `width` pixels wide; after each, signed out and
 * the fetch stub gone. Call at the top level of a test file.
 */
export function signedInEachTest(width: number): void {
  beforeEach(() => {
    signIn();
    setWidth(width);
  });
  afterEach(async () => {
    await signOut();
    vi.unstubAllGlobals();
  });
}

/**
 * A session as sign-in leaves it for the whole app: the tokens, the user and the rights the server
 * granted (a main account's, or with `subAccount` a member holding every key) in storage.
 */
export function storeSession(user: UserInfo = TEST_USER, options: { subAccount?: boolean } = {}): void {
  signIn();
  const stored = options.subAccount ? { ...user, ...FULL_MEMBER_GRANT } : user;
  setItem('userInfo', stored);
  storeAccess(stored);
}

type Reply = { code: number; msg?: string; data?: unknown };

/** The customer's plan (userPrivilege) as the fake servers answer it. */
export const TEST_PRIVILEGE = {
  planCode: 'standard',
  planName: 'Standard',
  feeCurrency: 'USD',
  openCardFee: 200,
  rechargeFeeBp: 150,
  monthlyCardLimit: 100,
  changeVia: 'customerService',
};

export interface ShellNotice {
  id: string;
  title: string;
  msg: string;
  createTime: string;
  kind: 'banner' | 'normal';
  read: boolean;
}

export const TEST_NOTICES: ShellNotice[] = [
  {
    id: 'n1',
    title: 'Maintenance on Sunday',
    msg: '<p>Top-ups pause <strong>02:00–04:00</strong>.</p><script>window.__pwned = 1</script>',
    createTime: '2026-01-05T09:00:00Z',
    kind: 'banner',
    read: false,
  },
  {
    id: 'n2',
    title: 'Never share 3-D Secure codes',
    msg: '<p>Our staff never ask for them.</p><img src="x" onerror="window.__pwned = 2">',
    createTime: '2026-01-04T09:00:00Z',
    kind: 'normal',
    read: false,
  },
  {
    id: 'n3',
    title: 'New card segment',
    msg: '<p>For advertising platforms.</p>',
    createTime: '2026-01-03T09:00:00Z',
    kind: 'normal',
    read: true,
  },
];

/**
 * A fake of the shell's endpoints with notice state: reads and "I know" change what later calls
 * answer, as on the server. `override` answers first when it returns something.
 */
export function shellApi(
  options: {
    notices?: ShellNotice[];
    firstVisit?: boolean;
    override?: (path: string) => Reply | undefined;
  } = {},
) {
  const notices = (options.notices ?? TEST_NOTICES).map((notice) => ({ ...notice }));
  const dismissed = new Set<string>();
  let firstVisit = options.firstVisit ?? false;
  const unread = () => notices.filter((n) => !n.read).length;
  // As on the server: the newest banner notice (the list is newest first), unless dismissed.
  const banner = () => {
    const next = notices.find((n) => n.kind === 'banner');
    return next && !dismissed.has(next.id)
      ? { id: next.id, title: next.title, msg: next.msg, createTime: next.createTime }
      : null;
  };
  const read = (id: string) => {
    const notice = notices.find((n) => n.id === id);
    if (notice) notice.read = true;
    firstVisit = false;
  };

  return (request: { path: string; query: URLSearchParams; headers: Headers }): Reply => {
    if (!request.headers.get('authorization')) return { code: 401 };
    const overridden = options.override?.(request.path);
    if (overridden) return overridden;
    const id = request.query.get('id') ?? '';
    switch (request.path) {
      case '/api/user/info':
        return { code: 200, data: TEST_USER };
      case '/api/user/wallet':
        return { code: 200, data: { CNY: 123456, USD: 789 } };
      case '/api/user/userPrivilege':
        return { code: 200, data: TEST_PRIVILEGE };
      case '/api/notice/list':
        return {
          code: 200,
          data: { data: notices.map((n) => ({ ...n })), total: notices.length, pageNo: 1, pageSize: 10 },
        };
      case '/api/notice/noticeForUser':
        return { code: 200, data: { unread: unread(), latest: null } };
      case '/api/notice/userNotice':
        return { code: 200, data: { banner: banner(), firstVisit } };
      case '/api/notice/readNotice':
        read(id);
        return { code: 200, data: { id, readAt: '2026-01-05T10:00:00Z', unread: unread() } };
      case '/api/notice/moveNotice':
        dismissed.add(id);
        read(id);
        return {
          code: 200,
          data: { id, dismissedAt: '2026-01-05T10:00:00Z', unread: unread(), banner: banner() },
        };
      case '/api/user/logout':
        return { code: 200, data: null };
      default:
        return { code: 404 };
    }
  };
}

/**
 * An in-memory stand-in for idb-keyval (jsdom has no IndexedDB), for tests that render the home
 * page (its offline snapshot): `vi.mock('idb-keyval', async () => (await import(...)).memoryIdb())`.
 */
export function memoryIdb() {
  const db = new Map<IDBValidKey, unknown>();
  return {
    get: async (key: IDBValidKey) => db.get(key),
    set: async (key: IDBValidKey, value: unknown) => void db.set(key, value),
    del: async (key: IDBValidKey) => void db.delete(key),
    clear: async () => db.clear(),
  };
}
