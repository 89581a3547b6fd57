import { mkdtempSync } from 'node:fs';
import { availableParallelism, freemem, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Real server (built web app), real database (a fresh embedded PGlite, or DATABASE_URL's PostgreSQL),
 * real Chromium (Debian's headless shell, found by scripts/lib.sh: Playwright never downloads a browser
 * here). decisions/026 has the measurements behind the browser, the trace and the worker count.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** A local OpenID provider stands in for Google (accounts.spec.ts signs in through it). */
const OIDC_PORT = PORT + 1;
const OIDC_CLIENT = { id: 'marquee-google', secret: 'local-oidc-client-secret-0123456789' };
/**
 * Workers from the machine. Measured on 2 cores (decisions/026): a worker, its browser and the server's
 * share of the work keep about 1.5 cores busy, so a second worker on 2 cores bought 10 % of wall time for
 * 92 % instead of 76 % CPU, and left nothing for a busy neighbour. One worker per two cores, and no more
 * than free memory allows (about 1 GiB a worker with its browser). E2E_WORKERS overrides.
 */
function pickWorkers(): { workers: number; reason: string } {
  const cores = availableParallelism();
  const freeGiB = freemem() / 2 ** 30;
  const requested = Number(process.env.E2E_WORKERS);
  if (Number.isInteger(requested) && requested > 0) return { workers: requested, reason: 'E2E_WORKERS' };
  const workers = Math.max(1, Math.min(Math.floor(cores / 2), Math.floor(freeGiB)));
  return { workers, reason: `${cores} cores, ${freeGiB.toFixed(1)} GiB free: one per two cores` };
}
const { workers, reason } = pickWorkers();
// The config is read again in every worker process; say it once, in the runner.
if (process.env.TEST_WORKER_INDEX === undefined) console.log(`Playwright workers: ${workers} (${reason})`);
const ROOT = resolve(import.meta.dirname, '..');
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'marquee-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: '../test-results/playwright',
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot, but not the
    // trace's screencast: encoding a frame for every paint cost more CPU than the tests themselves
    // (decisions/026: 305 -> 122 CPU seconds on the same 20 tests).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell',
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
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: '**/*.mobile.spec.ts' },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: '**/*.mobile.spec.ts' },
  ],
  webServer: [
    {
      command: `tsx apps/server/src/test-support/oidc-issuer-cli.ts ${OIDC_PORT} ${BASE_URL}/api/auth/callback/google`,
      cwd: ROOT,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'tsx apps/server/src/main.ts',
      cwd: ROOT,
      url: `${BASE_URL}/api/categories`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: BASE_URL,
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
        // The captcha and CSRF checks stay on: the suite passes them as a buyer's browser does.
        // Rate-limit counters of this run only: a shared Redis (CI's REDIS_URL) would carry the last
        // run's sign-ups from 127.0.0.1 into this one's per-client limit.
        REDIS_URL: '',
      },
    },
  ],
});
