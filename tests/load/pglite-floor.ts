/**
 * The floor of the server's resident memory on PGlite (issue 28 §6): a plain Node process that only
 * opens the same PGlite folder and answers one query. PGlite's WebAssembly module asks for 128 MB
 * of memory before it starts (a smaller `initialMemory` is refused: "memory import 0 is smaller than
 * initial 2048"), and PostgreSQL inside it touches most of it, so no server on PGlite can be under
 * this figure; what the server adds above it is its own share.
 */
import { spawnSync } from 'node:child_process';

// Plain JavaScript for plain Node: a TypeScript loader would add its own memory to the figure.
const FLOOR_SCRIPT = `
import { readFileSync } from 'node:fs';
const { PGlite } = await import('@electric-sql/pglite');
const db = await PGlite.create(process.argv[1]);
await db.exec('set random_page_cost = 1.1');
await db.query('select count(*) from pg_class');
await new Promise((r) => setTimeout(r, 2000));
process.stdout.write(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
await db.close();
`;

/** Resident MB of a Node process holding only PGlite on `folder` (a stopped server's data). */
export function pgliteFloorMb(folder: string): number {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', FLOOR_SCRIPT, folder], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`PGlite floor failed: ${run.stderr}`);
  return Math.round(Number(run.stdout) / 1024);
}
