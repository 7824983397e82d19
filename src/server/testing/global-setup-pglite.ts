/** Vitest global setup of the server-pglite project: one migrated template per run, removed after it. */
import type { TestProject } from 'vitest/node';
import { prepareTemplate, removeTemplate } from './test-db';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${process.pid}${Date.now().toString(36)}`;
  await prepareTemplate('pglite', runId);
  project.provide('testRunId', runId);
  return () => removeTemplate('pglite', runId);
}
