import { services, whyChooseUs } from '#app/content/services.ts'
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts'

test.describe('services page', () => {
  test('shows the banner, all 12 service boxes and Why Choose Us', async ({ page }) => {
    await gotoHydrated(page, '/services')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Services')
    const boxes = page.locator('.service-box')
    await expect(boxes).toHaveCount(12)
    await expect(boxes.locator('h3')).toHaveText(services.map((service) => service.title))
    for (const service of services) {
      await expect(page.getByText(service.summary)).toBeVisible()
    }

    const why = page.getByRole('region', { name: 'Why Choose Us' })
    await expect(why.getByRole('heading', { level: 2 })).toHaveText('Why Choose Us')
    await expect(why.getByRole('heading', { level: 3 })).toHaveText([
      'Easy to Setup',
      'Secure Transactions',
      '24/7 Support',
    ])
    for (const reason of whyChooseUs.reasons) {
      await expect(why.getByText(reason.text)).toBeVisible()
    }
  })

  test('the 12 boxes are in the server HTML', async ({ request }) => {
    const html = await (await request.get('/services')).text()
    for (const service of services) expect(html).toContain(service.title.replace('&', '&amp;'))
  })

  for (const width of [375, 1280]) {
    test(`is accessible at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await gotoHydrated(page, '/services')
      await expectNoAxeViolations(page)
    })
  }
})
