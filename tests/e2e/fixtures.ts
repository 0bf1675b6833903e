import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

/**
 * Shared fixtures: every test fails on an uncaught page error or a console error,
 * so a broken hydration or a failing script never passes quietly.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
      })
      await use(errors)
      expect(errors, 'the page logged errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

export const widths = { mobile: 375, desktop: 1280 } as const

/**
 * axe's default run analyses each frame on its own, then merges the results in a blank page of
 * their own, passing every node of every rule through the test process: on the API reference
 * (9,000 elements) that took 60 to 80 s. Its legacy run analyses the page in place, frames of
 * the same origin included, in 18 s; frames of another origin (the gateway's checkout) it cannot
 * reach, so a page showing one is analysed the default way. Only violations are asserted, so
 * only violations carry their nodes.
 */
function axeFor(page: Page): AxeBuilder {
  const origin = new URL(page.url()).origin
  const otherOrigin = page
    .frames()
    .map((frame) => frame.url())
    .some((url) => /^https?:/.test(url) && new URL(url).origin !== origin)
  return new AxeBuilder({ page })
    .setLegacyMode(!otherOrigin)
    .options({ resultTypes: ['violations'] })
}

export async function expectNoAxeViolations(page: Page, where = '') {
  const results = await axeFor(page).analyze()
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} → ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  )
  expect(summary, `axe violations ${where}`.trim()).toEqual([])
}

/**
 * Opens a page and waits until it is ready for input: hydrated by React, or, on a static page
 * (no React Router client), loaded, which comes after its enhancement modules have run.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path)
  await waitUntilReady(page)
}

export async function waitUntilReady(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === 'true' ||
      (!('__reactRouterContext' in window) && document.readyState === 'complete'),
  )
}

export async function expectNoHorizontalScroll(page: Page, where = '') {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `horizontal overflow in px ${where}`.trim()).toBeLessThanOrEqual(0)
}
