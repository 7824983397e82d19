/**
 * Only the page figures of `npm run bench` (page-figures.ts): the sign-in page and `/home` weighed,
 * and Lighthouse mobile on both beside the script-free baseline page. Builds the PWA first.
 * `npx tsx tests/load/pages-only.ts`
 */
import { spawnSync } from 'node:child_process';
import { signInDemo } from './bench-kit';
import { reportPages } from './page-figures';
import { startServer } from './server-process';

async function main(): Promise<void> {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('build failed');
  const server = await startServer({ port: 8384, dataDir: '.tmp/bench-pages' });
  try {
    const token = await signInDemo(server.url);
    await reportPages(
      (name, value, target) => process.stdout.write(`${name}: ${value}   (target ${target})\n`),
      server.url,
      token,
      'dist',
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
