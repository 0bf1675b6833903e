import type { Page } from '@playwright/test'
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  test,
} from './fixtures.ts'
import { type Gateway, payByCard } from './sandbox-pages.ts'

/**
 * The merchant learns a payment's outcome even when the customer's browser never comes back
 * (ADR 013): the browser's return to /demo/response (or the checkout verify call) is blocked,
 * and the sandbox's signed webhook still settles the order, which the result page finds by its
 * order id. late@upi answers Pending and the result page shows the capture on its own.
 */

async function orderIdOn(gateway: Gateway): Promise<string> {
  const value = gateway.locator('dt', { hasText: 'Order ID' }).first().locator('+ dd')
  await expect(value).toHaveText(/^LP\d{18}$/)
  return value.innerText()
}

/** The blocked request shows as a failed load in the console: expected here, and only that. */
function forgiveBlockedRequests(pageErrors: string[]) {
  const rest = pageErrors.filter((error) => !/net::ERR_FAILED/.test(error))
  pageErrors.splice(0, pageErrors.length, ...rest)
}

/** The merchant's record of the order, looked up as a customer would, once the webhook is in. */
async function expectCapturedRecord(page: Page, orderId: string) {
  await gotoHydrated(page, `/demo/response?order=${orderId}`)
  // The page follows an open payment to its result by itself.
  await expect(page.locator('main h1')).toHaveText('Payment Successful', { timeout: 20_000 })
  const details = page.locator('main dl')
  await expect(details.locator('dt', { hasText: 'Order ID' }).locator('+ dd')).toHaveText(orderId)
  await expect(details.locator('dt', { hasText: 'Response code' }).locator('+ dd')).toHaveText(
    '000',
  )
}

test.describe('with the browser’s return blocked, the webhook still settles the order', () => {
  test('PG Hosted: a card payment ends Captured in the merchant’s record', async ({
    page,
    pageErrors,
  }) => {
    await gotoHydrated(page, '/pg-hosted-demo')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/sandbox\/pay\//)
    const orderId = await orderIdOn(page)
    let blocked = 0
    await page.route('**/demo/response', (route) => {
      blocked++
      return route.abort()
    })
    await payByCard(page, '4111 1111 1111 1111')
    await expect.poll(() => blocked).toBe(1)
    await page.unroute('**/demo/response')

    // The customer comes back by hand and looks the payment up on the result page's form.
    await gotoHydrated(page, '/demo/response')
    await page.getByRole('textbox', { name: 'Order ID' }).fill(orderId)
    await page.getByRole('button', { name: 'Find payment' }).click()
    await expect(page).toHaveURL(new RegExp(`/demo/response\\?order=${orderId}$`))
    await expectCapturedRecord(page, orderId)
    forgiveBlockedRequests(pageErrors)
  })

  test('Checkout Js: with the verify call blocked the record still ends Captured', async ({
    page,
    pageErrors,
  }) => {
    await gotoHydrated(page, '/checkout-demo')
    await page.waitForFunction(() => typeof window.PaystraCheckout?.open === 'function')
    let blocked = 0
    await page.route('**/demo/checkout/verify', (route) => {
      blocked++
      return route.abort()
    })
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    const frame = page.frameLocator('iframe[name="paystra-checkout-frame"]')
    const orderId = await orderIdOn(frame)
    await payByCard(frame, '4111 1111 1111 1111')
    // The page could not confirm it with the store, so it shows nothing as paid…
    await expect(page.getByRole('dialog', { name: 'Payment Failed' })).toContainText(
      'could not verify its result',
    )
    expect(blocked).toBe(1)
    // …but the store heard from the gateway.
    await expectCapturedRecord(page, orderId)
    forgiveBlockedRequests(pageErrors)
  })

  test('Merchant Hosted: a bank approval ends Captured in the merchant’s record', async ({
    page,
    pageErrors,
  }) => {
    await gotoHydrated(page, '/merchant-hosted-checkout')
    await page.getByRole('button', { name: 'HDFC' }).click()
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/sandbox\/pay\/.+\/bank$/)
    const orderId = await orderIdOn(page)
    let blocked = 0
    await page.route('**/demo/response', (route) => {
      blocked++
      return route.abort()
    })
    await page.getByRole('button', { name: 'Success', exact: true }).click()
    await expect.poll(() => blocked).toBe(1)
    await page.unroute('**/demo/response')
    await expectCapturedRecord(page, orderId)
    forgiveBlockedRequests(pageErrors)
  })
})

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('late@upi shows Pending, then the capture on its own, and says so', async ({ page }) => {
      await gotoHydrated(page, '/merchant-hosted-checkout')
      await page.getByRole('tab', { name: 'UPI' }).click()
      await page.getByRole('textbox', { name: 'UPI ID' }).pressSequentially('late@upi')
      await page.getByRole('button', { name: 'Pay', exact: true }).click()

      await expect(page).toHaveURL(/\/demo\/response\?payment=[0-9a-f-]{36}$/)
      await expect(page.locator('main h1')).toHaveText('Payment Pending')
      await expect(page).toHaveTitle(/^Payment Pending/)
      const live = page.locator('main').getByRole('status')
      await expect(live).toHaveText(/Checking for the result/)
      await expect(
        page.locator('main dl dt', { hasText: 'Response code' }).locator('+ dd'),
      ).toHaveText('026')
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      await expectNoHorizontalScroll(page)
      await expectNoAxeViolations(page)

      // No reload: the page asks again every few seconds and the sandbox settles after 5 (playwright.config.ts).
      const url = page.url()
      await expect(page.locator('main h1')).toHaveText('Payment Successful', { timeout: 20_000 })
      expect(page.url()).toBe(url)
      await expect(live).toHaveText('The result has arrived: Payment Successful.')
      await expect(live).toHaveAttribute('aria-live', 'polite')
      await expect(
        page.locator('main dl dt', { hasText: 'Response code' }).locator('+ dd'),
      ).toHaveText('000')
      await expect(page.locator('meta[http-equiv="refresh" i]')).toHaveCount(0)
      await expectNoAxeViolations(page)
    })
  })
}

test('an order id nobody made is not found, and the form says so', async ({ page }) => {
  await gotoHydrated(page, '/demo/response')
  await page.getByRole('textbox', { name: 'Order ID' }).fill('LP1000000000000')
  await page.getByRole('button', { name: 'Find payment' }).click()
  await expect(page.locator('main h1')).toHaveText('No payment with this order ID')
  await expect(page.getByRole('alert')).toHaveText(
    /No demo payment made in this browser has this order ID/,
  )
  await expect(page.getByRole('textbox', { name: 'Order ID' })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expectNoAxeViolations(page)
})
