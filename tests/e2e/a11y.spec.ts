import { pages } from '#app/content/pages.ts'
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  test,
  waitUntilReady,
} from './fixtures.ts'

// 992 px is where the header stops collapsing: the tightest fit of the full navigation. axe runs
// at the two ends; every width is checked for horizontal scroll.
const widths = [375, 768, 992, 1280]
const axeWidths = new Set([375, 1280])
/** A bound on axe's two runs per element of a page, on a loaded 2-core machine. */
const AXE_MS_PER_ELEMENT = 12

for (const entry of pages) {
  // One load, then the window resized through the widths: the stylesheet lays the page out
  // again at each, as it does for a reader turning a tablet (no script reads the width). A load
  // per width cost 0.8 s each on this 2-core machine, a resize a few milliseconds.
  test(`${entry.path} has one h1, a skip link, no axe violations and no horizontal scroll from 375 to 1280 px`, async ({
    page,
  }) => {
    // axe reads every node twice: the integration guides hold thousands, slow on a loaded machine.
    test.slow()
    await page.setViewportSize({ width: widths[0]!, height: 900 })
    await page.goto(entry.path)
    await waitUntilReady(page)
    // axe's time grows with the page's elements: the API reference alone holds over 20,000 (about
    // 2 minutes for its two runs on this machine unloaded), so its bound grows with them.
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length)
    test.setTimeout(Math.max(test.info().timeout, elements * AXE_MS_PER_ELEMENT))
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#main',
    )
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 })
      await expectNoHorizontalScroll(page, `at ${width} px`)
      if (axeWidths.has(width)) await expectNoAxeViolations(page, `at ${width} px`)
    }
  })
}

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
