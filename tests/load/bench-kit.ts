/**
 * Pieces the benchmark parts share: a private database on a PostgreSQL server, a free port,
 * signing in as the demo account, and a repeatable pseudo-random sequence.
 */
import { createServer } from 'node:net';
import { DEMO_ACCOUNT } from '../../src/server/sandbox/seed';

export type Report = (name: string, value: string, target: string) => void;

const BASIC = `Basic ${Buffer.from('portal:portal').toString('base64')}`;

/** The same server URL pointing at database `name`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on the server of `serverUrl` (create or drop a database). */
export async function admin(serverUrl: string, statement: string): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function signInDemo(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/loginPwd`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  const body = (await res.json()) as { code: number; data: { access_token: string } };
  if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.access_token;
}

/** A deterministic pseudo-random sequence, so every run asks the same questions. */
export function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
