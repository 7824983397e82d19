/**
 * Lighthouse (mobile profile) on pages of the running server, with Debian's Chromium, and the
 * baseline page it is compared with (issue 19 §1): the same first-paint HTML and CSS with no script.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEFAULT_CPU_SLOWDOWN } from './cpu-calibration';
import { CHROMIUM } from './page-weight';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** What the largest contentful paint was, as Lighthouse names the element. */
  lcpElement: string;
  /** The audits of the accessibility and best-practices categories that did not pass, by id. */
  failedAudits: string[];
  /** Lighthouse's own error when the run failed (its scores are then 0 and mean nothing). */
  runtimeError: string | null;
  /** Lighthouse's measure of this host's CPU at the time of the run (cpu-calibration.ts). */
  benchmarkIndex: number;
}

interface LcpElementDetails {
  items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[];
}

/** The baseline's file in the build folder; the server serves it like any other file of the PWA. */
export const BASELINE_PAGE = 'lighthouse-baseline.html';

/**
 * Writes the baseline page beside the build's index.html: the same document without a single
 * script (the boot script, the entry and its preloads), with the first-paint copy of the sign-in
 * page switched on as the boot script would switch it on. What Lighthouse then measures is the
 * floor of the page: HTML, one stylesheet, fonts, no JavaScript.
 */
export function writeBaselinePage(distDir: string): void {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const withoutScripts = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '');
  const baseline = withoutScripts.replace(/<html\b([^>]*)>/, '<html$1 data-first-paint="cn">');
  if (baseline === withoutScripts) throw new Error('index.html has no <html> tag to mark');
  writeFileSync(join(distDir, BASELINE_PAGE), baseline);
}

/**
 * The baseline of `/home` (issue 34 §9): index.html with every script removed, the home page's
 * stylesheets linked and home's first paint (the boot script's template of the language) written
 * out with `figures` in its slots, as the boot script paints it from the saved snapshot. The same
 * look as /home's first screen with no JavaScript: its LCP is what /home's is held against.
 */
export const HOME_BASELINE_PAGE = 'lighthouse-home-baseline.html';

export function writeHomeBaselinePage(
  distDir: string,
  figures: { CNY: string; USD: string; age: string },
): void {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const css = /data-home-css="([^"]*)"/.exec(html)?.[1]?.split(' ').filter(Boolean) ?? [];
  const template = /<template id="cp-home-paint-cn"[^>]*>([\s\S]*?)<\/template>/.exec(html)?.[1];
  if (css.length === 0 || !template) throw new Error("index.html lacks home's first paint");
  const view = template
    .replace(/(data-slot="CNY"[^>]*>)/, `$1${figures.CNY}`)
    .replace(/(data-slot="USD"[^>]*>)/, `$1${figures.USD}`)
    .replace(/(data-slot="age"[^>]*>)/, `$1${figures.age}`);
  const baseline = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `${css.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</head>`)
    .replace('</body>', `${view}</body>`)
    .replace(/<html\b([^>]*)>/, '<html$1 data-home-paint="cn">');
  writeFileSync(join(distDir, HOME_BASELINE_PAGE), baseline);
}

/**
 * What a page is run with: `storage` goes into the origin's localStorage first (a signed-in
 * session), `keyval` into idb-keyval's IndexedDB store (the offline snapshot a returning phone
 * has saved).
 */
export interface LighthousePage {
  url: string;
  storage?: Record<string, string>;
  keyval?: Record<string, unknown>;
}

/**
 * One Lighthouse run. `storage` is written into the origin's localStorage first (a signed-in
 * session for `/home`), and Lighthouse is told to keep it instead of clearing the origin.
 * `cpuSlowdown` replaces Lighthouse's default CPU multiplier (cpu-calibration.ts).
 */
export async function runLighthouse(
  { url, storage, keyval }: LighthousePage,
  cpuSlowdown = DEFAULT_CPU_SLOWDOWN,
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM.executablePath,
    chromeFlags: CHROMIUM.args,
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    if (storage) {
      // Any answer of the origin will do to reach its storage; the health route loads no app.
      await page.goto(`${new URL(url).origin}/api/health`);
      await page.evaluate((items: Record<string, string>) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, storage);
    }
    if (keyval) {
      // As idb-keyval writes it: database `keyval-store`, store `keyval`.
      await page.evaluate(
        (items: Record<string, unknown>) =>
          new Promise<void>((resolve, reject) => {
            const opening = indexedDB.open('keyval-store');
            opening.onupgradeneeded = () => opening.result.createObjectStore('keyval');
            opening.onerror = () => reject(new Error('no IndexedDB'));
            opening.onsuccess = () => {
              const db = opening.result;
              const writing = db.transaction('keyval', 'readwrite');
              for (const [key, value] of Object.entries(items)) writing.objectStore('keyval').put(value, key);
              writing.oncomplete = () => {
                db.close();
                resolve();
              };
              writing.onerror = () => reject(new Error('snapshot not written'));
            };
          }),
        keyval,
      );
    }
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: Boolean(storage),
        // Merged into the mobile profile's throttling: only the CPU changes.
        throttling: { cpuSlowdownMultiplier: cpuSlowdown },
      },
      undefined,
      page,
    );
    if (!result) throw new Error('Lighthouse returned nothing');
    const simulated = result.lhr.configSettings.throttling.cpuSlowdownMultiplier;
    if (simulated !== cpuSlowdown) throw new Error(`Lighthouse ran at ×${simulated}, not ×${cpuSlowdown}`);
    // For looking into a figure: BENCH_LIGHTHOUSE_DIR keeps every run's whole report there.
    const keepIn = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keepIn) {
      mkdirSync(keepIn, { recursive: true });
      const name = new URL(url).hash.replace(/[^a-z0-9]+/gi, '') || new URL(url).pathname.replace(/\W+/g, '');
      writeFileSync(join(keepIn, `${name || 'root'}-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failedAudits = ['accessibility', 'best-practices'].flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      lcpElement: lcpElementOf(audits['largest-contentful-paint-element']?.details as LcpElementDetails),
      failedAudits,
      runtimeError: result.lhr.runtimeError?.message ?? null,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
    };
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/**
 * Each page `runs` times, the pages taking turns so that a slow moment of the shared machine falls
 * on all of them alike; the run with the median performance score stands for the page. A run that
 * Lighthouse itself failed (no paint seen in time, on a loaded machine) is left out of the median
 * and counted in `failed`.
 */
export async function runLighthouseRounds(
  pages: Record<string, LighthousePage>,
  runs: number,
  cpuSlowdown = DEFAULT_CPU_SLOWDOWN,
): Promise<Record<string, { median: LighthouseFigures; all: LighthouseFigures[]; failed: string[] }>> {
  const all: Record<string, LighthouseFigures[]> = {};
  for (let run = 0; run < runs; run++)
    for (const [name, page] of Object.entries(pages))
      (all[name] ??= []).push(await runLighthouse(page, cpuSlowdown));
  return Object.fromEntries(
    Object.entries(all).map(([name, runs]) => {
      const figures = runs.filter((run) => !run.runtimeError);
      const failed = runs.flatMap((run) => (run.runtimeError ? [run.runtimeError] : []));
      if (figures.length === 0)
        throw new Error(`Lighthouse failed every run of ${name}: ${failed.join('; ')}`);
      const sorted = [...figures].sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
      return [name, { median: sorted[Math.floor(sorted.length / 2)]!, all: figures, failed }];
    }),
  );
}

function lcpElementOf(details: LcpElementDetails | undefined): string {
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? '?'} (${node.nodeLabel ?? ''})` : 'unknown';
}
