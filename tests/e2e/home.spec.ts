import type { Locator, Page } from '@playwright/test'
import { integrationKits, integrationKitsInitialCount } from '#app/content/downloads.ts'
import { features, launchPopupAutoCloseMs, showcase } from '#app/content/home.ts'
import { homeServices } from '#app/content/services.ts'
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts'

function launchPopup(page: Page) {
  return page.getByRole('dialog', { name: 'We have a new name' })
}

/** Whether the showcase's scroll-driven animations apply (768 px and wider, motion allowed). */
function showcaseMoves(section: Locator) {
  return section
    .locator('.showcase__item')
    .first()
    .evaluate((item) => getComputedStyle(item).animationName !== 'none')
}

/** Indexes of the showcase items lit by the scroll (their --lit above one half). */
function litItems(section: Locator) {
  return section
    .locator('.showcase__item')
    .evaluateAll((items) =>
      items.flatMap((item, index) =>
        Number(getComputedStyle(item).getPropertyValue('--lit')) > 0.5 ? [index] : [],
      ),
    )
}

/** Indexes of the phone screens a visitor can see. */
function shownScreens(section: Locator) {
  return section
    .locator('.phone-mock__screen')
    .evaluateAll((screens) =>
      screens.flatMap((screen, index) =>
        getComputedStyle(screen).visibility === 'visible' ? [index] : [],
      ),
    )
}

/** Opens the home page and dismisses the launch popup, for tests about the page beneath it. */
async function openHomeWithoutPopup(page: Page) {
  await gotoHydrated(page, '/')
  await launchPopup(page).getByRole('button', { name: 'Close' }).click()
  await expect(launchPopup(page)).toBeHidden()
}

test.describe('launch popup', () => {
  test('is not open in the prerendered HTML', async ({ request }) => {
    const html = await (await request.get('/')).text()
    expect(html).toMatch(/<dialog[^>]*aria-modal="true"/)
    expect(html).not.toMatch(/<dialog[^>]*\sopen[\s=>]/)
  })

  test('opens on load as a modal dialog saying the old logo "is now" the new one', async ({
    page,
  }) => {
    await gotoHydrated(page, '/')
    const dialog = launchPopup(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog.getByText('is now', { exact: true })).toBeVisible()
    await expect(dialog.getByRole('img', { name: 'QuickPe (previous logo)' })).toBeVisible()
    await expect(dialog.getByRole('img', { name: 'Paystra', exact: true })).toBeVisible()
    // Overlays the page: the page's own heading does not move.
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
  })

  test('takes the focus and keeps Tab inside', async ({ page }) => {
    await gotoHydrated(page, '/')
    const close = launchPopup(page).getByRole('button', { name: 'Close' })
    await expect(close).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(close).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(close).toBeFocused()
  })

  test('closes on its Close button and gives the focus back to the page', async ({ page }) => {
    await gotoHydrated(page, '/')
    await launchPopup(page).getByRole('button', { name: 'Close' }).click()
    await expect(launchPopup(page)).toBeHidden()
    const focused = await page.evaluate(() => document.activeElement?.tagName)
    expect(['BODY', 'MAIN']).toContain(focused)
    // The page beneath is usable again.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click()
    await expect(page).toHaveURL(/\/pricing$/)
  })

  test('closes on Escape', async ({ page }) => {
    await gotoHydrated(page, '/')
    await expect(launchPopup(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(launchPopup(page)).toBeHidden()
  })

  test('closes by itself after 5 seconds', async ({ page }) => {
    // A paused clock moves only when the test moves it: a loaded machine that takes seconds to
    // show the page cannot spend the popup's five seconds before the test looks.
    const start = new Date('2026-12-01T10:00:00+05:30')
    await page.clock.install({ time: start })
    await page.clock.pauseAt(new Date(start.getTime() + 1000))
    await gotoHydrated(page, '/')
    await expect(launchPopup(page)).toBeVisible()
    await page.clock.runFor(launchPopupAutoCloseMs - 2000)
    await expect(launchPopup(page)).toBeVisible()
    await page.clock.runFor(2000)
    await expect(launchPopup(page)).toBeHidden()
  })

  test('shows once per visit, not again after navigating back to Home', async ({ page }) => {
    await openHomeWithoutPopup(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'About' }).click()
    await expect(page).toHaveURL(/\/about$/)
    await nav.getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(launchPopup(page)).toBeHidden()
  })

  for (const width of [375, 1280]) {
    test(`is accessible open and closed at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await gotoHydrated(page, '/')
      await expect(launchPopup(page)).toBeVisible()
      await expectNoAxeViolations(page)
      await page.keyboard.press('Escape')
      await expect(launchPopup(page)).toBeHidden()
      await expectNoAxeViolations(page)
    })
  }
})

test.describe('hero', () => {
  test('has the one h1, a Sign Up link to the portal in a new tab and a link to contact', async ({
    page,
  }) => {
    await openHomeWithoutPopup(page)
    await expect(page.locator('h1')).toHaveCount(1)
    const hero = page.locator('.hero')
    await expect(hero.locator('h1')).toBeVisible()
    const signUp = hero.getByRole('link', { name: /^Sign Up/ })
    await expect(signUp).toHaveAttribute('target', '_blank')
    await expect(signUp).toHaveAttribute('href', /^https?:\/\/.+\/signup$/)
    await expect(signUp).toHaveAccessibleName('Sign Up (opens in a new tab)')
    await expect(hero.getByRole('link', { name: 'Talk to our team' })).toHaveAttribute(
      'href',
      '/contact',
    )
    await expect(hero.getByRole('img', { name: /merchant dashboard/ })).toBeVisible()
  })
})

test.describe('experience circles', () => {
  test('count up to 87 and 95 once scrolled into view', async ({ page }) => {
    await openHomeWithoutPopup(page)
    const success = page.getByRole('img', { name: '87% Success Payment' })
    const reviews = page.getByRole('img', { name: '95% Positive Reviews' })
    await expect(success).toHaveAttribute('data-value', '0')
    await success.scrollIntoViewIfNeeded()
    await expect(success).toHaveAttribute('data-value', '87')
    await expect(reviews).toHaveAttribute('data-value', '95')
    await expect(success).toContainText('87%')
    await expect(reviews).toContainText('95%')
    await expect(page.getByRole('heading', { name: 'Success Payment' })).toBeVisible()
  })

  test('show the final values at once with reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openHomeWithoutPopup(page)
    await expect(page.getByRole('img', { name: '87% Success Payment' })).toHaveAttribute(
      'data-value',
      '87',
    )
  })
})

test.describe('integration list', () => {
  test('shows 8 kits, 16 after Show More and 8 again after Show Less', async ({ page }) => {
    await openHomeWithoutPopup(page)
    const section = page.locator('.integrations')
    const button = section.getByRole('button', { name: /Show (More|Less)/ })
    const links = section.locator('.kit-list__items').getByRole('link')
    await expect(links).toHaveCount(integrationKitsInitialCount)
    await expect(button).toHaveText('Show More')
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    const controls = await button.getAttribute('aria-controls')
    await expect(section.locator(`[id="${controls}"]`)).toHaveClass(/kit-list__items/)

    await button.click()
    await expect(links).toHaveCount(integrationKits.length)
    await expect(button).toHaveText('Show Less')
    await expect(button).toHaveAttribute('aria-expanded', 'true')

    await button.click()
    await expect(links).toHaveCount(integrationKitsInitialCount)
    await expect(button).toHaveText('Show More')
    await expect(button).toBeFocused()
  })

  test('each kit is a download link showing product, language and format', async ({ page }) => {
    await openHomeWithoutPopup(page)
    const links = page.locator('.kit-list__items').getByRole('link')
    for (const [index, kit] of integrationKits.slice(0, integrationKitsInitialCount).entries()) {
      const link = links.nth(index)
      await expect(link).toHaveAttribute('href', kit.href)
      await expect(link).toHaveAttribute('download', kit.fileName)
      await expect(link).toContainText(kit.product)
      await expect(link).toContainText(kit.language)
      await expect(link).toContainText('ZIP')
    }
  })
})

test.describe('features and checkout showcase', () => {
  test('list their items in order', async ({ page }) => {
    await openHomeWithoutPopup(page)
    await expect(page.locator('.features__item h3')).toHaveText(
      features.items.map((item) => item.title),
    )
    await expect(page.locator('.features__item p')).toHaveCount(3)
    await expect(page.locator('.showcase__title')).toHaveText(
      showcase.items.map((item) => item.title),
    )
  })

  test('moves with the scroll at 1280 px: the item in the middle lights up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await openHomeWithoutPopup(page)
    const section = page.locator('.showcase')
    expect(await showcaseMoves(section)).toBe(true)
    const items = section.locator('.showcase__item')
    for (const index of [2, 4, 1]) {
      await items.nth(index).evaluate((item) => item.scrollIntoView({ block: 'center' }))
      await expect.poll(() => litItems(section)).toEqual([index])
      await expect.poll(() => shownScreens(section)).toEqual([index])
    }
    await expect(section.locator('.phone-mock')).toBeInViewport()
  })

  test('is a static list at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await openHomeWithoutPopup(page)
    const section = page.locator('.showcase')
    expect(await showcaseMoves(section)).toBe(false)
    await section.locator('.showcase__item').nth(3).scrollIntoViewIfNeeded()
    expect(await litItems(section)).toEqual([])
    expect(await shownScreens(section)).toEqual([0])
  })

  test('is a static list at 1280 px with reduced motion', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openHomeWithoutPopup(page)
    const section = page.locator('.showcase')
    expect(await showcaseMoves(section)).toBe(false)
    await section
      .locator('.showcase__item')
      .nth(3)
      .evaluate((item) => {
        item.scrollIntoView({ block: 'center' })
      })
    expect(await litItems(section)).toEqual([])
  })

  test('re-evaluates when the width or the motion preference changes', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await openHomeWithoutPopup(page)
    const section = page.locator('.showcase')
    await expect.poll(() => showcaseMoves(section)).toBe(true)
    await page.setViewportSize({ width: 700, height: 800 })
    await expect.poll(() => showcaseMoves(section)).toBe(false)
    await page.setViewportSize({ width: 1000, height: 800 })
    await expect.poll(() => showcaseMoves(section)).toBe(true)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await expect.poll(() => showcaseMoves(section)).toBe(false)
  })
})

test.describe('services on the home page', () => {
  test('shows the first 3 service boxes and a Know more link to /services', async ({ page }) => {
    await openHomeWithoutPopup(page)
    const section = page.locator('.home-services')
    await expect(section.locator('.service-box h3')).toHaveText(
      homeServices.map((service) => service.title),
    )
    const knowMore = section.getByRole('link', { name: /^Know more/ })
    await expect(knowMore).toHaveAttribute('href', '/services')
    await knowMore.click()
    await expect(page).toHaveURL(/\/services$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible()
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the page reads in full: no popup, every kit, the final percentages, the showcase', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(launchPopup(page)).toBeHidden()
    const kits = page.locator('.kit-list__items').getByRole('link')
    await expect(kits).toHaveCount(integrationKits.length)
    await expect(page.getByRole('button', { name: /Show (More|Less)/ })).toHaveCount(0)
    await expect(page.getByRole('img', { name: '87% Success Payment' })).toContainText('87%')
    await expect(page.getByRole('img', { name: '95% Positive Reviews' })).toContainText('95%')
    await expect(page.locator('.showcase__title')).toHaveText(
      showcase.items.map((item) => item.title),
    )
    const knowMore = page.locator('.home-services').getByRole('link', { name: /^Know more/ })
    await knowMore.click()
    await expect(page).toHaveURL(/\/services$/)
  })

  test('the showcase still moves with the scroll at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    const section = page.locator('.showcase')
    const items = section.locator('.showcase__item')
    await items.nth(3).evaluate((item) => item.scrollIntoView({ block: 'center' }))
    await expect.poll(() => litItems(section)).toEqual([3])
  })
})
