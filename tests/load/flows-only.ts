/** Only the financial-breakdown figures of `npm run bench`: `npx tsx tests/load/flows-only.ts`. */
import { runFlowsBench } from './flows-bench';

runFlowsBench((name, value, target) =>
  process.stdout.write(`${name}: ${value}   (target ${target})\n`),
).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
