import type { APIRequestContext, FrameLocator, Locator, Page } from '@playwright/test'
import { istDateOf, nextWorkingDay } from '#core/calendar/business-calendar.ts'
import { currencyByCode } from '#core/currency/currencies.ts'
import { toRupees } from '#core/currency/exchange.ts'
import { formatRupees } from '#core/currency/paise.ts'
import { paymentFee } from '#core/pricing/payment-fee.ts'
import { decryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { bn } from '#gateway/i18n/bn.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  test,
  widths,
} from './fixtures.ts'

/**
 * International cards in Chromium: a merchant's order in US dollars is paid by card on the
 * sandbox's hosted page, in English and in Bengali, and comes back with the rate and the rupees
 * under a HASH that verifies; any other method is refused with 345; and the PG Hosted and
 * Checkout Js demos sell their 1.00 laptop in the currency the visitor chooses, with and without
 * scripts (the amount's decimals rule is tested in core/currency and the kits).
 */

// The dev server's sandbox knows the demo merchant with the default credentials.
const merchant = demoMerchant({ siteUrl: 'http://localhost:3000' })
const usd = currencyByCode('USD')!
let orderSeq = 0

/** $12.34 as the gateway converts it: ₹84.2150 a dollar. */
const dollars = { AMOUNT: '1234', CURRENCY_CODE: usd.number }
const inDollars = toRupees(1234n, usd)

function signedRequest(origin: string, overrides: Record<string, string> = {}) {
  return withHash(
    {
      PAY_ID: merchant.payId,
      ORDER_ID: `INTL${Date.now()}${orderSeq++}`,
      TXNTYPE: 'SALE',
      CUST_NAME: 'Asha Rao',
      CUST_EMAIL: 'asha.rao@example.com',
      CUST_MOBILE: '9876543210',
      CUST_ID: '12345678901234567890123456789012',
      RETURN_URL: `${origin}/e2e-merchant/return`,
      ...dollars,
      ...overrides,
    },
    merchant.salt,
  )
}

/**
 * A shop page whose form goes to the sandbox, and the RETURN_URL, which decrypts ENCDATA and
 * shows its fields, with whether their HASH verifies.
 */
async function openForeignPaymentPage(page: Page, origin: string) {
  const fields = signedRequest(origin)
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('')
  await page.route(`${origin}/e2e-merchant/shop`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Shop</title><main><h1>Shop</h1>
        <form method="post" action="${origin}/sandbox/paymentrequest">${inputs}
        <button type="submit">Pay with Paystra</button></form></main></html>`,
    }),
  )
  await page.route(`${origin}/e2e-merchant/return`, (route) => {
    const posted = new URLSearchParams(route.request().postData() ?? '')
    const result = decryptFields(
      posted.get('ENCDATA') ?? '',
      merchant.salt,
      merchant.merchantHostedKey,
    )
    const verified = result.ok && verifyHash(result.fields, merchant.salt)
    const rows = result.ok
      ? Object.entries(result.fields)
          .map(([key, value]) => `<dt>${key}</dt><dd data-field="${key}">${value}</dd>`)
          .join('')
      : ''
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Return</title><main>
        <h1>${verified ? 'Response verified' : 'Response rejected'}</h1><dl>${rows}</dl></main></html>`,
    })
  })
  await page.goto(`${origin}/e2e-merchant/shop`)
  await page.getByRole('button', { name: 'Pay with Paystra' }).click()
  await expect(page).toHaveURL(/\/sandbox\/pay\/[0-9a-f-]{36}$/)
  return fields
}

async function chooseLanguage(page: Page, code: string) {
  await page.locator('#gw-language').selectOption(code)
  await page.locator('.gw-lang button[type="submit"]').click()
  await expect(page.locator('html')).toHaveAttribute('lang', code)
}

/** The card form by its fields' ids, whatever the page's language; on the page or in the frame. */
async function payByCard(page: Page | FrameLocator, number: string) {
  await page.locator('#gw-card-number').fill(number)
  await page.locator('#gw-card-expiry').fill('12/39')
  await page.locator('#gw-card-cvv').fill('123')
  await page.locator('#gw-card-name').fill('Asha Rao')
  await page.locator('#gw-panel-card button[type="submit"]').click()
}

/** Posts a form from the payment page, as a page with the other methods would have. */
async function postFromPage(page: Page, path: string, fields: Record<string, string>) {
  await page.evaluate(
    ({ path, fields }) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = path
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input')
        input.type = 'hidden'
        input.name = name
        input.value = value
        form.append(input)
      }
      document.body.append(form)
      form.submit()
    },
    { path, fields },
  )
}

const money = (code: string, language: string, major: number) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: code }).format(major)

test.describe('a US dollar order on the hosted page', () => {
  for (const language of ['en', 'bn'] as const) {
    test(`in ${language}: the amount in dollars, cards alone, paid; the rate and rupees come back under the HASH`, async ({
      page,
      baseURL,
    }) => {
      const fields = await openForeignPaymentPage(page, baseURL!)
      if (language !== 'en') await chooseLanguage(page, language)

      const amount = money('USD', language, 12.34)
      const summary = page.locator('.gw-summary')
      await expect(summary.locator('.gw-summary__amount')).toHaveText(amount)
      await expect(summary.locator('.gw-summary__note')).toBeVisible()
      await expect(page.getByRole('tab')).toHaveCount(0)
      await expect(page.locator('#gw-card-number')).toBeVisible()
      await expect(
        page.locator('#gw-panel-upi, #gw-panel-netbanking, #gw-panel-wallet'),
      ).toHaveCount(0)
      await expect(page.locator('#gw-panel-card button[type="submit"]')).toContainText(amount)
      await expect(page.getByText('4000 0000 0000 1976')).toBeVisible()

      await payByCard(page, '4111 1111 1111 1111')
      await expect(page).toHaveURL(/\/e2e-merchant\/return$/)
      await expect(page.locator('h1')).toHaveText('Response verified')
      const received = {
        ORDER_ID: fields.ORDER_ID!,
        AMOUNT: '1234',
        CURRENCY_CODE: '840',
        RESPONSE_CODE: '000',
        FX_RATE: '84.2150',
        INR_AMOUNT: String(inDollars.paise),
      }
      for (const [key, value] of Object.entries(received)) {
        await expect(page.locator(`[data-field="${key}"]`), key).toHaveText(value)
      }
    })
  }

  test('is accessible and fits at 375 and 1280 px', async ({ page, baseURL }) => {
    await openForeignPaymentPage(page, baseURL!)
    for (const width of [widths.mobile, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 })
      await expectNoHorizontalScroll(page)
      await expectNoAxeViolations(page)
    }
    // With the form's errors shown too.
    await page.locator('#gw-panel-card button[type="submit"]').click()
    await expect(page.getByRole('alert')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('refuses net banking, UPI or a wallet with 345 in the page language, and still takes a card', async ({
    page,
    baseURL,
  }) => {
    await openForeignPaymentPage(page, baseURL!)
    await chooseLanguage(page, 'bn')
    const payPath = new URL(page.url()).pathname
    for (const [method, fields] of [
      ['upi', { vpa: 'success@upi' }],
      ['netbanking', { bank: '1004' }],
      ['wallet', { wallet: 'PPL' }],
    ] as const) {
      await postFromPage(page, `${payPath}/${method}`, fields)
      await expect(page.locator('[data-code]'), method).toHaveText('345')
      await expect(page.locator('[data-message]')).toHaveText(bn.codes['345'])
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn')
      await page.goto(payPath)
    }
    await payByCard(page, '4111 1111 1111 1111')
    await expect(page.locator('h1')).toHaveText('Response verified')
    await expect(page.locator('[data-field="RESPONSE_CODE"]')).toHaveText('000')
  })
})

/** A signed call to the sandbox's JSON APIs, its answer's HASH verified. */
async function callApi(request: APIRequestContext, baseURL: string, path: string, body: Fields) {
  const response = await request.post(`${baseURL}/sandbox/pgws/${path}`, {
    data: withHash({ PAY_ID: merchant.payId, ...body }, merchant.salt),
  })
  expect(response.status()).toBe(200)
  const answer = (await response.json()) as Fields
  expect(verifyHash(answer, merchant.salt), path).toBe(true)
  expect(answer.RESPONSE_CODE, JSON.stringify(answer)).toBe('000')
  return answer
}

test('a dollar payment settles in rupees, its line carrying the currency, amount and rate', async ({
  page,
  baseURL,
  request,
}) => {
  const fields = await openForeignPaymentPage(page, baseURL!)
  await payByCard(page, '4111 1111 1111 1111')
  await expect(page.locator('h1')).toHaveText('Response verified')

  // The test call settles as of the next working day's noon, IST: today's capture is due.
  const asOf = `${nextWorkingDay(istDateOf(new Date()))}T12:00:00+05:30`
  await callApi(request, baseURL!, 'settlement/run', { AS_OF: asOf })
  const recon = await callApi(request, baseURL!, 'recon', { ORDER_ID: fields.ORDER_ID! })
  const [payment] = JSON.parse(recon.RECON!) as Fields[]
  expect(payment).toMatchObject({ TYPE: 'PAYMENT', STATE: 'SETTLED' })
  const settlement = await callApi(request, baseURL!, 'settlement', {
    SETTLEMENT_ID: payment!.SETTLEMENT_ID!,
  })
  const line = (JSON.parse(settlement.LINES!) as Fields[]).find(
    (candidate) => candidate.ORDER_ID === fields.ORDER_ID && candidate.TYPE === 'PAYMENT',
  )
  // Priced on the international cards row, on the rupee amount.
  const fee = paymentFee({ paymentType: 'CC', foreignCurrency: true }, inDollars.paise)
  expect(line).toMatchObject({
    CURRENCY_CODE: '840',
    ORIGINAL_AMOUNT: '1234',
    FX_RATE: '84.2150',
    AMOUNT: String(inDollars.paise),
    FEE: String(fee.fee),
    GST: String(fee.gst),
    NET: String(fee.net),
  })
})

/** The demos' price, their "Pay in" currency and Pay. */
function orderFields(page: Page) {
  const details = page.locator('main .payment-details')
  return {
    price: details.locator('.payment-details__price'),
    currency: details.getByRole('combobox', { name: 'Pay in' }),
    pay: details.getByRole('button', { name: 'Pay', exact: true }),
  }
}

/** The result's rate and rupees for 1.00 of `code`, as the sandbox converts it. */
async function expectSettledInRupees(result: Locator, code: string, rate: string) {
  const detail = (term: string) => result.locator('dt', { hasText: term }).first().locator('+ dd')
  await expect(detail('Amount')).toHaveText(money(code, 'en', 1))
  await expect(detail('Exchange rate')).toHaveText(`1 ${code} = ₹${rate}`)
  const { paise } = toRupees(100n, currencyByCode(code)!)
  await expect(detail('In rupees')).toHaveText(formatRupees(paise))
}

test.describe('the demos in a foreign currency: the laptop is 1.00 of it', () => {
  test('PG Hosted: pays $1.00 by card and shows the rate and rupees it was settled at', async ({
    page,
  }) => {
    await gotoHydrated(page, '/pg-hosted-demo')
    const { price, currency, pay } = orderFields(page)
    await expect(currency).toHaveValue('INR')
    await expect(price).toHaveText('₹1.00')
    await currency.selectOption('USD')
    await expect(price).toHaveText('$1.00')
    await expect(page.getByRole('textbox', { name: /amount/i })).toHaveCount(0)
    await pay.click()

    await expect(page).toHaveURL(/\/sandbox\/pay\//)
    await expect(page.locator('.gw-summary__amount')).toHaveText('$1.00')
    await expect(page.getByRole('tab')).toHaveCount(0)
    await payByCard(page, '4111 1111 1111 1111')

    await expect(page).toHaveURL(/\/demo\/response\?payment=[0-9a-f-]{36}$/)
    await expect(page.locator('main h1')).toHaveText('Payment Successful')
    await expectSettledInRupees(page.locator('main'), 'USD', '84.2150')
    await expect(
      page.getByRole('region', { name: 'What the merchant receives' }).locator('dd').first(),
    ).toContainText('International')
    await expectNoAxeViolations(page)
  })

  test('Checkout Js: the frame offers cards alone for €1.00, and the result shows the rupees', async ({
    page,
  }) => {
    await gotoHydrated(page, '/checkout-demo')
    await page.waitForFunction(() => typeof window.PaystraCheckout?.open === 'function')
    const { price, currency, pay } = orderFields(page)
    await expect(price).toHaveText('₹1.00')
    await currency.selectOption('EUR')
    await expect(price).toHaveText('€1.00')
    await expectNoAxeViolations(page)
    await pay.click()

    const frame = page.frameLocator('iframe[name="paystra-checkout-frame"]')
    await expect(frame.locator('.gw-summary__amount')).toHaveText('€1.00')
    await expect(frame.getByRole('tab')).toHaveCount(0)
    await payByCard(frame, '4111 1111 1111 1111')

    const result = page.getByRole('dialog', { name: 'Payment Successful' })
    await expect(result).toBeVisible()
    await expectSettledInRupees(result, 'EUR', '88.9420')
  })

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false, reducedMotion: 'reduce' })

    test('PG Hosted posts the chosen currency: $1.00 on the card page, cards alone, paid', async ({
      page,
    }) => {
      await page.goto('/pg-hosted-demo')
      const { currency, pay } = orderFields(page)
      await expect(currency).toHaveValue('INR')
      // What a foreign currency means is said before Pay, with no script to show it on a change.
      await expect(currency).toHaveAccessibleDescription(/Only cards pay in a foreign currency/)
      await currency.selectOption('USD')
      await pay.click()

      await expect(page).toHaveURL(/\/pg-hosted-demo$/)
      await expect(page.getByRole('heading', { name: 'Your order is ready' })).toBeVisible()
      await expect(page.locator('main')).toContainText('pay $1.00 to the demo store')
      await page.getByRole('button', { name: 'Continue to payment' }).click()

      await expect(page).toHaveURL(/\/sandbox\/pay\//)
      await expect(page.locator('.gw-summary__amount')).toHaveText('$1.00')
      await expect(page.getByRole('tab')).toHaveCount(0)
      await payByCard(page, '4111 1111 1111 1111')
      // The sandbox's result page posts back to the store on its own only with scripts.
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await expect(page).toHaveURL(/\/demo\/response\?payment=[0-9a-f-]{36}$/)
      await expect(page.locator('main h1')).toHaveText('Payment Successful')
      await expectSettledInRupees(page.locator('main'), 'USD', '84.2150')
    })
  })
})
