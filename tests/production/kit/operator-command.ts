/**
 * `npm run operator -- add EMAIL ROLE` (tools/operator.ts, README "Operator console") as an operator
 * runs it on the server: from the project folder, with the portal's own settings file and nothing of
 * the test runner's environment. What it prints is the one-time set-up link; the suite follows it.
 */
import { execFile } from 'node:child_process';

export interface AddedOperator {
  /** The link as printed: PUBLIC_URL, then `/console#/setup/<token>`. */
  setupLink: string;
  printed: string;
}

export function addOperator(
  settings: Record<string, string>,
  email: string,
  role: string,
): Promise<AddedOperator> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['run', 'operator', '--', 'add', email, role],
      {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...settings },
        // tsx compiles the server's modules on the way in: tens of seconds on a busy machine.
        timeout: 90_000,
      },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`npm run operator -- add failed: ${String(error)}\n${stderr}`));
        const link = new RegExp(`${escape(settings.PUBLIC_URL ?? '')}/console#/setup/\\S+`).exec(stdout);
        if (!link) return reject(new Error(`npm run operator -- add printed no set-up link:\n${stdout}`));
        resolve({ setupLink: link[0], printed: stdout });
      },
    );
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
