/**
 * Background jobs shared by every server process (lib/jobs.ts): one row a job. A process runs a job
 * only after claiming its row, so a job runs once per period across all processes and machines on
 * the same database, and a process that dies mid-run loses its claim when the lease runs out.
 */
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** The process that holds (or last held) the claim: host, pid and a random part. */
  holder: text('holder').notNull(),
  /** Another process may take the job over only after this instant (a dead holder's run). */
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** Set when the last run threw; cleared by the next run that finishes. */
  lastError: text('last_error'),
  runs: bigint('runs', { mode: 'number' }).notNull(),
});
