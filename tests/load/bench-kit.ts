/**
 * Pieces the benchmark parts share: a private database on a PostgreSQL server, a free port,
 * signing in as the demo account, and a repeatable pseudo-random sequence.
 */
import { createServer } from 'node:net';
import { DEMO_ACCOUNT } from '../../src/server/sandbox/seed';
import { percentile } from './fixed-rate';

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

export type QueryKinds = Record<string, (rand: () => number) => Record<string, string>>;
export type Ask = (query: Record<string, string>) => Promise<{ ms: number; ok: boolean }>;

export interface KindLatencies {
  /** Every request's latency in ms, ascending. */
  sorted: number[];
  byKind: Map<string, number[]>;
  failed: number;
}

/** `requests` requests one at a time, cycling through the kinds (after 20 of warm-up). */
export async function measureKinds(kinds: QueryKinds, ask: Ask, requests: number): Promise<KindLatencies> {
  const rand = prng(20_261_122);
  const entries = Object.entries(kinds);
  const all: number[] = [];
  const byKind = new Map<string, number[]>();
  let failed = 0;
  for (let i = 0; i < 20; i++) await ask(entries[i % entries.length]![1](rand));
  for (let i = 0; i < requests; i++) {
    const [kind, make] = entries[i % entries.length]!;
    const { ms, ok } = await ask(make(rand));
    if (!ok) failed++;
    all.push(ms);
    byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
  }
  return { sorted: all.sort((a, b) => a - b), byKind, failed };
}

/** Reports the overall p50/p99 and prints each kind's p50 and maximum beneath it. */
export function reportKinds(report: Report, name: string, pages: KindLatencies, target: string): void {
  report(
    name,
    `p50 ${percentile(pages.sorted, 50).toFixed(1)} ms, p99 ${percentile(pages.sorted, 99).toFixed(1)} ms, failed ${pages.failed}`,
    target,
  );
  for (const [kind, latencies] of pages.byKind) {
    const sorted = [...latencies].sort((a, b) => a - b);
    process.stdout.write(
      `    ${kind}: p50 ${percentile(sorted, 50).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms\n`,
    );
  }
}
