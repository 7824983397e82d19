/** Only the card figures of `npm run bench`: `npx tsx tests/load/cards-only.ts`. */
import { runCardsBench } from './cards-bench';

runCardsBench((name, value, target) =>
  process.stdout.write(`${name}: ${value}   (target ${target})\n`),
).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
