/**
 * Payment links and virtual accounts in Chromium, on a sandbox account made over HTTP: a link
 * opened from its SHORT_URL and paid by card without scripts (then shown paid, with no Pay
 * button), a validated link refusing another holder's account, a link in Hindi, a link the account's clock expired, a test credit made from the
 * console's form; the link page and the console free of axe violations and of horizontal scroll
 * at 375 and 1280 px.
 */
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, test } from './fixtures.ts'

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

/** EXPIRE_BY an hour after the account's clock, in IST. */
async function anHourFromNow(): Promise<string> {
  const now = new Date((await call('clock', {})).NOW!)
  const ist = new Date(now.getTime() + 90 * 60_000 + 330 * 60_000).toISOString().slice(0, 19)
  return `${ist}+05:30`
}

const newLink = (fields: Fields = {}) =>
  call('paylink', {
    AMOUNT: '149900',
    CURRENCY_CODE: '356',
    DESCRIPTION: 'Handloom saree, indigo',
    CUST_NAME: 'Meera Iyer',
    ...fields,
  })

test.beforeAll(async () => {
  const baseURL = test.info().project.use.baseURL!
  const made = await fetch(`${baseURL}/sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ NAME: 'Indigo Looms' }),
  })
  expect(made.status).toBe(201)
  account = (await made.json()) as Fields
})

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false })

  test('a link is paid by card from its short URL, then shows paid with no Pay button', async ({
    page,
  }) => {
    const link = await newLink({ REFERENCE_ID: 'SAREE-1' })
    await page.goto(link.SHORT_URL!)
    await expect(page.getByRole('heading', { name: 'Payment link' })).toBeVisible()
    await expect(page.getByText('Handloom saree, indigo')).toBeVisible()
    await expect(page.getByText('₹1,499.00', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Pay ₹1,499.00' }).click()

    await page.getByLabel('Card number').fill('4111 1111 1111 1111')
    await page.getByLabel('Expiry (MM/YY)').fill('12/39')
    await page.getByLabel('CVV').fill('123')
    await page.getByLabel('Name on card').fill('Meera Iyer')
    await page.getByRole('button', { name: /^Pay/ }).click()
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
    await expect(page.getByText(`${link.PAYLINK_ID}-1`)).toBeVisible()

    await page.getByRole('link', { name: 'Back to the payment link' }).click()
    await expect(page.getByRole('heading', { name: 'This link is paid' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0)
    const status = await call('paylink/status', { REFERENCE_ID: 'SAREE-1' })
    expect(status).toMatchObject({ STATUS: 'PAID', ORDER_ID: `${link.PAYLINK_ID}-1` })
  })

  test("a validated link is paid only from an account its bank confirms is the customer's", async ({
    page,
  }) => {
    const link = await newLink({ VALIDATE_BENEFICIARY: 'Y' })
    await page.goto(link.SHORT_URL!)
    await page.getByLabel('Your bank account number').fill('000000000013')
    await page.getByLabel("Your bank branch's IFSC").fill('HDFC0001234')
    await page.getByRole('button', { name: 'Pay ₹1,499.00' }).click()
    await expect(
      page.getByText('This account is not in the name this link was made for'),
    ).toBeVisible()
    await expect(page.getByLabel('Your bank account number')).toHaveValue('000000000013')
    await page.getByLabel('Your bank account number').fill('50100012345678')
    await page.getByRole('button', { name: 'Pay ₹1,499.00' }).click()
    await expect(page.getByLabel('Card number')).toBeVisible()
    expect(await call('paylink/status', { PAYLINK_ID: link.PAYLINK_ID! })).toMatchObject({
      PAYER_ACCOUNT: 'XXXXXXXXXX5678',
      PAYER_NAME: 'Meera Iyer',
    })
  })

  test('a link the account clock has passed says it expired and offers nothing to pay', async ({
    page,
  }) => {
    const link = await newLink({ EXPIRE_BY: await anHourFromNow() })
    await page.goto(link.SHORT_URL!)
    await expect(page.getByText('Pay by')).toBeVisible()
    await page.goto(account.CONSOLE_URL!)
    await page.locator('#clock').getByRole('button', { name: '+1 day' }).click()
    await page.goto(link.SHORT_URL!)
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0)
    expect((await call('paylink/status', { PAYLINK_ID: link.PAYLINK_ID! })).STATUS).toBe('EXPIRED')
  })

  test("a test credit is made from the console's form and listed with its UTR", async ({
    page,
  }) => {
    const va = await call('virtual-account', { CUST_NAME: 'Meera Iyer', REFERENCE_ID: 'CUST-9' })
    await page.goto(account.CONSOLE_URL!)
    const card = page.locator(`#${va.VA_ID}`)
    await expect(card).toContainText(va.ACCOUNT_NUMBER!)
    await card.getByLabel('Amount (₹)').fill('15000')
    await card.getByLabel('Sent by').selectOption('IMPS')
    await card.getByLabel("Payer's name").fill('Ravi Kumar')
    await card.getByRole('button', { name: /^Credit/ }).click()
    await expect(page).toHaveURL(new RegExp(`#${va.VA_ID}$`))
    await expect(card).toContainText('₹15,000.00 by IMPS from Ravi Kumar, UTR')
    const credits = JSON.parse(
      (await call('virtual-account/status', { VA_ID: va.VA_ID! })).CREDITS!,
    ) as Fields[]
    expect(credits[0]).toMatchObject({ AMOUNT: '1500000', FEE: '1000', GST: '180' })
  })
})

test('a link in Hindi, a validated link and the console with links and accounts are axe clean and fit 375 to 1280 px', async ({
  page,
}, testInfo) => {
  test.slow()
  const link = await newLink()
  await page.goto(`${link.SHORT_URL}?lang=hi`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Payment link')
  const validated = await newLink({ VALIDATE_BENEFICIARY: 'Y' })
  const pages = [
    { name: 'the link page', url: `${link.SHORT_URL}?lang=hi` },
    { name: 'a validated link page', url: validated.SHORT_URL! },
    { name: 'the console', url: account.CONSOLE_URL! },
  ]
  for (const { name, url } of pages) {
    await page.goto(url)
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
})
