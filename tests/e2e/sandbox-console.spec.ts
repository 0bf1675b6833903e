/**
 * A sandbox account's console with data in it, in Chromium: without scripts, the webhook secret
 * is rotated (the next delivery carries both signatures), an event is sent again, a settlement's
 * CSV downloaded, one dispute contested with an uploaded PDF and another accepted; the page is
 * free of axe violations and of horizontal scroll at 375 and 1280 px. One account, made over
 * HTTP before the tests, serves them all, in order.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { parseSignatureHeader, verifyWebhook } from '#core/protocol/webhook.ts'
import { deliveryNotePdf } from '#tests/support/evidence-files.ts'
import { startWebhookEndpoint, type WebhookEndpoint } from '#tests/support/webhook-endpoint.ts'
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, test } from './fixtures.ts'

const CARD = '4111111111111111'
const NOT_RECEIVED_CARD = '4000000000001976'

/** A customer's card payment of ₹1,500.00 on the hosted page, made over HTTP as a browser posts it. */
async function pay(baseURL: string, account: Fields, orderId: string, card: string) {
  const request = withHash(
    {
      PAY_ID: account.PAY_ID!,
      ORDER_ID: orderId,
      AMOUNT: '150000',
      TXNTYPE: 'SALE',
      CURRENCY_CODE: '356',
      RETURN_URL: `${baseURL}/e2e-merchant/return`,
      CUST_NAME: 'Asha Rao',
      CUST_EMAIL: 'asha.rao@example.com',
    },
    account.SALT!,
  )
  const started = await fetch(`${baseURL}/sandbox/paymentrequest`, {
    method: 'POST',
    body: new URLSearchParams(request),
    redirect: 'manual',
  })
  const paymentPage = started.headers.get('location')
  expect(started.status, 'the payment request is taken').toBe(303)
  const paid = await fetch(new URL(`${paymentPage}/card`, baseURL), {
    method: 'POST',
    body: new URLSearchParams({ number: card, expiry: '12/39', cvv: '123', name: 'Asha Rao' }),
  })
  expect(paid.ok, 'the card form answers').toBe(true)
}

/** A console form posted over HTTP, as its button would. */
async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  expect(response.status, `${url} answers 303`).toBe(303)
}

let endpoint: WebhookEndpoint
let account: Fields
let consoleUrl: string

// The tests act on one account's data in turn: the resend follows the rotation.
test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  const baseURL = test.info().project.use.baseURL!
  endpoint = await startWebhookEndpoint()
  const made = await fetch(`${baseURL}/sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ NAME: 'Console Chai' }),
  })
  expect(made.status).toBe(201)
  account = (await made.json()) as Fields
  consoleUrl = account.CONSOLE_URL!
  await postForm(`${consoleUrl}/notify-url`, { notify_url: endpoint.url })
  await pay(baseURL, account, 'CHAI-PAID-1', CARD)
  await pay(baseURL, account, 'CHAI-DISPUTED-1', NOT_RECEIVED_CARD)
  await pay(baseURL, account, 'CHAI-DISPUTED-2', NOT_RECEIVED_CARD)
  await pay(baseURL, account, 'CHAI-DISPUTED-3', NOT_RECEIVED_CARD)
  // A week on the account's clock settles them, and the run that does disputes three.
  await postForm(`${consoleUrl}/clock`, { by: '7d' })
  // Every event goes to the default NOTIFY_URL; the last to be made are the disputes'.
  const disputesCreated = () =>
    endpoint.received.filter((delivery) => delivery.body.includes('"dispute.created"')).length
  await expect.poll(disputesCreated).toBe(3)
})

test.afterAll(async () => {
  await endpoint?.close()
})

const secretOf = (page: Page) =>
  page.locator('.gw-keys__row', { hasText: 'WEBHOOK_SECRET' }).locator('dd').innerText()

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false })

  test('the webhook secret is rotated, and an event sent again carries both signatures', async ({
    page,
  }) => {
    await page.goto(consoleUrl)
    const before = (await secretOf(page)).trim()
    expect(before).toBe(account.WEBHOOK_SECRET)
    await page.getByRole('button', { name: 'Rotate webhook secret' }).click()
    await expect(page).toHaveURL(/#keys$/)
    const after = (await secretOf(page)).trim()
    expect(after).toMatch(/^wh_[0-9a-f]{32}$/)
    expect(after).not.toBe(before)
    await expect(page.locator('#keys')).toContainText(
      /Until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} IST/,
    )

    const row = page
      .locator('#events tbody tr', { hasText: 'payment.captured' })
      .filter({ hasText: 'CHAI-PAID-1' })
    await expect(async () => {
      await page.reload()
      await expect(row.locator('.gw-timeline li')).toHaveCount(1, { timeout: 500 })
    }).toPass()
    const delivered = endpoint.received.length
    await row.getByRole('button', { name: /^Resend/ }).click()
    await expect.poll(() => endpoint.received.length).toBe(delivered + 1)
    const resent = endpoint.received[delivered]!
    expect(parseSignatureHeader(resent.signature)!.signatures).toHaveLength(2)
    for (const secret of [before, after]) {
      expect(verifyWebhook(resent.body, resent.signature, secret).ok).toBe(true)
    }
    await expect(async () => {
      await page.reload()
      await expect(row.locator('.gw-timeline li')).toHaveCount(2, { timeout: 500 })
    }).toPass()
    await expect(row.locator('.gw-timeline li').last()).toContainText('HTTP 200')
  })

  test("a settlement's CSV is downloaded", async ({ page }) => {
    await page.goto(consoleUrl)
    const row = page.locator('#settlements tbody tr').first()
    const id = (await row.locator('th code').innerText()).trim()
    expect(id).toMatch(/^setl_[0-9a-f]{20}$/)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `CSV of ${id}` }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`${id}.csv`)
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv.split('\r\n')[0]).toMatch(/^SETTLEMENT_ID,UTR,SETTLEMENT_DATE,/)
    expect(csv).toContain(`${id},`)
  })

  test('one dispute is contested with an uploaded PDF, and another accepted', async ({ page }) => {
    await page.goto(consoleUrl)
    const contested = page.locator('.gw-dispute', { hasText: 'order CHAI-DISPUTED-1' })
    await contested.getByText('Contest with evidence').click()
    await contested
      .getByLabel('What happened')
      .fill('Delivered on 30 November, signed for by the customer.')
    await contested.getByLabel('Document').setInputFiles({
      name: 'delivery-note.pdf',
      mimeType: 'application/pdf',
      buffer: deliveryNotePdf(),
    })
    await contested.getByRole('button', { name: /^Contest/ }).click()
    await expect(page).toHaveURL(/#dsp_[0-9a-f]{20}$/)
    await expect(contested).toContainText('Under review')
    await expect(contested.getByRole('button', { name: /^Contest/ })).toHaveCount(0)

    const accepted = page.locator('.gw-dispute', { hasText: 'order CHAI-DISPUTED-2' })
    await accepted.getByRole('button', { name: /^Accept/ }).click()
    await expect(accepted).toContainText('Lost: Accepted by the merchant')
    await expect(accepted.getByRole('button', { name: /^Accept/ })).toHaveCount(0)
  })
})

test('the console with data in it has no axe violations and fits 375 to 1280 px', async ({
  page,
}, testInfo) => {
  test.slow()
  await page.goto(consoleUrl)
  await expect(page.locator('#settlements tbody tr').first()).toBeVisible()
  // A refused default NOTIFY_URL shows its error on the page, which is checked as well.
  await page.getByLabel('Default NOTIFY_URL').fill('ftp://hooks.example.com/in')
  await page.getByRole('button', { name: 'Save the NOTIFY_URL' }).click()
  await expect(page.getByText('Invalid notify URL')).toBeVisible()
  await page
    .locator('.gw-dispute', { hasText: 'order CHAI-DISPUTED-3' })
    .getByText('Contest with evidence')
    .click()
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoHorizontalScroll(page, `the console at ${width} px`)
    await expectNoAxeViolations(page, `the console at ${width} px`)
    await testInfo.attach(`console at ${width} px`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
  }
})
