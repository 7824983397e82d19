import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';

/**
 * The production-shape suite (issue 28): the portal with APP_MODE=production on PostgreSQL, two
 * server processes and a real local server for each outside system, all started by the test itself
 * (tests/production/kit) — so no webServer here. One phone, one worker: it is one customer's story.
 * It serves the PWA that `npm run test:e2e` has just built into dist/.
 */
const PORT = Number(process.env.PRODUCTION_E2E_PORT ?? 8182);

export default defineConfig({
  testDir: 'tests/production',
  timeout: 240_000,
  expect: { timeout: 15_000 },
  workers: 1,
  // As the main run: one retry on CI, which starts the whole production again.
  retries: process.env.CI ? 1 : 0,
  // Its own folder: the main run's failure artefacts stay where they are.
  outputDir: 'test-results/production',
  reporter: [['list']],
  use: {
    // The TLS proxy of docs/deployment.md step 8, with the suite's own certificate.
    baseURL: `https://127.0.0.1:${PORT}`,
    ignoreHTTPSErrors: true,
    serviceWorkers: 'block',
    launchOptions: base.use?.launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 5'],
        viewport: { width: 390, height: 844 },
        launchOptions: base.use?.launchOptions,
      },
    },
  ],
});
