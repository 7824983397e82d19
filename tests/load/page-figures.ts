/**
 * The page figures of `npm run bench` (issue 19 §1): what the sign-in page and `/home` load, and
 * Lighthouse mobile on both beside the baseline page (lighthouse.ts), so that TBT and LCP are read
 * against what the same HTML and CSS cost without any script on the same machine at the same time.
 * Every page runs twice over: at Lighthouse's default CPU slowdown, and at the slowdown Lighthouse's
 * calculator gives this host's measured benchmarkIndex (cpu-calibration.ts), which is the figure
 * held against the target: it emulates the same phone whatever the day's host speed.
 */
import type { Report } from './bench-kit';
import { calibratedCpuSlowdown, DEFAULT_CPU_SLOWDOWN, DEFAULT_INDEX } from './cpu-calibration';
import { percentile } from './fixed-rate';
import { BASELINE_PAGE, runLighthouseRounds, writeBaselinePage } from './lighthouse';
import { measurePageWeight } from './page-weight';
import { signedInStorage } from './signed-in-storage';

const LIGHTHOUSE_RUNS = 3;

export async function reportPages(
  report: Report,
  url: string,
  token: string,
  distDir: string,
): Promise<void> {
  const storage = await signedInStorage(url, token);

  const signIn = await measurePageWeight(`${url}/#/`);
  report('sign-in page JS (gzip)', `${signIn.jsKb.toFixed(1)} KB`, '≤ 150 KB (guarded in CI)');
  report('sign-in page CSS (gzip)', `${signIn.cssKb.toFixed(1)} KB`, 'reported');
  const home = await measurePageWeight(
    `${url}/#/`,
    async (page) => {
      await page.goto(`${url}/api/health`);
      await page.evaluate((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, storage);
    },
    `${url}/#/home`,
  );
  report('/home after sign-in JS (gzip, in total)', `${home.jsKb.toFixed(1)} KB`, '≤ 250 KB (guarded in CI)');

  writeBaselinePage(distDir);
  const pages = {
    baseline: { url: `${url}/${BASELINE_PAGE}` },
    'sign-in': { url: `${url}/#/` },
    '/home': { url: `${url}/#/home`, storage },
  };
  const atDefault = await runLighthouseRounds(pages, LIGHTHOUSE_RUNS);
  const indexes = Object.values(atDefault).flatMap((rounds) => rounds.all.map((run) => run.benchmarkIndex));
  const hostIndex = percentile(
    [...indexes].sort((a, b) => a - b),
    50,
  );
  const slowdown = calibratedCpuSlowdown(hostIndex);
  report(
    "this host's Lighthouse benchmarkIndex, and the CPU slowdown that emulates Lighthouse's phone on it",
    `${hostIndex.toFixed(0)} (median of ${indexes.length} runs, ${Math.min(...indexes).toFixed(0)}–${Math.max(...indexes).toFixed(0)}): ×${slowdown.toFixed(2)}`,
    `reported (Lighthouse's default ×${DEFAULT_CPU_SLOWDOWN} assumes an index of ${DEFAULT_INDEX.toLocaleString('en')})`,
  );
  reportRounds(
    report,
    atDefault,
    `at Lighthouse's default CPU slowdown ×${DEFAULT_CPU_SLOWDOWN}`,
    'reported',
  );
  const calibrated = await runLighthouseRounds(pages, LIGHTHOUSE_RUNS, slowdown);
  reportRounds(
    report,
    calibrated,
    `at the calibrated CPU slowdown ×${slowdown.toFixed(2)}`,
    '≥ 95 / 100 / 100',
  );
}

type Rounds = Awaited<ReturnType<typeof runLighthouseRounds>>;

function reportRounds(report: Report, rounds: Rounds, how: string, target: string): void {
  const base = rounds.baseline!.median;
  report(
    `baseline page (sign-in HTML and CSS, no script) ${how}: Lighthouse performance, LCP / TBT`,
    `${base.performance}, ${(base.lcpMs / 1000).toFixed(2)} s / ${base.tbtMs.toFixed(0)} ms`,
    'baseline',
  );
  for (const name of ['sign-in', '/home'] as const) {
    const { median, all, failed } = rounds[name]!;
    const runs = `median of ${all.length}: ${all.map((f) => f.performance).join(', ')}${failed.length ? `; ${failed.length} failed run(s): ${failed.join('; ')}` : ''}`;
    const missed = median.failedAudits.length ? ` (not passed: ${median.failedAudits.join(', ')})` : '';
    report(
      `${name} Lighthouse mobile ${how}: performance / accessibility / best practices (${runs})`,
      `${median.performance} / ${median.accessibility} / ${median.bestPractices}${missed}`,
      target,
    );
    report(
      `${name} LCP / TBT ${how}, against the baseline page`,
      `${(median.lcpMs / 1000).toFixed(2)} s / ${median.tbtMs.toFixed(0)} ms; ×${(median.lcpMs / Math.max(base.lcpMs, 1)).toFixed(2)} the baseline's LCP, +${(median.tbtMs - base.tbtMs).toFixed(0)} ms TBT (LCP element: ${median.lcpElement})`,
      'reported',
    );
  }
}
