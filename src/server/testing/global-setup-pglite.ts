/** Vitest global setup of the server-pglite project: one migrated template folder per run. */
import { prepareTemplate } from './test-db';

export default async function setup(): Promise<void> {
  await prepareTemplate('pglite');
}
