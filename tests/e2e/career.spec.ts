import AxeBuilder from '@axe-core/playwright'
import type { Locator } from '@playwright/test'
import {
  careerTracks,
  careerTracksSection,
  careersIntro,
  hiringProcess,
} from '#app/content/careers.ts'
import { expectInDocumentOrder } from './document-order.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

const background = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor)

/** The colour once the card's transition has finished, so states are compared at rest. */
const settledBackground = (locator: Locator) =>
  locator.evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished))
    return getComputedStyle(element).backgroundColor
  })

test.describe('Careers page', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/career')
  })

  test('shows the introduction, the two cards and how we hire, in order', async ({ page }) => {
    const main = page.locator('main')
    await expect(main.locator('h1')).toHaveText('Careers')
    await expect(main.locator('h2')).toHaveText([
      careersIntro.heading,
      careerTracksSection.heading,
      hiringProcess.heading,
    ])
    await expect(main.locator('.career-card h3')).toHaveText([
      'Freshers / Interns',
      'Experienced / Professionals',
    ])
    await expectInDocumentOrder([
      main.getByRole('heading', { name: 'Careers', exact: true }),
      main.getByRole('heading', { name: careersIntro.heading }),
      main.getByRole('article', { name: 'Freshers / Interns' }),
      main.getByRole('article', { name: 'Experienced / Professionals' }),
      main.getByRole('heading', { name: hiringProcess.heading }),
    ])
  })

  test('each card has an Apply Now link to /career-form', async ({ page }) => {
    for (const track of careerTracks) {
      const card = page.getByRole('article', { name: track.title })
      await expect(card.getByRole('heading', { level: 4 })).toHaveText('What we look for')
      await expect(card.locator('li')).toHaveText(track.lookFor)
      const apply = card.getByRole('link')
      await expect(apply).toHaveCount(1)
      await expect(apply).toHaveText('Apply Now')
      await expect(apply).toHaveAccessibleName('Apply Now')
      await expect(apply).toHaveAccessibleDescription(track.title)
      await expect(apply).toHaveAttribute('href', '/career-form')
    }
    await page
      .getByRole('article', { name: 'Freshers / Interns' })
      .getByRole('link', { name: 'Apply Now' })
      .click()
    await expect(page).toHaveURL(/\/career-form$/)
  })

  test('a card changes colour on hover and on keyboard focus, keeping contrast', async ({
    page,
  }) => {
    const card = page.getByRole('article', { name: 'Freshers / Interns' })
    const resting = await background(card)

    await card.hover()
    await expect.poll(() => background(card)).not.toBe(resting)
    const hovered = await settledBackground(card)
    expect(hovered).not.toBe(resting)
    const hoveredAxe = await new AxeBuilder({ page }).include('.career-card').analyze()
    expect(hoveredAxe.violations.map((violation) => violation.id)).toEqual([])

    await page.mouse.move(0, 0)
    await expect.poll(() => settledBackground(card)).toBe(resting)

    await card.getByRole('link').focus()
    await expect.poll(() => settledBackground(card)).toBe(hovered)
    const focusedAxe = await new AxeBuilder({ page }).include('.career-card').analyze()
    expect(focusedAxe.violations.map((violation) => violation.id)).toEqual([])
  })

  test('reaching Apply Now with the Tab key highlights its card', async ({ page }) => {
    const card = page.getByRole('article', { name: 'Experienced / Professionals' })
    const resting = await background(card)
    const apply = card.getByRole('link')
    await page
      .getByRole('article', { name: 'Freshers / Interns' })
      .getByRole('link', { name: 'Apply Now' })
      .focus()
    await page.keyboard.press('Tab')
    await expect(apply).toBeFocused()
    await expect.poll(() => background(card)).not.toBe(resting)
  })
})
