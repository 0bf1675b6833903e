import { faqTopics } from '#app/content/faq.ts'
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts'

const items = faqTopics.flatMap((topic) => topic.items)
const [first, second] = items

/** docs/product.md#business-constants-and-limits "FAQ facts", as the answers word them. */
const facts = [
  'up to 48 hours',
  'within 30 days of the payment',
  'wait at least 7 days',
  '5-7 business days',
  '3-5 working days',
  'over 30 foreign currencies',
  'expiry',
  'not support drop shipping',
  'adult content',
  'alcohol',
  'gambling',
  'drugs',
  'weapons',
  'pyramid schemes',
  'unauthorized goods',
  'and more',
  'Udyam',
]

/** A question's disclosure: its summary carries the id `${id}-question`. */
function disclosure(page: Page, id: string) {
  return page.locator(`details:has(> #${id}-question)`)
}

test.describe('FAQ page', () => {
  test('opens with the first question open and every other one closed', async ({ page }) => {
    await gotoHydrated(page, '/faq')
    await expect(page.locator('h1')).toHaveText('Frequently Asked Questions')
    const buttons = page.locator('.faq-item__button')
    await expect(buttons).toHaveCount(items.length)
    await expect(disclosure(page, first!.id)).toHaveAttribute('open')
    await expect(page.getByRole('region', { name: first!.question })).toBeVisible()
    for (const item of items.slice(1)) {
      await expect(disclosure(page, item.id)).not.toHaveAttribute('open')
      await expect(page.locator(`#${item.id}-answer`)).toBeHidden()
    }
  })

  test('the first question is open in the HTML before any script runs', async ({ request }) => {
    const html = await (await request.get('/faq')).text()
    expect(html).toMatch(
      new RegExp(`<details [^>]*open=""[^>]*><summary id="${first!.id}-question"`),
    )
    expect(html).toMatch(
      new RegExp(`<details class="faq-item"><summary id="${second!.id}-question"`),
    )
  })

  test('questions open and close with a click, Enter and Space', async ({ page }) => {
    await gotoHydrated(page, '/faq')
    const button = page.locator(`#${second!.id}-question`)
    const answer = page.getByRole('region', { name: second!.question })
    await button.click()
    await expect(disclosure(page, second!.id)).toHaveAttribute('open')
    await expect(answer).toBeVisible()
    await button.click()
    await expect(answer).toBeHidden()

    await button.focus()
    await page.keyboard.press('Enter')
    await expect(answer).toBeVisible()
    await page.keyboard.press('Space')
    await expect(answer).toBeHidden()
    await expect(button).toBeFocused()
    // Opening one question leaves the first one as it was.
    await expect(disclosure(page, first!.id)).toHaveAttribute('open')
  })

  test('every FAQ fact of docs/product.md is visible once all questions are open', async ({
    page,
  }) => {
    await gotoHydrated(page, '/faq')
    const main = page.locator('main')
    await expect(main).not.toContainText('3-5 working days', { useInnerText: true })
    for (const item of items.slice(1)) await page.locator(`#${item.id}-question`).click()
    await expect(page.locator('details.faq-item:not([open])')).toHaveCount(0)
    for (const fact of facts) await expect(main).toContainText(fact, { useInnerText: true })
    // Axe skips hidden content, so the answers are checked here, open.
    await expectNoAxeViolations(page)
  })

  test('topic links jump to their topic, and a link to a question opens it', async ({ page }) => {
    await gotoHydrated(page, '/faq')
    const topic = faqTopics[3]!
    await page
      .getByRole('navigation', { name: 'Topics' })
      .getByRole('link', { name: topic.title })
      .click()
    await expect(page.getByRole('heading', { level: 2, name: topic.title })).toBeInViewport()

    await gotoHydrated(page, '/faq#refund-time')
    await expect(page.getByRole('region', { name: 'How long do refunds take?' })).toBeInViewport()
    await expect(page.locator('#refund-time-question')).toBeInViewport()

    // A link to a question from within the page opens it too.
    await page.evaluate(() => {
      location.hash = ''
      for (const details of document.querySelectorAll('details')) details.open = false
      location.hash = '#refund-time'
    })
    await expect(page.getByRole('region', { name: 'How long do refunds take?' })).toBeInViewport()
  })

  test('ends by pointing to the contact page', async ({ page }) => {
    await gotoHydrated(page, '/faq')
    await page.locator('.faq-contact').getByRole('link', { name: 'Contact us' }).click()
    await expect(page).toHaveURL(/\/contact$/)
  })
})

test.describe('FAQ page without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('shows the first answer, and every question opens and closes', async ({ page }) => {
    await page.goto('/faq')
    await expect(page.getByRole('region', { name: first!.question })).toBeVisible()
    const answer = page.getByRole('region', { name: second!.question })
    await expect(answer).toBeHidden()
    await page.locator(`#${second!.id}-question`).click()
    await expect(answer).toBeVisible()
    await page.locator(`#${second!.id}-question`).click()
    await expect(answer).toBeHidden()
  })

  test('a link to a question opens it', async ({ page }) => {
    await page.goto('/faq#refund-time')
    await expect(page.getByRole('region', { name: 'How long do refunds take?' })).toBeInViewport()
  })
})
