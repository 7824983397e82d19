/**
 * `/home` alone against its baseline page (issue 34 §9), at Lighthouse's default ×4, on a server
 * already running with a fresh build: `npx tsx tests/load/home-pages-only.ts <url> [runs]`. For
 * trying a change to home's start quickly; `npm run bench` (page-figures.ts) prints the same
 * figures among the others.
 */
import { signInDemo } from './bench-kit';
import { reportHomeOnly } from './page-figures';

async function main(): Promise<void> {
  const url = process.argv[2] ?? 'http://127.0.0.1:8384';
  const runs = Number(process.argv[3] ?? 3);
  const token = await signInDemo(url);
  await reportHomeOnly(
    (name, value, target) => process.stdout.write(`${name}: ${value}   (target ${target})\n`),
    url,
    token,
    'dist',
    runs,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
