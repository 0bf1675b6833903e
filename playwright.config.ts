import { defineConfig } from '@playwright/test'
import {
  chromiumArgs,
  e2eDataDir,
  e2eSiteEnv,
  testChromiumPath,
} from './tests/support/browser-settings.ts'

/**
 * End-to-end tests run against the production build (`npm run test:e2e` builds first).
 * E2E_DEV=1 runs them against the development server instead, which needs no build;
 * E2E_PORT picks the port so several runs can share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3100)
const dev = process.env.E2E_DEV === '1'
const dataDir = e2eDataDir(port)
// The site's settings are the build's (tests/support/e2e-build.ts builds with the same).
const siteEnv = Object.entries(e2eSiteEnv(port)).map(([name, value]) => `${name}=${value}`)
const serverEnv = [`PORT=${port}`, `DATA_DIR=${dataDir}`, 'FORM_RATE_LIMIT=0', ...siteEnv].join(' ')

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Most tests wait on the page, the server or the sandbox: two workers on two cores ran the
  // suite in about half the time of Playwright's default here (one, half the cores); a third
  // gained nothing once axe kept both cores busy (docs/decisions/046-test-run-time.md).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    // Recording a trace for every test cost a fifth of the run (38 tests: 115 s against 93 s
    // without; without its screenshots, still 111 s). A failure's retry (CI retries once) records
    // one; locally, `npx playwright test --trace on` does.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: testChromiumPath,
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
