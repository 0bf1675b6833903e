import { currencies } from '#core/currency/currencies.ts'
import { sandboxRates } from '#core/currency/exchange.ts'
import { disputeCards } from '#gateway/methods.ts'
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  test,
  widths,
} from './fixtures.ts'

const path = '/developers/docs/international'

for (const width of [widths.mobile, widths.desktop]) {
  test.describe(`the international payments and disputes guide at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('is readable and accessible, its wide tables scrolling on their own', async ({ page }) => {
      test.slow()
      await gotoHydrated(page, path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'International Payments and Disputes Integration Guide',
      )
      await expectNoHorizontalScroll(page)
      await expectNoAxeViolations(page)
    })
  })
}

test('lists every currency with the sandbox rate, and the dispute cards', async ({ page }) => {
  await gotoHydrated(page, path)
  const currencyTable = page.getByRole('region', {
    name: 'Currencies and amounts: table',
    exact: true,
  })
  await expect(currencyTable.locator('tbody tr')).toHaveCount(currencies.length)
  await expect(currencyTable.getByRole('row', { name: /US Dollar/ })).toContainText(
    sandboxRates.USD,
  )
  const disputes = page.getByRole('region', { name: 'Disputes: table', exact: true })
  for (const card of disputeCards) {
    await expect(disputes).toContainText(card.number.replace(/(\d{4})(?=\d)/g, '$1 '))
  }
})

test('the contents lead to the rule that decides a dispute, and search finds the dispute fields', async ({
  page,
}) => {
  await gotoHydrated(page, path)
  const contents = page.getByRole('navigation', { name: 'On this page' })
  await contents.getByRole('link', { name: 'The rule that decides a dispute' }).click()
  await expect(page).toHaveURL(/#the-rule-that-decides-a-dispute$/)
  await expect(
    page.getByRole('heading', { level: 2, name: 'The rule that decides a dispute' }),
  ).toBeInViewport()

  const search = page.getByRole('search')
  await search.getByRole('searchbox', { name: 'Search the guides' }).fill('RESPOND_BY')
  const results = search.getByRole('list', { name: 'Search results' }).getByRole('link')
  await expect(results.first()).toBeVisible()
  const hrefs = await results.evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(hrefs.some((href) => href?.startsWith(`${path}#`))).toBe(true)
})
