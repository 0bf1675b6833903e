import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests run against the production build (`npm run test:e2e` builds first).
 * E2E_DEV=1 runs them against the development server instead, which needs no build;
 * E2E_PORT picks the port so several runs can share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3100)
const dev = process.env.E2E_DEV === '1'

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

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
    command: dev
      ? `NODE_ENV=development PORT=${port} node --import tsx server/index.ts`
      : `NODE_ENV=production PORT=${port} node build/server.js`,
    url: `http://localhost:${port}/robots.txt`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
