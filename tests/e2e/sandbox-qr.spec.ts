import type { APIRequestContext } from '@playwright/test'
import { demoMerchant } from '#gateway/merchants.ts'
import { answerValidator } from '#tests/support/answer-validator.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  test,
  widths,
} from './fixtures.ts'

/**
 * The sandbox's QR codes in Chromium: a merchant server asks /pgws/qr for a code, and the
 * "phone" opens the scan page the code leads to and pays from it.
 */

// The dev server's sandbox knows the demo merchant with the default credentials.
const merchant = demoMerchant({ siteUrl: 'http://localhost:3000' })
let orderSeq = 0

/** The OpenAPI document the site serves, which every answer here must match. */
let validator: Promise<ReturnType<typeof answerValidator>> | undefined
function servedDocument(request: APIRequestContext, url: string) {
  validator ??= request
    .get(new URL('/developers/openapi.json', url).href)
    .then(async (response) => answerValidator(await response.json()))
  return validator
}

async function callApi(request: APIRequestContext, url: string, fields: Record<string, string>) {
  const response = await request.post(url, { data: withHash(fields, merchant.salt) })
  expect(response.status()).toBe(200)
  const json = (await response.json()) as Record<string, string>
  const { expectDocumentedAnswer } = await servedDocument(request, url)
  expectDocumentedAnswer({ url, status: response.status(), body: json })
  expect(verifyHash(json, merchant.salt), 'the answer is signed').toBe(true)
  return json
}

async function createQr(
  request: APIRequestContext,
  baseURL: string,
  qrType: 'UPI' | 'PG',
  amount = '49900',
) {
  const json = await callApi(request, `${baseURL}/sandbox/pgws/qr`, {
    PAY_ID: merchant.payId,
    ORDER_ID: `E2EQR${Date.now()}${orderSeq++}`,
    AMOUNT: amount,
    CURRENCY_CODE: '356',
    QR_TYPE: qrType,
    CUST_NAME: 'Asha Rao',
  })
  expect(json).toMatchObject({ RESPONSE_CODE: '006', STATUS: 'Pending', QR_TYPE: qrType })
  return json
}

function statusOf(request: APIRequestContext, baseURL: string, orderId: string) {
  return callApi(request, `${baseURL}/sandbox/pgws/transact`, {
    PAY_ID: merchant.payId,
    ORDER_ID: orderId,
    TXNTYPE: 'STATUS',
  })
}

test.describe('sandbox scan page of a UPI QR', () => {
  for (const width of [widths.mobile, widths.desktop]) {
    test(`at ${width} px: merchant, order, amount, the test UPI IDs; accessible; pays as success@upi`, async ({
      page,
      request,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const qr = await createQr(request, baseURL!, 'UPI')
      await page.goto(qr.QR_SCAN_URL!)
      await expect(page.locator('h1')).toHaveCount(1)
      await expect(page.locator('h1')).toHaveText('Approve this UPI payment')
      const summary = page.getByRole('region', { name: 'Payment details' })
      await expect(summary).toContainText('Paystra Demo Store')
      await expect(summary).toContainText(qr.ORDER_ID!)
      await expect(summary).toContainText('₹499.00')
      const choices = page.getByRole('region', { name: 'Pay with a test UPI ID' })
      await expect(choices.getByRole('button')).toHaveText([
        'Pay as success@upi',
        'Pay as failure@upi',
        'Pay as pending@upi',
        'Pay as late@upi',
      ])
      await expect(
        page.getByRole('button', { name: 'Pay as failure@upi' }),
      ).toHaveAccessibleDescription('Payment fails')
      await expect(
        page.getByRole('button', { name: 'Pay as late@upi' }),
      ).toHaveAccessibleDescription('Pending at first, then succeeds (026, then 000)')
      await expectNoHorizontalScroll(page)
      await expectNoAxeViolations(page)

      await page.getByRole('button', { name: 'Pay as success@upi' }).click()
      await expect(page.locator('h1')).toHaveText('Payment successful')
      await expect(page.getByText('The merchant sees this outcome')).toBeVisible()
      await expect(page.getByText(qr.TXN_ID!)).toBeVisible()
      await expectNoHorizontalScroll(page)
      await expectNoAxeViolations(page)
      expect(await statusOf(request, baseURL!, qr.ORDER_ID!)).toMatchObject({
        STATUS: 'Captured',
        RESPONSE_CODE: '000',
        PAYMENT_TYPE: 'UP',
      })
    })
  }

  test('works without scripts: failure@upi ends the payment with 004', async ({
    browser,
    request,
    baseURL,
  }) => {
    const qr = await createQr(request, baseURL!, 'UPI')
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(qr.QR_SCAN_URL!)
    await page.getByRole('button', { name: 'Pay as failure@upi' }).click()
    await expect(page.locator('h1')).toHaveText('Payment failed')
    await context.close()
    expect(await statusOf(request, baseURL!, qr.ORDER_ID!)).toMatchObject({
      STATUS: 'Failed',
      RESPONSE_CODE: '004',
    })
  })

  test('the QR image is a PNG the merchant page can show', async ({ page, request, baseURL }) => {
    const qr = await createQr(request, baseURL!, 'UPI')
    const image = await request.get(qr.QR_IMAGE_URL!)
    expect(image.headers()['content-type']).toBe('image/png')
    expect((await image.body()).subarray(1, 4).toString('ascii')).toBe('PNG')
    // Shown on a merchant's counter page, the way the ePOS kits show it. (Its cross-origin
    // header is checked in gateway/api/qr.test.ts; Chromium keeps pages routed by the test
    // out of the loopback address space, so the page lives on the site's origin here.)
    await page.route(`${baseURL}/e2e-merchant/counter`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>Counter</title><main><h1>Scan to pay</h1>
          <img src="${qr.QR_IMAGE_URL}" alt="QR code"></main></html>`,
      }),
    )
    await page.goto(`${baseURL}/e2e-merchant/counter`)
    await expect
      .poll(() => page.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(360)
  })
})

test.describe('sandbox scan page of a PG QR', () => {
  for (const width of [widths.mobile, widths.desktop]) {
    test(`at ${width} px: leads to the hosted payment page, paid by card`, async ({
      page,
      request,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const qr = await createQr(request, baseURL!, 'PG', '100')
      await page.goto(qr.QR_SCAN_URL!)
      await expect(page.locator('h1')).toHaveText('Pay for this order')
      await expect(page.getByRole('region', { name: 'Payment details' })).toContainText('₹1.00')
      await expectNoHorizontalScroll(page)
      await expectNoAxeViolations(page)

      await page.getByRole('link', { name: 'Continue to the payment page' }).click()
      await expect(page).toHaveURL(qr.PAYMENT_URL!)
      await expect(page.locator('h1')).toHaveText('Complete your payment')
      await page.getByLabel('Card number').fill('4111 1111 1111 1111')
      await page.getByLabel('Expiry (MM/YY)').fill('12/35')
      await page.getByLabel('CVV').fill('123')
      await page.getByLabel('Name on card').fill('Asha Rao')
      await page.getByRole('button', { name: 'Pay ₹1.00' }).click()
      await expect(page.locator('h1')).toHaveText('Payment successful')
      await expect(page.getByText('The merchant sees this outcome')).toBeVisible()
      await expectNoAxeViolations(page)
      expect(await statusOf(request, baseURL!, qr.ORDER_ID!)).toMatchObject({
        STATUS: 'Captured',
        RESPONSE_CODE: '000',
        PAYMENT_TYPE: 'CC',
      })
    })
  }
})
