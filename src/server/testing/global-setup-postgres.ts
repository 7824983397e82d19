/** Vitest global setup of the server-postgres project: one migrated template database per run. */
import { prepareTemplate } from './test-db';

export default async function setup(): Promise<void> {
  await prepareTemplate('postgresql');
}
