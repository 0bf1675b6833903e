/**
 * Subscriptions in Chromium, on a sandbox account made over HTTP: a UPI mandate approved on the
 * virtual UPI app (UPI ID, then PIN) without scripts, debited again when the account's clock moves
 * a month and paused and resumed by the customer; a debit above ₹15,000 approved on the mandate
 * page; a card's standing instruction with its OTP; the mandate page at each step free of axe
 * violations and of horizontal scroll at 375 and 1280 px.
 */
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, test } from './fixtures.ts'
import type { Page, TestInfo } from '@playwright/test'

let account: Fields

/** A signed call of the account to the sandbox: its answer's fields. */
async function call(path: string, fields: Fields): Promise<Fields> {
  const baseURL = test.info().project.use.baseURL!
  const response = await fetch(`${baseURL}/sandbox/pgws/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(withHash({ PAY_ID: account.PAY_ID!, ...fields }, account.SALT!)),
  })
  return (await response.json()) as Fields
}

/** The account clock's IST date, `days` on. */
async function dateIn(days: number): Promise<string> {
  const now = new Date((await call('clock', {})).NOW!)
  return new Date(now.getTime() + days * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10)
}

const subscribe = async (fields: Fields = {}) =>
  call('subscription', {
    SUBSCRIPTION_REF: `PLAN-${Math.random().toString(36).slice(2, 10)}`,
    METHOD: 'UPI',
    AMOUNT: '49900',
    MAX_AMOUNT: '49900',
    FREQUENCY: 'MONTHLY',
    START_DATE: await dateIn(0),
    DESCRIPTION: 'Monthly plan: fresh vegetables box',
    CUST_NAME: 'Kavya Rao',
    CUST_EMAIL: 'kavya@example.com',
    CUST_PHONE: '9876543210',
    RETURN_URL: `${test.info().project.use.baseURL!}/`,
    ...fields,
  })

async function looksRight(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoHorizontalScroll(page, `${name} at ${width} px`)
    await expectNoAxeViolations(page, `${name} at ${width} px`)
    await testInfo.attach(`${name} at ${width} px`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
  }
}

test.beforeAll(async () => {
  const baseURL = test.info().project.use.baseURL!
  const made = await fetch(`${baseURL}/sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ NAME: 'Green Basket' }),
  })
  expect(made.status).toBe(201)
  account = (await made.json()) as Fields
})

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false })

  test('a UPI mandate approved on the virtual UPI app, debited a month later, paused and resumed', async ({
    page,
  }) => {
    test.slow()
    const made = await subscribe()
    await page.goto(made.AUTH_URL!)
    await expect(page.getByRole('heading', { name: 'UPI app (sandbox)' })).toBeVisible()
    await expect(page.getByText('Monthly plan: fresh vegetables box')).toBeVisible()
    await page.getByLabel('Your UPI ID').fill('someone@okbank')
    await page.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByText('Use one of the test UPI IDs')).toBeVisible()
    await page.getByLabel('Your UPI ID').fill('success@upi')
    await page.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByRole('heading', { name: /Enter your UPI PIN/ })).toBeVisible()
    await page.getByLabel('UPI PIN').fill('12')
    await page.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByText('Enter 4 or 6 digits.')).toBeVisible()
    await page.getByLabel('UPI PIN').fill('1234')
    await page.getByRole('button', { name: 'Approve' }).click()

    await expect(page.getByRole('heading', { name: 'Approve a recurring payment' })).toBeVisible()
    await expect(page.getByText('Active', { exact: true })).toBeVisible()
    await expect(page.getByText('Paid', { exact: true })).toHaveCount(1)
    expect(
      await call('subscription/status', { SUBSCRIPTION_ID: made.SUBSCRIPTION_ID! }),
    ).toMatchObject({
      STATUS: 'ACTIVE',
      PAID_CYCLES: '1',
    })

    await call('clock/advance', { BY: '32d' })
    await page.reload()
    await expect(page.getByText('Paid', { exact: true })).toHaveCount(2)

    await page.getByRole('button', { name: 'Pause' }).click()
    await expect(page.getByText('Paused by you')).toBeVisible()
    await page.getByRole('button', { name: 'Resume' }).click()
    await expect(page.getByText('Active', { exact: true })).toBeVisible()
    const status = await call('subscription/status', { SUBSCRIPTION_ID: made.SUBSCRIPTION_ID! })
    expect(status.STATUS).toBe('ACTIVE')
  })

  test('a debit of ₹20,000 waits for the approval the customer gives on the mandate page', async ({
    page,
  }) => {
    const made = await subscribe({
      AMOUNT: '2000000',
      MAX_AMOUNT: '2000000',
      START_DATE: await dateIn(4),
    })
    await page.goto(made.AUTH_URL!)
    await page.getByLabel('Your UPI ID').fill('success@upi')
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.getByLabel('UPI PIN').fill('123456')
    await page.getByRole('button', { name: 'Approve' }).click()
    await call('clock/advance', { BY: '3d' })
    await page.reload()
    await expect(page.getByText('above the limit for automatic debits')).toBeVisible()
    await page.getByRole('button', { name: 'Approve this payment' }).click()
    await expect(page.getByText('You approved this payment.')).toBeVisible()
    await call('clock/advance', { BY: '2d' })
    const status = await call('subscription/status', { SUBSCRIPTION_ID: made.SUBSCRIPTION_ID! })
    expect(status).toMatchObject({ STATUS: 'ACTIVE', PAID_CYCLES: '1' })
  })

  test("a card's standing instruction is registered with the issuer's OTP", async ({ page }) => {
    const made = await subscribe({ METHOD: 'CARD' })
    await page.goto(made.AUTH_URL!)
    await page.getByLabel('Card number').fill('4111 1111 1111 1111')
    await page.getByLabel('Expiry (MM/YY)').fill('12/39')
    await page.getByLabel('CVV').fill('123')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(
      page.getByRole('heading', { name: 'Authenticate the standing instruction' }),
    ).toBeVisible()
    await page.getByLabel('One-time password').fill('123456')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('411111XXXXXX1111')).toBeVisible()
    await expect(page.getByRole('button', { name: `Return to ${'Green Basket'}` })).toBeVisible()
  })
})

test('the mandate page at each step, in Hindi too, and the console are axe clean and fit 375 to 1280 px', async ({
  page,
}, testInfo) => {
  test.slow()
  const upi = await subscribe()
  await page.goto(upi.AUTH_URL!)
  await looksRight(page, testInfo, 'the virtual UPI app')
  await page.getByLabel('Your UPI ID').fill('success@upi')
  await page.getByRole('button', { name: 'Approve' }).click()
  await looksRight(page, testInfo, 'the UPI PIN step')
  await page.getByLabel('UPI PIN').fill('1234')
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()
  await call('clock/advance', { BY: '32d' })
  await page.reload()
  await looksRight(page, testInfo, 'the mandate with its payments')
  await page.goto(`${upi.AUTH_URL!}?lang=hi`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
    'Approve a recurring payment',
  )
  await looksRight(page, testInfo, 'the mandate in Hindi')

  const card = await subscribe({ METHOD: 'CARD' })
  await page.goto(card.AUTH_URL!)
  await looksRight(page, testInfo, 'the card form')
  await page.getByLabel('Card number').fill('4000 0000 0000 0341')
  await page.getByLabel('Expiry (MM/YY)').fill('12/39')
  await page.getByLabel('CVV').fill('123')
  await page.getByRole('button', { name: 'Continue' }).click()
  await looksRight(page, testInfo, 'the card OTP step')

  const enach = await subscribe({ METHOD: 'EMANDATE' })
  await page.goto(enach.AUTH_URL!)
  await looksRight(page, testInfo, 'the e-mandate form')
  await page.getByLabel('Your account number').fill('000000000020')
  await page.getByLabel("Your branch's IFSC").fill('SBIN0001234')
  await page.getByRole('button', { name: 'Continue' }).click()
  await looksRight(page, testInfo, "the bank's e-mandate page")

  await page.goto(account.CONSOLE_URL!)
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible()
  await looksRight(page, testInfo, 'the console with subscriptions')
})
