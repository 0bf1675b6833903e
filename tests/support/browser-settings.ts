/**
 * How the end-to-end tests and the measuring scripts start Chromium, and where the e2e server
 * keeps its data: shared by playwright.config.ts, the Lighthouse runner and the screenshot tools.
 */
/**
 * The tests' browser: Debian's Chromium headless shell (package chromium-headless-shell), the
 * same Blink without the full browser around it, which is what Playwright itself runs headless.
 * Against the full /usr/bin/chromium in new headless mode, two e2e files (97 tests, 2 workers)
 * took 71 s instead of 165 s (docs/decisions/046-test-run-time.md). CHROMIUM_PATH picks another.
 */
export const testChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'

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

/** The data folder of the e2e server listening on `port` (E2E_PORT, 3100 by default). */
export function e2eDataDir(port = Number(process.env.E2E_PORT ?? 3100)): string {
  return `data/e2e-${port}`
}

/**
 * The e2e server's settings, which its build must share: the guides print the sandbox's delays
 * and address from the environment the site is built with. late@upi settles after a few seconds
 * instead of 30, so a test can watch Pending turn Captured; the demo's webhooks go to this very
 * server on localhost, which only an operator's explicit SANDBOX_WEBHOOK_ALLOW_PRIVATE=1 lets a
 * production server do.
 */
export function e2eSiteEnv(port = Number(process.env.E2E_PORT ?? 3100)): Record<string, string> {
  return {
    SITE_URL: `http://localhost:${port}`,
    SANDBOX_SETTLE_DELAY_MS: '5000',
    SANDBOX_WEBHOOK_ALLOW_PRIVATE: '1',
  }
}
