/** Starts the real server as a child process on a private port and data folder, for measurements. */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

export interface RunningServer {
  url: string;
  pid: number;
  /** Resident memory of the server process in MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

export async function startServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  /** The script to run (default the server's main); the floor server is the other one. */
  entry?: string;
  /** Keep what is in dataDir (default: start from an empty folder). */
  keepData?: boolean;
  /** Run the compiled server (`npm run build:server`) with plain Node instead of the tsx loader. */
  compiled?: boolean;
}): Promise<RunningServer> {
  if (!options.keepData) rmSync(options.dataDir, { recursive: true, force: true });
  const entry = options.entry ?? 'src/server/main.ts';
  // For looking into a figure: BENCH_SERVER_NODE_ARGS passes Node flags to the server (for example
  // `--cpu-prof --cpu-prof-dir=.tmp/prof`), BENCH_SERVER_STDOUT=1 shows its log.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const args = options.compiled
    ? [...nodeArgs, 'dist-server/main.mjs']
    : [...nodeArgs, '--import', 'tsx', entry];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      // One process unless a figure asks for more: the RSS and CPU figures read this one PID.
      WEB_CONCURRENCY: '1',
      ...options.env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      // The floor server has no health route: any answer means it listens.
      const res = await fetch(`${url}/api/health`);
      if (res.ok || (entry !== 'src/server/main.ts' && !options.compiled)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        // Stopping twice (a figure stops the server early, `finally` again) answers at once.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
