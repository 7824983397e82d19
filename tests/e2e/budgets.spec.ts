/**
 * Page weights are deterministic, so CI guards them as budgets (issue 19 §1): the sign-in page at
 * most 150 KB of JS gzipped, `/home` after sign-in at most 250 KB in total, and no lazy route chunk
 * over 60 KB. They hold as screens are added only if every new page stays a route-level chunk.
 * The figures are sizes, not times: they do not move with the machine's speed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { weighLoad } from '../load/page-weight';
import { DEMO, expect, signInWithStorage, test } from './fixtures';

// Issue 19's figures. On 28 Nov the pages came to 150.4 and 250.2 KB and the budgets were 1 KB
// higher for a day, until only the shown language's start texts stayed in the start
// (decisions.md "Page budgets").
const SIGN_IN_JS_KB = 150;
const HOME_JS_KB = 250;
const ROUTE_CHUNK_KB = 60;

interface ManifestChunk {
  file: string;
  isDynamicEntry?: boolean;
}

// Every script comes over the network to be counted: the config keeps the service worker out.
// Sizes do not depend on the viewport: one project measures them.
test.skip(({ isMobile }) => isMobile, 'sizes are measured once, in the desktop project');

test('the sign-in page stays within its script budget', async ({ page }) => {
  // Counted until React has replaced the static sign-in page (features/auth/first-paint).
  const weight = await weighLoad(page, '/#/', async (loaded) => {
    await expect(loaded.locator('#root .cp-first-paint')).toHaveCount(0);
    await expect(loaded.getByTestId('language-toggle')).toBeVisible();
  });
  expect(weight.jsKb, 'a measurement that counted nothing').toBeGreaterThan(50);
  expect(weight.jsKb, `${weight.jsKb.toFixed(1)} KB of JS`).toBeLessThanOrEqual(SIGN_IN_JS_KB);
  test.info().annotations.push({ type: 'weight', description: `${weight.jsKb.toFixed(1)} KB of JS` });
});

test('/home after sign-in stays within its script budget', async ({ page }) => {
  await signInWithStorage(page, DEMO, '/#/');
  await page.goto('about:blank');
  const weight = await weighLoad(page, '/#/home', async (loaded) => {
    await expect(loaded.getByTestId('wallet-CNY')).toBeVisible();
  });
  expect(weight.jsKb, 'a measurement that counted nothing').toBeGreaterThan(100);
  expect(weight.jsKb, `${weight.jsKb.toFixed(1)} KB of JS`).toBeLessThanOrEqual(HOME_JS_KB);
  test.info().annotations.push({ type: 'weight', description: `${weight.jsKb.toFixed(1)} KB of JS` });
});

test('no lazy route chunk is over its budget', () => {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  // The HEIC decoder is a dynamic import but not a route: it loads only when an iPhone photo is
  // chosen for upload (ImageUpload.heic.ts) and is not precached (vite.config.ts).
  const routeChunks = Object.entries(manifest).filter(
    ([source, chunk]) => chunk.isDynamicEntry && !source.includes('node_modules/heic-to/'),
  );
  expect(routeChunks.length).toBeGreaterThan(10);
  const over = routeChunks
    .map(([source, chunk]) => ({
      source,
      kb: gzipSync(readFileSync(join('dist', chunk.file))).length / 1024,
    }))
    .filter((chunk) => chunk.kb > ROUTE_CHUNK_KB)
    .map((chunk) => `${chunk.source}: ${chunk.kb.toFixed(1)} KB`);
  expect(over).toEqual([]);
});
