import { acceptanceOptimisation, pamphletBenefits, pamphletTitle } from '#app/content/pamphlet.ts'
import { expectInDocumentOrder } from './document-order.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

test.describe('Pamphlet page', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/demo-pamphlet')
  })

  test('has no banner: the hero holds the h1 with the product name', async ({ page }) => {
    await expect(page.locator('.page-banner')).toHaveCount(0)
    const h1 = page.locator('main h1')
    await expect(h1).toHaveText('Unlock Efficiency And Revenue With Paystra')
    await expect(h1).toHaveText(pamphletTitle)
    const firstHeading = await page
      .locator('main')
      .locator('h1, h2, h3')
      .first()
      .evaluate((element) => element.tagName)
    expect(firstHeading).toBe('H1')
  })

  test('shows hero, benefit cards, discover link, acceptance optimisation and connect section in order', async ({
    page,
  }) => {
    const main = page.locator('main')
    const heading = (name: string) => main.getByRole('heading', { name, exact: true })
    const link = (name: string) => main.getByRole('link', { name, exact: true })
    await expect(main.locator('.benefit-card h3')).toHaveText(['Efficiency', 'Growth', 'Revenue'])
    await expectInDocumentOrder([
      heading(pamphletTitle),
      link('Book Your Meeting Now'),
      ...pamphletBenefits.items.map((benefit) => heading(benefit.title)),
      main.getByRole('link', { name: /^Discover how\.\.\./ }),
      heading(acceptanceOptimisation.heading),
      ...acceptanceOptimisation.levers.map((lever) => heading(lever.title)),
      heading('Connect with us'),
      link('BOOK A FREE MEETING'),
      link('FILL IN YOUR REQUIREMENTS'),
    ])
    const discover = main.getByRole('link', { name: /^Discover how\.\.\./ })
    expect(await discover.textContent()).toMatch(/^Discover how\.\.\./)
  })

  test('every call to action goes to /contact', async ({ page }) => {
    const links = page.locator('main a:not([href^="tel:"])')
    await expect(links).toHaveCount(4)
    for (const link of await links.all()) await expect(link).toHaveAttribute('href', '/contact')
    await page.getByRole('link', { name: 'Book Your Meeting Now' }).click()
    await expect(page).toHaveURL(/\/contact$/)
  })

  test('states the success-rate figures as typical outcomes', async ({ page }) => {
    const { before, after } = acceptanceOptimisation.outcome
    const chart = page.getByRole('figure')
    await expect(chart).toContainText(`${before.value}%`)
    await expect(chart).toContainText(`${after.value}%`)
    await expect(page.locator('main')).toContainText(acceptanceOptimisation.footnote)
  })
})
