import type { Locator, Page } from '@playwright/test'
import { formatIsoDate, istDateOf, nextWorkingDay } from '#core/calendar/business-calendar.ts'
import { encryptFields } from '#core/protocol/cipher.ts'
import { expect, expectNoAxeViolations, gotoHydrated, test, waitUntilReady } from './fixtures.ts'
import { payByCard, payByNetBanking, payByUpi } from './sandbox-pages.ts'

/**
 * The three live demos paid through the built-in sandbox at /sandbox, in Chromium: the demo
 * merchant signs on the server, the sandbox takes the payment, and the merchant verifies the
 * answer before the result shows (docs/product.md#routes-and-screens, #ui-states; docs/architecture.md "Demo merchant").
 */

const redirecting = 'You are being redirected to Payment Page…'

/** The fields of a result: the page's or the popup's definition list. */
async function expectDetails(scope: Locator, details: Record<string, string | RegExp>) {
  for (const [term, value] of Object.entries(details)) {
    await expect(scope.locator('dt', { hasText: term }).locator('+ dd')).toHaveText(value)
  }
}

/**
 * The settlement date a payment captured between `since` and now shows: the first working day
 * after its IST capture date (either, should IST midnight pass during the test).
 */
function settlementDatesSince(since: Date): RegExp {
  const dates = [since, new Date()].map((instant) =>
    formatIsoDate(nextWorkingDay(istDateOf(instant)), 'full'),
  )
  return new RegExp(`^(${[...new Set(dates)].join('|')})$`)
}

/** Holds a request until `release()`, so a loader that would flash by can be seen. */
async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await released
    await route.continue()
  })
  return release
}

test.describe('PG Hosted', () => {
  test('Pay shows the loader, the card succeeds and the response page shows the verified payment', async ({
    page,
  }) => {
    const started = new Date()
    await gotoHydrated(page, '/pg-hosted-demo')
    const release = await holdRequests(page, '**/demo/api/payment-request')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: redirecting })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled()
    release()

    await expect(page).toHaveURL(/\/sandbox\/pay\//)
    await expect(page.getByText('Paystra Demo Store')).toBeVisible()
    const orderId = await page.locator('dt', { hasText: 'Order ID' }).locator('+ dd').innerText()
    expect(orderId).toMatch(/^LP\d{18}$/)
    await payByCard(page, '4111 1111 1111 1111')

    await expect(page).toHaveURL(/\/demo\/response\?payment=[0-9a-f-]{36}$/)
    await expect(page.locator('main h1')).toHaveText('Payment Successful')
    await expect(page).toHaveTitle(/^Payment Successful/)
    await expectDetails(page.locator('main'), {
      'Order ID': orderId,
      'Transaction ID': /^\d+$/,
      Amount: '₹1.00',
      'Payment method': /card/i,
      'Response code': '000',
      Message: 'Transaction successful',
    })
    // What the merchant receives: ₹1.00 by credit card at 2 % is ₹0.02, GST on it rounds to
    // nothing, and it settles on the next working day of the business calendar.
    const merchantSide = page.getByRole('region', { name: 'What the merchant receives' })
    await expectDetails(merchantSide, {
      Rate: 'Credit card (2.00%)',
      'Our fee': '₹0.02',
      'GST on the fee': '₹0.00',
      'Settled to the merchant': '₹0.98',
      'Reaches the bank on': settlementDatesSince(started),
    })
    await expectNoAxeViolations(page)

    // Reloading shows the same stored result: nothing is posted again.
    await page.reload()
    await expect(page.locator('main h1')).toHaveText('Payment Successful')
    await page.getByRole('link', { name: 'Try this demo again' }).click()
    await expect(page).toHaveURL(/\/pg-hosted-demo$/)
  })

  test('net banking Failure ends in "Payment Failed" with code 004', async ({ page }) => {
    await gotoHydrated(page, '/pg-hosted-demo')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/sandbox\/pay\//)
    await payByNetBanking(page, 'SBI', 'Failure')
    await expect(page.locator('main h1')).toHaveText('Payment Failed')
    await expectDetails(page.locator('main'), {
      'Payment method': 'Net Banking · SBI',
      'Response code': '004',
      Message: 'Transaction declined by the issuing bank',
    })
  })

  test('Cancel on the payment page comes back as "Payment Failed" with code 010', async ({
    page,
  }) => {
    await gotoHydrated(page, '/pg-hosted-demo')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/sandbox\/pay\//)
    await page.getByRole('button', { name: 'Cancel payment' }).click()
    await expect(page.locator('main h1')).toHaveText('Payment Failed')
    await expectDetails(page.locator('main'), {
      'Response code': '010',
      Message: 'Transaction cancelled by the customer',
    })
  })

  test('back from the gateway, the page is usable again, not stuck on the loader', async ({
    page,
  }) => {
    await gotoHydrated(page, '/pg-hosted-demo')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/sandbox\/pay\//)
    await page.goBack()
    await expect(page).toHaveURL(/\/pg-hosted-demo$/)
    await expect(page.getByText(redirecting)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled()
  })

  test('a form altered in the browser is refused by the gateway (323), a replayed one (018)', async ({
    page,
  }) => {
    let answer: string | undefined
    await page.route('**/demo/api/payment-request', async (route) => {
      // The first press: the real signed form with a cheaper AMOUNT written in by the visitor.
      // The second and third: the same genuine form twice.
      const response = await route.fetch()
      const form = (await response.json()) as { action: string; fields: Record<string, string> }
      if (!answer) {
        answer = JSON.stringify(form)
        form.fields.AMOUNT = '1'
        return route.fulfill({ response, json: form })
      }
      return route.fulfill({ response, body: answer })
    })

    await gotoHydrated(page, '/pg-hosted-demo')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    // The code itself: the sandbox's lesson under it shows the text hashed, whose ids may hold 323.
    await expect(page.locator('[data-code]')).toHaveText('323')
    await expect(page.getByText('Invalid hash')).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Cards' })).toHaveCount(0)

    await gotoHydrated(page, '/pg-hosted-demo')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/sandbox\/pay\//)
    await gotoHydrated(page, '/pg-hosted-demo')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page.getByText('018')).toBeVisible()
    await expect(page.getByText('Duplicate order id')).toBeVisible()
  })
})

test.describe('Checkout Js', () => {
  test('loader, then the frame; a UPI payment closes it and "Ok" dismisses "Payment Successful"', async ({
    page,
  }) => {
    const started = new Date()
    await gotoHydrated(page, '/checkout-demo')
    await page.waitForFunction(() => typeof window.PaystraCheckout?.open === 'function')
    const release = await holdRequests(page, '**/sandbox/paymentrequest?mode=checkout')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()

    const popup = page.getByRole('dialog', { name: 'Paystra secure checkout' })
    await expect(popup).toBeVisible()
    await expect(popup.getByRole('status')).toHaveText(redirecting)
    const frameElement = popup.locator('iframe[name="paystra-checkout-frame"]')
    await expect(frameElement).toBeHidden()
    release()

    // { isPageVisible: true } from the frame: the loader goes and the frame shows.
    await expect(frameElement).toBeVisible()
    await expect(popup.getByText(redirecting)).toHaveCount(0)
    const frame = page.frameLocator('iframe[name="paystra-checkout-frame"]')
    await expect(frame.getByText('Paystra Demo Store')).toBeVisible()
    await payByUpi(frame, 'success@upi')

    // { closeIframe: true, response }: the popup closes, the server verifies, the result opens.
    const result = page.getByRole('dialog', { name: 'Payment Successful' })
    await expect(result).toBeVisible()
    await expect(popup).toBeHidden()
    await expectDetails(result, {
      'Order ID': /^LP\d{18}$/,
      Amount: '₹1.00',
      'Payment method': 'UPI',
      'Response code': '000',
    })
    // UPI carries no fee: the merchant receives all of it.
    await expectDetails(result.getByRole('region', { name: 'What the merchant receives' }), {
      'Our fee': '₹0.00',
      'Settled to the merchant': '₹1.00',
      'Reaches the bank on': settlementDatesSince(started),
    })
    await expect(result.getByRole('button', { name: 'Ok' })).toBeFocused()
    await expectNoAxeViolations(page)
    await result.getByRole('button', { name: 'Ok' }).click()
    await expect(result).toBeHidden()
    await expect(page).toHaveURL(/\/checkout-demo$/)
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled()
  })

  test('a declined card reads "Payment Failed"', async ({ page }) => {
    await gotoHydrated(page, '/checkout-demo')
    await page.waitForFunction(() => typeof window.PaystraCheckout?.open === 'function')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    const frame = page.frameLocator('iframe[name="paystra-checkout-frame"]')
    await payByCard(frame, '4000 0000 0000 0002')
    const result = page.getByRole('dialog', { name: 'Payment Failed' })
    await expect(result).toBeVisible()
    await expectDetails(result, { 'Response code': '004' })
    await page.keyboard.press('Escape')
    await expect(result).toBeHidden()
  })

  test('Cancel inside the frame reads "Payment Failed" (010)', async ({ page }) => {
    await gotoHydrated(page, '/checkout-demo')
    await page.waitForFunction(() => typeof window.PaystraCheckout?.open === 'function')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    const frame = page.frameLocator('iframe[name="paystra-checkout-frame"]')
    await frame.getByRole('button', { name: 'Cancel payment' }).click()
    const result = page.getByRole('dialog', { name: 'Payment Failed' })
    await expect(result).toBeVisible()
    await expectDetails(result, { 'Response code': '010' })
  })

  test('closing the popup by hand leaves a note and Pay works again', async ({ page }) => {
    await gotoHydrated(page, '/checkout-demo')
    await page.waitForFunction(() => typeof window.PaystraCheckout?.open === 'function')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    const popup = page.getByRole('dialog', { name: 'Paystra secure checkout' })
    await expect(popup.locator('iframe')).toBeVisible()
    await popup.getByRole('button', { name: 'Close the payment window' }).click()
    await expect(popup).toBeHidden()
    await expect(page.locator('.payment-details').getByRole('status')).toContainText(
      'closed before the payment finished',
    )
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled()
  })

  test('a message from another origin is ignored', async ({ page }) => {
    await gotoHydrated(page, '/checkout-demo')
    await page.waitForFunction(() => typeof window.PaystraCheckout?.open === 'function')
    const release = await holdRequests(page, '**/sandbox/paymentrequest?mode=checkout')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    const popup = page.getByRole('dialog', { name: 'Paystra secure checkout' })
    await expect(popup.getByRole('status')).toHaveText(redirecting)
    // The page itself is not the gateway's frame: its messages change nothing.
    await page.evaluate(async () => {
      window.postMessage({ isPageVisible: true }, '*')
      window.postMessage({ closeIframe: true, response: {} }, '*')
      // A window's messages arrive in the order they were posted: once a last one is seen, the
      // page's listener has had both; a frame later, anything they changed is rendered.
      await new Promise<void>((resolve) => {
        const marker = 'e2e: both messages dispatched'
        window.addEventListener('message', function seen(event) {
          if (event.data !== marker) return
          window.removeEventListener('message', seen)
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()))
        })
        window.postMessage(marker, '*')
      })
    })
    await expect(popup).toBeVisible()
    await expect(popup.locator('iframe')).toBeHidden()
    release()
    await expect(popup.locator('iframe')).toBeVisible()
  })
})

test.describe('Merchant Hosted', () => {
  async function payWith(page: Page, choose: () => Promise<void>) {
    await gotoHydrated(page, '/merchant-hosted-checkout')
    await choose()
    const release = await holdRequests(page, '**/demo/api/merchant-hosted-request')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: redirecting })).toBeVisible()
    release()
  }

  test('a bank tile goes straight to that bank; Success is "Payment Successful"', async ({
    page,
  }) => {
    await payWith(page, () => page.getByRole('button', { name: 'HDFC' }).click())
    await expect(page).toHaveURL(/\/sandbox\/pay\/.+\/bank$/)
    await expect(page.locator('main h1')).toHaveText('HDFC: approve this payment')
    await page.getByRole('button', { name: 'Success', exact: true }).click()
    await expect(page.locator('main h1')).toHaveText('Payment Successful')
    await expectDetails(page.locator('main'), {
      'Order ID': /^LP\d{18}$/,
      'Payment method': 'Net Banking · HDFC',
      'Response code': '000',
    })
    // A click while React is still hydrating the result page was lost once in a full run (the
    // page stayed put for 7 s): the link is followed once the page is ready for input.
    await waitUntilReady(page)
    await page.getByRole('link', { name: 'Try this demo again' }).click()
    await expect(page).toHaveURL(/\/merchant-hosted-checkout$/)
  })

  test('a wallet and Failure is "Payment Failed"', async ({ page }) => {
    await payWith(page, async () => {
      await page.getByRole('tab', { name: 'Wallet' }).click()
      await page.getByRole('button', { name: 'Mobikwik' }).click()
    })
    await expect(page.locator('main h1')).toHaveText('Mobikwik: approve this payment')
    await page.getByRole('button', { name: 'Failure', exact: true }).click()
    await expect(page.locator('main h1')).toHaveText('Payment Failed')
    await expectDetails(page.locator('main'), {
      'Payment method': 'Wallet · Mobikwik',
      'Response code': '004',
    })
  })

  for (const [vpa, heading, code] of [
    ['success@upi', 'Payment Successful', '000'],
    ['failure@upi', 'Payment Failed', '004'],
  ] as const) {
    test(`UPI ${vpa} resolves at once: "${heading}"`, async ({ page }) => {
      await payWith(page, async () => {
        await page.getByRole('tab', { name: 'UPI' }).click()
        await page.getByRole('textbox', { name: 'UPI ID' }).pressSequentially(vpa)
      })
      await expect(page.locator('main h1')).toHaveText(heading)
      await expectDetails(page.locator('main'), {
        'Payment method': 'UPI',
        'Response code': code,
      })
    })
  }

  test('Cancel on the bank page comes back as code 010', async ({ page }) => {
    await payWith(page, () => page.getByRole('button', { name: 'PNB' }).click())
    await page.getByRole('button', { name: 'Cancel payment' }).click()
    await expect(page.locator('main h1')).toHaveText('Payment Failed')
    await expectDetails(page.locator('main'), { 'Response code': '010' })
  })
})

test.describe('the response route', () => {
  test('a response whose HASH was not made with the salt is never shown as a payment', async ({
    page,
    request,
  }) => {
    const forged = encryptFields(
      { PAY_ID: '1000000000000001', ORDER_ID: 'LP1', AMOUNT: '100', RESPONSE_CODE: '000' },
      'not-the-real-salt',
      '034A0B731C8AE0736BD8D47D1B3017B3',
    )
    const response = await request.post('/demo/response', {
      form: { PAY_ID: '1000000000000001', ENCDATA: forged },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(303)
    expect(response.headers()['location']).toBe('/demo/response?refused=hash')

    await gotoHydrated(page, '/demo/response?refused=hash')
    await expect(page.locator('main h1')).toHaveText('Payment could not be verified')
    await expect(page.locator('main')).toContainText('does not match its fields')
    await expect(page.locator('main')).not.toContainText('Payment Successful')
  })

  test('opened directly, it has no payment to show and points to the demos', async ({ page }) => {
    await gotoHydrated(page, '/demo/response')
    await expect(page.locator('main h1')).toHaveText('No payment to show')
    for (const name of ['PG Hosted demo', 'Merchant Hosted demo', 'Checkout Js demo']) {
      await expect(page.getByRole('link', { name })).toBeVisible()
    }
  })
})
