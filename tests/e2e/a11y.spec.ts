import { pages } from '#app/content/pages.ts'
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  test,
  waitUntilReady,
} from './fixtures.ts'

// 992 px is where the header stops collapsing: the tightest fit of the full navigation.
for (const width of [375, 768, 992, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })
    for (const entry of pages) {
      test(`${entry.path} has no axe violations and no horizontal scroll`, async ({ page }) => {
        // axe reads every node: the integration guides hold thousands, slow on a loaded machine.
        if (width === 375 || width === 1280) test.slow()
        await page.goto(entry.path)
        await waitUntilReady(page)
        await expectNoHorizontalScroll(page)
        if (width === 375 || width === 1280) await expectNoAxeViolations(page)
      })
    }
  })
}

test('every page has exactly one h1 and a skip link to the main content', async ({ page }) => {
  // One page load per route in a single test: give it the time of that many tests.
  test.setTimeout(pages.length * 15_000)
  for (const entry of pages) {
    await page.goto(entry.path)
    await expect(page.locator('h1'), entry.path).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#main',
    )
  }
})

test('keyboard focus is visible', async ({ page }) => {
  await page.goto('/')
  await waitUntilReady(page)
  await page.keyboard.press('Tab')
  const outline = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement
    return getComputedStyle(element).outlineStyle
  })
  expect(outline).not.toBe('none')
})
