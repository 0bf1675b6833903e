import type { Page, Route } from '@playwright/test'
import type { ApiAnswer } from '#core/forms/api.ts'

/** Matches the form API on whatever origin API_URL names. */
export function apiPattern(path: string) {
  return `**${path}`
}

/**
 * Chromium logs "Failed to load resource" as a console error for a failed or refused request.
 * Tests that make a request fail on purpose take exactly those lines out of the fixture's list,
 * so any other console error still fails the test.
 */
export function forgiveFailedRequests(pageErrors: string[]) {
  const kept = pageErrors.filter((line) => !/Failed to load resource/.test(line))
  pageErrors.splice(0, pageErrors.length, ...kept)
}

/** Holds every request to `pattern` until `release` is called, then answers `answer`. */
export async function holdRequests(page: Page, pattern: string, answer: ApiAnswer) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const requests: Route[] = []
  await page.route(pattern, async (route) => {
    requests.push(route)
    await gate
    await route.fulfill({ status: 200, json: answer })
  })
  return { requests, release: () => release() }
}

/** Pastes `text` into the focused control the way a person does: clipboard, then Ctrl+V. */
export async function pasteText(page: Page, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.evaluate((value) => navigator.clipboard.writeText(value), text)
  await page.keyboard.press('ControlOrMeta+V')
}
