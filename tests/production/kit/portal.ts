/**
 * The portal as an operator starts it (docs/deployment.md, step 6): the compiled server
 * (`npm run build:server`, which `test:production` runs first) under plain Node, no TypeScript
 * loader. This is the ONE place the production suite starts the server.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';

/** The command of docs/deployment.md step 6 (`npm run start:prod`). */
const SERVER_COMMAND = [process.execPath, '--enable-source-maps', 'dist-server/main.mjs'];

export interface RunningPortal {
  url: string;
  /** Everything the server printed (stdout and stderr), for a failure's message and log checks. */
  output(): string;
  stop(): Promise<void>;
}

export async function startPortal(settings: Record<string, string>): Promise<RunningPortal> {
  let printed = '';
  // Only the settings of the runbook plus what finds programs (PATH, HOME): nothing of the test
  // runner's environment may change how the portal runs.
  const child: ChildProcess = spawn(SERVER_COMMAND[0]!, SERVER_COMMAND.slice(1), {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  const url = `http://${settings.HOST ?? '127.0.0.1'}:${settings.PORT ?? '8080'}`;
  const deadline = Date.now() + 120_000;
  // Step 7 of docs/deployment.md: the health check answers once the server serves.
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the portal exited with ${child.exitCode} before serving:\n${printed}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the portal did not answer its health check in 120 s:\n${printed}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    output: () => printed,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
