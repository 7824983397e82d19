/**
 * Real server processes for scale-out tests: `src/server/main.ts` started as a child on a private
 * port, against a database the test names, all sharing one secret key (code hashes and sealed card
 * secrets must read the same in every process). Also a small JSON client for them.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** kill -9: no shutdown, no finally blocks, no answers to the requests under way. */
  crash(): void;
  stop(): Promise<void>;
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

/** One key for every process of a test. */
export const sharedSecretKey = (): string => randomBytes(32).toString('base64');

export async function startServerProcess(options: {
  databaseUrl: string;
  dataDir: string;
  secretKey: string;
  name: string;
  /** More environment for this process (e.g. a short ABANDONED_CLAIM_MS for the fault campaign). */
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(options.dataDir, options.name),
      DATABASE_URL: options.databaseUrl,
      WEB_CONCURRENCY: '1',
      DATABASE_POOL_SIZE: '3',
      SECRET_KEY: options.secretKey,
      APP_MODE: 'demo',
      LOG_LEVEL: 'silent',
      ARGON2_MEMORY_KIB: '1024',
      WEB_DIST: join(options.dataDir, 'no-pwa'),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${options.name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server ${options.name} did not start in 90 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    crash: () => child.kill('SIGKILL'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface JsonAnswer {
  code: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test client: each test reads its own fields
  data: any;
}

/** A form POST or a GET with query, in the envelope; a dropped connection answers code 0. */
export async function callServer(
  url: string,
  path: string,
  options: {
    token?: string;
    basic?: string;
    form?: Record<string, string>;
    query?: Record<string, string>;
    key?: string;
  },
): Promise<JsonAnswer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.basic) headers.authorization = options.basic;
  if (options.key) headers['idempotency-key'] = options.key;
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  try {
    const res = await fetch(`${url}${path}${query}`, {
      method: options.form ? 'POST' : 'GET',
      headers: options.form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
      body: options.form ? new URLSearchParams(options.form) : undefined,
    });
    return (await res.json()) as JsonAnswer;
  } catch {
    return { code: 0, msg: 'connection lost', data: null };
  }
}
