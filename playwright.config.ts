import { defineConfig } from '@playwright/test'
import { chromiumArgs, e2eDataDir } from './tests/support/browser-settings.ts'

/**
 * End-to-end tests run against the production build (`npm run test:e2e` builds first).
 * E2E_DEV=1 runs them against the development server instead, which needs no build;
 * E2E_PORT picks the port so several runs can share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3100)
const dev = process.env.E2E_DEV === '1'
const dataDir = e2eDataDir(port)
// The site is built with SITE_URL at this address (npm run test:e2e), so its pages and archives
// name the site they are served from; the server runs with the same.
// late@upi settles after a few seconds instead of 30, so a test can watch Pending turn Captured.
// The demo's webhooks go to this very server on localhost, which only an operator's explicit
// SANDBOX_WEBHOOK_ALLOW_PRIVATE=1 lets a production server do.
const serverEnv = `PORT=${port} SITE_URL=http://localhost:${port} DATA_DIR=${dataDir} FORM_RATE_LIMIT=0 SANDBOX_SETTLE_DELAY_MS=5000 SANDBOX_WEBHOOK_ALLOW_PRIVATE=1`

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  webServer: {
    // Each run starts on an empty data folder of its own; the form rate limit has its own
    // integration test and would only get in the way of a suite posting from one address.
    command: `rm -rf ${dataDir} && ${serverEnv} ${
      dev
        ? 'NODE_ENV=development node --import tsx server/index.ts'
        : 'NODE_ENV=production node build/server.js'
    }`,
    url: `http://localhost:${port}/robots.txt`,
    reuseExistingServer: false,
    // Starting reads the client build into memory and opens PGlite: slow on a loaded machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
