import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { demoMerchant } from '#gateway/merchants.ts'
import { decryptFields } from '#core/protocol/cipher.ts'
import { withHash } from '#core/protocol/hash.ts'
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  test,
  widths,
} from './fixtures.ts'

/**
 * The built-in gateway sandbox in Chromium, driven the way a merchant drives it: a small
 * merchant page (served by the test) posts a signed form to /sandbox/paymentrequest, and the
 * merchant's RETURN_URL (also served by the test) decrypts and verifies what comes back.
 */

// The dev server's sandbox knows the demo merchant with the default credentials.
const merchant = demoMerchant({ siteUrl: 'http://localhost:3000' })
let orderSeq = 0

interface Merchant {
  /** Origin the merchant page and RETURN_URL live on (the site's, or another one). */
  origin: string
  sandbox: string
}

function signedRequest(site: Merchant, overrides: Record<string, string> = {}) {
  return withHash(
    {
      PAY_ID: merchant.payId,
      ORDER_ID: `E2E${Date.now()}${orderSeq++}`,
      AMOUNT: '100',
      TXNTYPE: 'SALE',
      CUST_NAME: 'Asha Rao',
      CUST_EMAIL: 'asha.rao@example.com',
      CUST_MOBILE: '9876543210',
      CUST_ID: '12345678901234567890123456789012',
      CURRENCY_CODE: '356',
      RETURN_URL: `${site.origin}/e2e-merchant/return`,
      ...overrides,
    },
    merchant.salt,
  )
}

const hiddenInputs = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('')

/**
 * Serves the merchant's side on `site.origin`: a shop page whose form goes to the sandbox,
 * and the RETURN_URL, which decrypts ENCDATA, checks its HASH and shows the fields.
 */
async function serveMerchant(page: Page, site: Merchant, fields: Record<string, string>) {
  await page.route(`${site.origin}/e2e-merchant/shop`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Shop</title><main><h1>Shop</h1>
        <form method="post" action="${site.sandbox}/paymentrequest">${hiddenInputs(fields)}
        <button type="submit">Pay with Paystra</button></form></main></html>`,
    }),
  )
  await page.route(`${site.origin}/e2e-merchant/return`, (route) => {
    const posted = new URLSearchParams(route.request().postData() ?? '')
    const result = decryptFields(
      posted.get('ENCDATA') ?? '',
      merchant.salt,
      merchant.merchantHostedKey,
    )
    const rows = result.ok
      ? Object.entries(result.fields)
          .map(([key, value]) => `<dt>${key}</dt><dd data-field="${key}">${value}</dd>`)
          .join('')
      : ''
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Return</title><main>
        <h1>${result.ok ? 'Response verified' : `Response rejected: ${result.reason}`}</h1>
        <p data-field="POSTED_PAY_ID">${posted.get('PAY_ID')}</p><dl>${rows}</dl></main></html>`,
    })
  })
}

/** Opens the shop, presses Pay and waits for the sandbox's payment page. */
async function openPaymentPage(page: Page, baseURL: string, overrides = {}) {
  const site = { origin: baseURL, sandbox: `${baseURL}/sandbox` }
  const fields = signedRequest(site, overrides)
  await serveMerchant(page, site, fields)
  await page.goto(`${site.origin}/e2e-merchant/shop`)
  await page.getByRole('button', { name: 'Pay with Paystra' }).click()
  // Loaded, so its deferred script has run: the tests type into fields it formats.
  await page.waitForURL(/\/sandbox\/pay\/[0-9a-f-]{36}$/)
  return fields
}

async function expectMerchantReceived(page: Page, expected: Record<string, string>) {
  await expect(page).toHaveURL(/\/e2e-merchant\/return$/)
  await expect(page.locator('h1')).toHaveText('Response verified')
  for (const [key, value] of Object.entries(expected)) {
    await expect(page.locator(`[data-field="${key}"]`), key).toHaveText(value)
  }
}

test.describe('hosted payment page', () => {
  for (const width of [widths.mobile, widths.desktop]) {
    test(`at ${width} px: merchant, order, amount, four methods, test data; accessible`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const fields = await openPaymentPage(page, baseURL!)
      await expect(page).toHaveURL(/\/sandbox\/pay\/[0-9a-f-]{36}$/)
      await expect(page.locator('h1')).toHaveCount(1)
      await expect(page.locator('h1')).toHaveText('Complete your payment')
      const summary = page.getByRole('region', { name: 'Payment details' })
      await expect(summary).toContainText('Paystra Demo Store')
      await expect(summary).toContainText(fields.ORDER_ID!)
      await expect(summary).toContainText('₹1.00')
      const tabs = page.getByRole('tab')
      await expect(tabs).toHaveText(['Cards', 'Net Banking', 'UPI', 'Wallets'])
      const testData = page.getByRole('region', { name: 'Sandbox test data' })
      for (const value of ['4111 1111 1111 1111', '4000 0000 0000 0002', 'pending@upi']) {
        await expect(testData.getByText(value)).toBeVisible()
      }
      // A card for each card row of the pricing page, saying how it is charged.
      for (const [number, outcome] of [
        ['4000 0566 5566 5556', 'Succeeds: Visa debit card, charged at debit card rates'],
        ['6074 8492 0000 4917', 'Succeeds: RuPay debit card, charged nothing (0%)'],
        [
          '4000 0082 6000 0000',
          'Succeeds: card issued abroad, charged at international card rates even in rupees',
        ],
      ]) {
        await expect(testData.getByRole('listitem').filter({ hasText: number! })).toContainText(
          outcome!,
        )
      }
      await expectNoHorizontalScroll(page)
      await expectNoAxeViolations(page)

      await page.getByRole('tab', { name: 'Net Banking' }).click()
      await expect(page.getByRole('tabpanel')).toContainText('Choose your bank')
      await expect(page.getByRole('radio')).toHaveCount(8)
      await expectNoHorizontalScroll(page)
      await expectNoAxeViolations(page)

      // Errors: marked fields, described, focused, still accessible.
      await page.getByRole('tab', { name: 'Cards' }).click()
      await page.getByRole('button', { name: 'Pay ₹1.00' }).click()
      await expect(page.getByRole('alert')).toHaveText('Please correct the details marked below.')
      await expect(page.getByLabel('Card number')).toBeFocused()
      await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(
        'Enter the card number',
      )
      await expectNoAxeViolations(page)
    })
  }

  test('the tabs follow the ARIA pattern: arrows move and select, the panel follows', async ({
    page,
    baseURL,
  }) => {
    await openPaymentPage(page, baseURL!)
    const cards = page.getByRole('tab', { name: 'Cards' })
    const netBanking = page.getByRole('tab', { name: 'Net Banking' })
    await expect(cards).toHaveAttribute('aria-selected', 'true')
    // The tabs' script has run once the other tabs leave the tab order (roving tabindex); keys
    // pressed before that would follow the links' plain behaviour.
    await expect(netBanking).toHaveAttribute('tabindex', '-1')
    await cards.focus()
    await page.keyboard.press('ArrowRight')
    await expect(netBanking).toBeFocused()
    await expect(netBanking).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).toHaveAttribute('id', 'gw-panel-netbanking')
    await page.keyboard.press('End')
    await expect(page.getByRole('tab', { name: 'Wallets' })).toBeFocused()
    await expect(page.getByRole('radio')).toHaveCount(3)
    await page.keyboard.press('Home')
    await expect(cards).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tab', { name: 'Wallets' })).toHaveAttribute('tabindex', '-1')
    // The chosen tab survives a reload.
    await page.getByRole('tab', { name: 'UPI' }).click()
    await page.reload()
    await expect(page.getByRole('tab', { name: 'UPI' })).toHaveAttribute('aria-selected', 'true')
  })

  test('the language picker translates the page, keeps the tab, and Urdu reads right to left', async ({
    page,
    baseURL,
  }) => {
    await openPaymentPage(page, baseURL!)
    const picker = page.getByLabel('Language')
    await expect(picker.locator('option')).toHaveText([
      'English',
      'हिन्दी',
      'বাংলা',
      'मराठी',
      'తెలుగు',
      'தமிழ்',
      'ગુજરાતી',
      'ಕನ್ನಡ',
      'മലയാളം',
      'ਪੰਜਾਬੀ',
      'ଓଡ଼ିଆ',
      'اردو',
    ])
    await page.getByRole('tab', { name: 'UPI' }).click()
    await picker.selectOption('hi')
    await page.getByRole('button', { name: 'Change' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
    await expect(page.locator('h1')).toHaveText('अपना भुगतान पूरा करें')
    await expect(page.getByRole('tab', { name: 'UPI' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('button', { name: 'सत्यापित करें और भुगतान करें' })).toBeVisible()
    await expectNoAxeViolations(page)

    await page.getByLabel('भाषा').selectOption('ur')
    await page.getByRole('button', { name: 'बदलें' }).click()
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('h1')).toHaveText('اپنی ادائیگی مکمل کریں')
    await page.setViewportSize({ width: widths.mobile, height: 900 })
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)

    // The language holds for the rest of the payment: the bank page is in Urdu too.
    await page.getByRole('tab', { name: 'نیٹ بینکنگ' }).click()
    await page.getByText('ICICI').click()
    await page.getByRole('button', { name: 'بینک کی طرف جاری رکھیں' }).click()
    await expect(page.locator('h1')).toHaveText('ICICI: اس ادائیگی کی منظوری دیں')
    await page.getByLabel('زبان').selectOption('en')
    await page.getByRole('button', { name: 'تبدیل کریں' }).click()
    await expect(page.locator('h1')).toHaveText('ICICI: approve this payment')
  })
})

test.describe('paying through the sandbox', () => {
  test('net banking: the sandbox bank page, Success, and the merchant verifies 000', async ({
    page,
    baseURL,
  }) => {
    const fields = await openPaymentPage(page, baseURL!)
    await page.getByRole('tab', { name: 'Net Banking' }).click()
    await page.getByRole('button', { name: 'Continue to bank' }).click()
    await expect(page.getByText('Please select any bank')).toBeVisible()
    await page.getByText('HDFC').click()
    await page.getByRole('button', { name: 'Continue to bank' }).click()
    await expect(page).toHaveURL(/\/bank$/)
    const paymentUrl = page.url().replace(/\/bank$/, '')
    await expect(page.locator('h1')).toHaveText('HDFC: approve this payment')
    await expect(page.getByText('Paystra Demo Store')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.setViewportSize({ width: widths.mobile, height: 800 })
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'Success' }).click()
    await expectMerchantReceived(page, {
      POSTED_PAY_ID: merchant.payId,
      ORDER_ID: fields.ORDER_ID!,
      AMOUNT: '100',
      RESPONSE_CODE: '000',
      STATUS: 'Captured',
      PAYMENT_TYPE: 'NB',
      MOP_TYPE: '1004',
    })

    // Coming back later shows the outcome and offers Continue, without posting it again.
    await page.goto(paymentUrl)
    await expect(page.locator('h1')).toHaveText('Payment successful')
    await expect(page.getByText('This payment has ended.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
    await expect(page).toHaveURL(paymentUrl)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
  })

  test('a wallet: Failure reaches the merchant as 004', async ({ page, baseURL }) => {
    await openPaymentPage(page, baseURL!)
    await page.getByRole('tab', { name: 'Wallets' }).click()
    await page.getByText('Mobikwik').click()
    await page.getByRole('button', { name: 'Continue to wallet' }).click()
    await page.getByRole('button', { name: 'Failure' }).click()
    await expectMerchantReceived(page, {
      RESPONSE_CODE: '004',
      STATUS: 'Failed',
      PAYMENT_TYPE: 'WL',
      MOP_TYPE: 'MWL',
    })
  })

  test('the result page shows the outcome before it hands over, with Continue without scripts', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await openPaymentPage(page, baseURL!)
    await page.getByRole('tab', { name: 'UPI' }).click()
    await expect(page.getByRole('tab', { name: 'UPI' })).toHaveAttribute('aria-selected', 'true')
    await page.getByLabel('UPI ID').fill('pending@upi')
    await page.getByRole('button', { name: 'Verify and pay' }).click()
    await expect(page.locator('h1')).toHaveText('Payment pending')
    await expect(
      page.getByText('Transaction pending: awaiting confirmation from the bank'),
    ).toBeVisible()
    // No script will go on by itself, so the page does not ask the visitor to wait.
    await expect(page.getByText('Please wait a moment')).toBeHidden()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expectMerchantReceived(page, { RESPONSE_CODE: '026', STATUS: 'Pending' })
    await context.close()
  })

  test('a declined card, then Cancel on another payment (010)', async ({ page, baseURL }) => {
    await openPaymentPage(page, baseURL!)
    await page.getByLabel('Card number').pressSequentially('4000000000000002')
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002')
    await page.getByLabel('Expiry (MM/YY)').pressSequentially('1230')
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/30')
    await page.getByLabel('CVV').fill('123')
    await page.getByLabel('Name on card').fill('Asha Rao')
    await page.getByRole('button', { name: 'Pay ₹1.00' }).click()
    await expectMerchantReceived(page, { RESPONSE_CODE: '004', STATUS: 'Failed' })

    await openPaymentPage(page, baseURL!)
    await page.getByRole('button', { name: 'Cancel payment' }).click()
    await expectMerchantReceived(page, { RESPONSE_CODE: '010', STATUS: 'Failed' })
  })

  test('a tampered amount is refused with 323 and a reused order id with 018', async ({
    page,
    baseURL,
  }) => {
    const site = { origin: baseURL!, sandbox: `${baseURL}/sandbox` }
    const fields = signedRequest(site)
    await serveMerchant(page, site, { ...fields, AMOUNT: '1' })
    await page.goto(`${site.origin}/e2e-merchant/shop`)
    await page.getByRole('button', { name: 'Pay with Paystra' }).click()
    await expect(page.locator('h1')).toHaveText('Payment request refused')
    await expect(page.getByText('323 Invalid hash')).toBeVisible()
    await expect(page.getByRole('tab')).toHaveCount(0)
    await expect(page.getByRole('textbox')).toHaveCount(0)
    await expectNoAxeViolations(page)

    const paid = await openPaymentPage(page, baseURL!)
    await page.unrouteAll()
    await serveMerchant(page, site, paid)
    await page.goto(`${site.origin}/e2e-merchant/shop`)
    await page.getByRole('button', { name: 'Pay with Paystra' }).click()
    await expect(page.getByText('018 Duplicate order id')).toBeVisible()
  })
})

test('checkout.js from another origin: the frame says it is visible, then hands back the response', async ({
  page,
  baseURL,
}) => {
  // The merchant's page comes from a server of its own on 127.0.0.1, the sandbox from the site
  // on localhost: two origins. (A page made up by page.route would be refused the loopback
  // address by Chromium's local network rules, so it is a real server.)
  const gateway = new URL(baseURL!)
  let checkoutPage = ''
  const shop = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage)
  })
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve))
  const shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`
  try {
    const fields = signedRequest(
      { origin: shopOrigin, sandbox: `${baseURL}/sandbox` },
      { RETURN_URL: `${shopOrigin}/return` },
    )
    checkoutPage = `<!doctype html><html lang="en"><title>Checkout</title><main><h1>Checkout</h1>
      <form id="pay">${hiddenInputs(fields)}</form>
      <iframe name="paystra" title="Paystra checkout" width="480" height="700"></iframe></main>
      <script src="${baseURL}/sandbox/checkout.js"></script>
      <script>
        window.messages = []
        window.addEventListener('message', (event) => {
          if (event.origin !== window.PaystraCheckout.origin) return
          window.messages.push(event.data)
        })
        window.PaystraCheckout.open(document.getElementById('pay'), 'paystra')
      </script></html>`
    await page.goto(`${shopOrigin}/checkout`)
    const messages = () =>
      page.evaluate(() => (window as unknown as { messages: unknown[] }).messages)
    expect(
      await page.evaluate(
        () => (window as unknown as { PaystraCheckout: { origin: string } }).PaystraCheckout.origin,
      ),
    ).toBe(gateway.origin)
    await expect.poll(messages).toEqual([{ isPageVisible: true }])
    const frame = page.frameLocator('iframe[name="paystra"]')
    await expect(frame.locator('h1')).toHaveText('Complete your payment')
    await frame.getByRole('tab', { name: 'UPI' }).click()
    await frame.getByLabel('UPI ID').fill('success@upi')
    await frame.getByRole('button', { name: 'Verify and pay' }).click()
    await expect.poll(async () => (await messages()).length).toBe(2)
    const closing = (await messages())[1] as {
      closeIframe: boolean
      response: { PAY_ID: string; ENCDATA: string }
    }
    expect(closing.closeIframe).toBe(true)
    expect(closing.response.PAY_ID).toBe(merchant.payId)
    const decrypted = decryptFields(
      closing.response.ENCDATA,
      merchant.salt,
      merchant.merchantHostedKey,
    )
    expect(decrypted).toMatchObject({
      ok: true,
      fields: { ORDER_ID: fields.ORDER_ID, RESPONSE_CODE: '000', STATUS: 'Captured' },
    })
    // In checkout mode the frame never navigates to RETURN_URL.
    await expect(page).toHaveURL(`${shopOrigin}/checkout`)
    await expect(frame.locator('h1')).toHaveText('Payment successful')
  } finally {
    await new Promise((resolve) => shop.close(resolve))
  }
})
