/**
 * Background jobs that run once across every server process on the same database (issue 19: the
 * order sweeper, the purge, and every later job). Each process ticks a few times per period and
 * tries to claim the job's row in `job_runs`; the claim succeeds only when the job is due (its
 * period has passed since the last start) and nobody holds a live lease. The claim is one upsert,
 * so two processes racing for it serialise on the row and exactly one wins. A process killed mid-run
 * keeps its lease until `leaseMs` passes; then another takes the job over.
 */
import { hostname } from 'node:os';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { jobRuns } from '../db/schema';
import { newId } from './crypto';
import { jobRunsTotal } from './metrics';

export interface JobSpec {
  /** Unique across the product: the row every process claims. */
  name: string;
  /** How often the job runs, across all processes together. */
  everyMs: number;
  /** How long a run may take before another process may assume its holder died (default: the period). */
  leaseMs?: number;
  run(ctx: AppContext): Promise<unknown>;
}

/** This process's name in `job_runs.holder`. */
export const PROCESS_HOLDER = `${hostname()}:${process.pid}:${newId()}`;

/**
 * What the job's row says of its next run, in epoch ms: `earliest`, a period after its last start,
 * before which it cannot be due whatever happens (starts only move later); `claimable`, when a claim
 * would succeed as things stand (a run in progress holds it until its lease ends or it finishes).
 * Both 0 when it never ran.
 */
export async function readJobDue(
  ctx: AppContext,
  spec: Pick<JobSpec, 'name' | 'everyMs'>,
): Promise<{ earliest: number; claimable: number }> {
  const [row] = await ctx.database.db
    .select({ leaseUntil: jobRuns.leaseUntil, lastStartedAt: jobRuns.lastStartedAt })
    .from(jobRuns)
    .where(eq(jobRuns.name, spec.name));
  if (!row) return { earliest: 0, claimable: 0 };
  const earliest = row.lastStartedAt.getTime() + spec.everyMs;
  return { earliest, claimable: Math.max(earliest, row.leaseUntil.getTime()) };
}

/**
 * Claims one run of the job for `holder` if it is due and free. True means the caller must run it
 * (and then call `finishJobRun`).
 */
export async function claimJobRun(
  ctx: AppContext,
  spec: Pick<JobSpec, 'name' | 'everyMs' | 'leaseMs'>,
  holder = PROCESS_HOLDER,
): Promise<boolean> {
  const now = ctx.now();
  const leaseUntil = new Date(now.getTime() + (spec.leaseMs ?? spec.everyMs));
  const dueIfStartedBefore = new Date(now.getTime() - spec.everyMs);
  const claimed = await ctx.database.db
    .insert(jobRuns)
    .values({ name: spec.name, holder, leaseUntil, lastStartedAt: now, runs: 1 })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { holder, leaseUntil, lastStartedAt: now, runs: sql`${jobRuns.runs} + 1` },
      setWhere: and(lte(jobRuns.leaseUntil, now), lte(jobRuns.lastStartedAt, dueIfStartedBefore)),
    })
    .returning({ runs: jobRuns.runs });
  return claimed.length === 1;
}

/** Ends the holder's run: the lease is released at once and the outcome kept for operators. */
export async function finishJobRun(
  ctx: AppContext,
  name: string,
  error: string | null,
  holder = PROCESS_HOLDER,
): Promise<void> {
  const now = ctx.now();
  await ctx.database.db
    .update(jobRuns)
    .set({ leaseUntil: now, lastFinishedAt: now, lastError: error })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.holder, holder)));
}

/** Runs the job now if this process wins the claim; answers whether it ran. */
export async function runJobIfDue(ctx: AppContext, spec: JobSpec, holder = PROCESS_HOLDER): Promise<boolean> {
  if (!(await claimJobRun(ctx, spec, holder))) return false;
  try {
    await spec.run(ctx);
    await finishJobRun(ctx, spec.name, null, holder);
    jobRunsTotal.inc({ job: spec.name, outcome: 'ok' });
  } catch (error) {
    jobRunsTotal.inc({ job: spec.name, outcome: 'failed' });
    ctx.log.error('background job failed', { job: spec.name, error: String(error) });
    await finishJobRun(ctx, spec.name, String(error).slice(0, 500), holder).catch(() => undefined);
  }
  return true;
}

/** A claim is tried this many times per period, so the job runs at most a quarter-period late. */
const TICKS_PER_PERIOD = 4;

/**
 * Tries the job now and a few times per period; the timer does not keep the process alive. Answers
 * a function that stops it.
 */
export function scheduleJob(ctx: AppContext, spec: JobSpec): () => void {
  let ticking = false;
  // Before then the job cannot be due (a period after its last start, read from its row), so a tick
  // costs nothing. Each tick used to try the claim, a write, even on the process that had just run
  // the job; on PGlite, which runs in the server's own thread, every statement holds up requests.
  let notBefore = 0;
  const tick = async () => {
    if (ticking || ctx.now().getTime() < notBefore) return; // a slow run is not stacked on
    ticking = true;
    try {
      // A read first: the claim is an upsert, only worth making when the row says it would succeed
      // (the upsert still decides, so processes racing for it stay exactly-once).
      if ((await readJobDue(ctx, spec)).claimable <= ctx.now().getTime()) await runJobIfDue(ctx, spec);
      notBefore = (await readJobDue(ctx, spec)).earliest;
    } catch (error) {
      // The claim itself failed (database unreachable): the next tick tries again.
      ctx.log.warn('background job claim failed', { job: spec.name, error: String(error) });
    } finally {
      ticking = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), Math.max(250, Math.floor(spec.everyMs / TICKS_PER_PERIOD)));
  timer.unref();
  return () => clearInterval(timer);
}
