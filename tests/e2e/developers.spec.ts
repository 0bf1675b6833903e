import { developerDownloadLists } from '#app/content/downloads.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

test.beforeEach(async ({ page }) => {
  await gotoHydrated(page, '/developers')
})

test('the banner title is exactly "Integration made…Easier"', async ({ page }) => {
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveCount(1)
  expect(await heading.textContent()).toBe('Integration made\u2026Easier')
})

test('"Integrate Payment Gateway" lists the four integration promises', async ({ page }) => {
  const heading = page.getByRole('heading', { level: 2, name: 'Integrate Payment Gateway' })
  await expect(heading).toBeVisible()
  const section = page.getByRole('region', { name: 'Integrate Payment Gateway' })
  const bullets = section.getByRole('listitem')
  await expect(bullets).toHaveCount(4)
  const starts = [
    /^Multiple payment workflows/,
    /^Professional tech support/,
    /^Easy setup and cURL support/,
    /^Checkout customization/,
  ]
  for (const [index, start] of starts.entries()) {
    await expect(bullets.nth(index)).toHaveText(start)
  }
})

test('the Docs, eCommerce Plugins and Server Integrations lists offer every download', async ({
  page,
}) => {
  await expect(
    page.getByRole('heading', { level: 3 }).filter({
      hasText: /^(Docs|eCommerce Plugins|Server Integrations)$/,
    }),
  ).toHaveText(['Docs', 'eCommerce Plugins', 'Server Integrations'])

  for (const list of developerDownloadLists) {
    const card = page.locator('.download-list').filter({
      has: page.getByRole('heading', { level: 3, name: list.title, exact: true }),
    })
    const links = card.getByRole('link')
    await expect(links).toHaveCount(list.items.length)
    for (const [index, item] of list.items.entries()) {
      const link = links.nth(index)
      await expect(link).toContainText(item.label)
      await expect(link).toContainText(item.format.toUpperCase())
      await expect(link).toHaveAttribute('href', item.href)
      await expect(link).toHaveAttribute('download', item.fileName)
      await expect(link.locator('svg[aria-hidden="true"]')).toHaveCount(1)
    }
  }
})

test('the integration steps and a keyboard-scrollable status enquiry example', async ({ page }) => {
  const steps = page.getByRole('region', { name: /Four steps/ }).getByRole('listitem')
  await expect(steps).toHaveCount(4)
  await expect(steps.first()).toContainText('Create the order and sign it')
  await expect(steps.last()).toContainText('status enquiry')

  const code = page.getByRole('region', { name: 'cURL request for a status enquiry' })
  await expect(code).toHaveAttribute('tabindex', '0')
  await expect(code).toContainText(/curl -X POST 'https?:\/\/[^/]+\/sandbox\/pgws\/transact'/)
  for (const field of ['"PAY_ID"', '"ORDER_ID"', '"TXNTYPE": "STATUS"', '"HASH"']) {
    await expect(code).toContainText(field)
  }
  await code.focus()
  await expect(code).toBeFocused()
})
