/**
 * How the end-to-end tests and the measuring scripts start Chromium, and where the e2e server
 * keeps its data: shared by playwright.config.ts, the Lighthouse runner and the screenshot tools.
 */
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
