import { contact, legalDocuments } from '#core/brand/brand.ts'
import { privacyPolicy } from '#app/content/legal/privacy-policy.ts'
import { formatLegalDate } from '#app/content/legal/types.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

test.describe('Privacy Policy page', () => {
  test('opens with its title and the date it was last updated', async ({ page }) => {
    await gotoHydrated(page, '/policy')
    await expect(page.locator('h1')).toHaveText('Privacy Policy')
    await expect(page.locator('.page-banner')).toContainText(
      `Last updated: ${formatLegalDate(privacyPolicy.lastUpdated)}`,
    )
  })

  test('has a heading for every topic docs/product.md#routes-and-screens lists', async ({
    page,
  }) => {
    await gotoHydrated(page, '/policy')
    const main = page.locator('main')
    for (const topic of [
      /Personal data we collect and why/,
      /How we protect personal data/,
      /Cookies/,
      /Camera/,
      /transfers/,
      /Governing law/,
      /Grievance Officer/,
      /How long we keep/,
      /Your rights/,
      /Children/,
      /Changes to this policy/,
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: topic })).toBeVisible()
    }
    await expect(main.locator('#governing-law')).toContainText('courts at Ghaziabad')
    await expect(main.locator('#sharing-and-transfers')).toContainText('outside India')
  })

  test('gives the grievance officer, e-mail, address and response times', async ({ page }) => {
    await gotoHydrated(page, '/policy')
    const section = page.locator('#grievance-officer')
    const address = section.locator('address')
    await expect(address).toContainText(contact.grievanceOfficer)
    for (const line of contact.address.lines) await expect(address).toContainText(line)
    await expect(address.getByRole('link', { name: contact.grievanceEmail })).toHaveAttribute(
      'href',
      `mailto:${contact.grievanceEmail}`,
    )
    await expect(section).toContainText('within 24 hours')
    await expect(section).toContainText('within 15 days')
  })

  test('the table of contents jumps to each section, below the header', async ({ page }) => {
    await gotoHydrated(page, '/policy')
    const contents = page.getByRole('navigation', { name: 'On this page' })
    await expect(contents.getByRole('link')).toHaveCount(privacyPolicy.sections.length)
    for (const section of [
      privacyPolicy.sections[3]!,
      privacyPolicy.sections[privacyPolicy.sections.length - 1]!,
    ]) {
      await contents.getByRole('link', { name: section.heading }).click()
      await expect(page).toHaveURL(new RegExp(`/policy#${section.id}$`))
      const heading = page.locator(`#${section.id} h2`)
      await expect(heading).toBeInViewport()
      const headerBottom = await page
        .locator('header')
        .first()
        .evaluate((header) => header.getBoundingClientRect().bottom)
      const top = await heading.evaluate((element) => element.getBoundingClientRect().top)
      expect(top, 'heading hidden under the sticky header').toBeGreaterThanOrEqual(headerBottom)
    }
  })

  test('a link to a section lands on that section', async ({ page }) => {
    await gotoHydrated(page, '/policy#camera-and-device-permissions')
    await expect(page.locator('#camera-and-device-permissions h2')).toBeInViewport()
  })

  test('offers the two terms documents as PDFs in a new tab', async ({ page }) => {
    await gotoHydrated(page, '/policy')
    for (const document of Object.values(legalDocuments)) {
      const link = page.getByRole('link', { name: new RegExp(`^${escape(document.label)}`) }).last()
      await expect(link).toHaveAttribute('href', document.href)
      await expect(link).toHaveAttribute('target', '_blank')
    }
  })
})

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
