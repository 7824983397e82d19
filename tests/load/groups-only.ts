/**
 * Only the card-group figures of `npm run bench`: `npx tsx tests/load/groups-only.ts`
 * (`BENCH_SIZE=small` for a quick check that it runs).
 */
import { runGroupsBench } from './groups-bench';

runGroupsBench((name, value, target) =>
  process.stdout.write(`${name}: ${value}   (target ${target})\n`),
).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
