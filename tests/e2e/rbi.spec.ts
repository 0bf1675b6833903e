import { externalLinks } from '#core/brand/brand.ts'
import { rbiNotice } from '#app/content/rbi.ts'
import { expectInDocumentOrder } from './document-order.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

test.describe('RBI Kehta Hai page', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/rbi-kehta-hai')
  })

  test('warns that the link leaves for a site run by others, before the button', async ({
    page,
  }) => {
    const main = page.locator('main')
    await expect(main.locator('h1')).toHaveText('RBI Kehta Hai')
    const notice = main.locator('.rbi-notice')
    await expect(notice).toContainText('Reserve Bank of India')
    await expect(notice).toContainText('run by others')
    await expect(notice).toContainText('does not control or endorse')
    await expectInDocumentOrder([
      main.locator('h1'),
      main.getByRole('heading', { name: rbiNotice.heading }),
      notice.getByText('run by others'),
      main.getByRole('link', { name: /^CLICK TO PROCEED/ }),
    ])
  })

  test('CLICK TO PROCEED opens the regulator site in a new tab', async ({ page, context }) => {
    // The network is closed: answer the outside address locally so the popup never waits on it.
    await context.route(`${externalLinks.rbiAwareness}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>RBI Kehta Hai</title>' }),
    )
    const proceed = page.getByRole('link', { name: /^CLICK TO PROCEED/ })
    await expect(proceed).toHaveText(/^CLICK TO PROCEED/)
    await expect(proceed).toHaveAccessibleName('CLICK TO PROCEED (opens in a new tab)')
    await expect(proceed).toHaveAttribute('href', externalLinks.rbiAwareness)
    await expect(proceed).toHaveAttribute('target', '_blank')
    const rel = (await proceed.getAttribute('rel'))?.split(/\s+/) ?? []
    expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']))

    const popupOpened = page.waitForEvent('popup')
    await proceed.click()
    const popup = await popupOpened
    await popup.waitForURL(externalLinks.rbiAwareness, { waitUntil: 'commit' })
    expect(popup.url()).toBe(externalLinks.rbiAwareness)
    await expect(page).toHaveURL(/\/rbi-kehta-hai$/)
  })
})
