import { defineConfig, devices } from '@playwright/test';

// End-to-end tests run Debian's Chromium (tools/ensure-browser.sh installs it) against the real
// server on a fresh embedded database, in a phone and a desktop viewport.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers: the phone and desktop runs of different files go side by side on the two cores.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Without a service worker unless a spec opts in (pwa, offline, live): every test's fresh context
    // would otherwise install the worker and precache about 190 files it never uses, which made
    // installs race the 20 s waits of the specs that do test the worker. Decided in decisions.md.
    serviceWorkers: 'block',
    launchOptions: chromium,
    // A trace records a screencast of every step: kept on for every test, it made the browsers'
    // own processes the busiest on the machine. A failure is retried with the trace on instead.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 5'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
      // Flows whose code and screens are the same at both widths run on the phone only: each of
      // these specs has no step that depends on the viewport, and every route's wide layout is
      // still scanned by fit.spec and walked by the layout specs (decisions.md "Test time").
      testIgnore: [
        'auth.spec.ts',
        'finance.spec.ts',
        'home.spec.ts',
        'live.spec.ts',
        'live-codes.spec.ts',
        'push-unreachable.spec.ts',
        'pwa.spec.ts',
      ].map((file) => `**/${file}`),
    },
  ],
  webServer: {
    command: `node --import tsx tools/e2e-server.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '.tmp/e2e-data',
      APP_MODE: 'demo',
      LOG_LEVEL: 'warn',
      // Each test gets its own client address (tests/e2e/fixtures.ts), so per-address limits of one
      // test never spill into the next.
      TRUST_PROXY: '1',
      // The local messenger bots of channels.spec.ts, one per project (README "CHANNEL_SERVICE_ORIGINS").
      CHANNEL_SERVICE_ORIGINS: `http://127.0.0.1:${PORT + 1000},http://127.0.0.1:${PORT + 1001}`,
      // TEST ONLY (production ignores it): the reveal window after a step-up is 60 s instead of 5
      // minutes, so tests/e2e/passkeys.spec.ts can see it end. No other spec reveals twice.
      REVEAL_WINDOW_SECONDS: '60',
    },
  },
});
