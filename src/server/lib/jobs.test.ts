import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { jobRuns } from '../db/schema';
import { fileTestApp } from '../testing/file-app';
import type { JobSpec } from './jobs';
import { claimJobRun, finishJobRun, runJobIfDue, scheduleJob } from './jobs';

const t = fileTestApp();
let jobCount = 0;
const jobNamed = (runs: string[], everyMs = 60_000, leaseMs = 10_000): JobSpec => {
  jobCount += 1;
  const name = `test-job-${jobCount}`;
  return { name, everyMs, leaseMs, run: () => Promise.resolve(runs.push(name)) };
};

describe('background jobs claimed through the database', () => {
  it('runs a job once per period, whichever process asks', async () => {
    const runs: string[] = [];
    const job = jobNamed(runs);
    expect(await runJobIfDue(t.ctx, job, 'process-a')).toBe(true);
    expect(await runJobIfDue(t.ctx, job, 'process-b')).toBe(false);
    expect(await runJobIfDue(t.ctx, job, 'process-a')).toBe(false);
    t.advance(59_000);
    expect(await runJobIfDue(t.ctx, job, 'process-b')).toBe(false);
    t.advance(1_000);
    expect(await runJobIfDue(t.ctx, job, 'process-b')).toBe(true);
    expect(runs).toHaveLength(2);
    const [row] = await t.ctx.database.db.select().from(jobRuns).where(eq(jobRuns.name, job.name));
    expect(row).toMatchObject({ holder: 'process-b', runs: 2, lastError: null });
  });

  it('lets another process take over a run whose holder died, only after its lease', async () => {
    const job = jobNamed([], 1_000, 30_000);
    expect(await claimJobRun(t.ctx, job, 'dies-mid-run')).toBe(true);
    t.advance(29_000); // due again, but the holder may still be running
    expect(await claimJobRun(t.ctx, job, 'survivor')).toBe(false);
    t.advance(1_000);
    expect(await claimJobRun(t.ctx, job, 'survivor')).toBe(true);
    // The dead holder's late finish must not release the survivor's lease.
    await finishJobRun(t.ctx, job.name, null, 'dies-mid-run');
    t.advance(1_000);
    expect(await claimJobRun(t.ctx, job, 'third')).toBe(false);
  });

  it('keeps the error of a failed run and releases it for the next period', async () => {
    const job: JobSpec = { ...jobNamed([]), run: () => Promise.reject(new Error('provider down')) };
    expect(await runJobIfDue(t.ctx, job, 'process-a')).toBe(true);
    const [row] = await t.ctx.database.db.select().from(jobRuns).where(eq(jobRuns.name, job.name));
    expect(row?.lastError).toContain('provider down');
    t.advance(job.everyMs);
    expect(await runJobIfDue(t.ctx, { ...job, run: () => Promise.resolve() }, 'process-b')).toBe(true);
    const [after] = await t.ctx.database.db.select().from(jobRuns).where(eq(jobRuns.name, job.name));
    expect(after?.lastError).toBeNull();
  });
});

describe('the schedule of one process', () => {
  it('between runs reads the row and claims (a write) only when the claim can succeed', async () => {
    const runs: string[] = [];
    const job = jobNamed(runs, 1_000, 1_000);
    // The process's database, counting the claims (the only inserts a schedule makes).
    let claims = 0;
    const db = new Proxy(t.ctx.database.db, {
      get(target, property, receiver) {
        if (property === 'insert') claims += 1;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const stop = scheduleJob({ ...t.ctx, database: { ...t.ctx.database, db } }, job);
    try {
      // Ticks come every 250 ms: about ten in this time, for two or three runs.
      await new Promise((resolve) => setTimeout(resolve, 2_600));
    } finally {
      stop();
    }
    await vi.waitFor(async () => {
      const [row] = await t.ctx.database.db.select().from(jobRuns).where(eq(jobRuns.name, job.name));
      expect(row?.lastFinishedAt?.getTime()).toBeGreaterThanOrEqual(row?.lastStartedAt.getTime() ?? 0);
    });
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(claims).toBe(runs.length);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('background jobs under concurrency', () => {
  it('three processes racing every period run the job exactly once per period', async () => {
    const runs: string[] = [];
    const job = jobNamed(runs, 1_000, 1_000);
    const periods = 25;
    for (let period = 0; period < periods; period++) {
      const winners = await Promise.all(
        ['a', 'b', 'c'].map((holder) => runJobIfDue(t.ctx, job, `process-${holder}`)),
      );
      expect(winners.filter(Boolean)).toHaveLength(1);
      t.advance(1_000);
    }
    expect(runs).toHaveLength(periods);
  });
});
