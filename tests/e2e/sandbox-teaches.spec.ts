import type { Page } from '@playwright/test'
import { linkedText, resultText } from '#app/content/signature-tool.ts'
import { encrypt } from '#core/protocol/cipher.ts'
import { withHash } from '#core/protocol/hash.ts'
import { en } from '#gateway/i18n/en.ts'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  test,
  widths,
} from './fixtures.ts'

/**
 * Statement 10 of issue 25, "a sandbox that teaches", in a real browser: a request with a wrong
 * HASH shows the exact text hashed and a link; the link opens the signature debugger with the
 * fields filled in (from the URL's fragment, which the browser keeps to itself), and the demo
 * salt typed there shows the mismatch.
 */

const demo = demoMerchantDefaults

/** Fields signed with a salt that is not the merchant's: the sandbox refuses them with 323. */
function wronglySigned(baseURL: string) {
  return withHash(
    {
      PAY_ID: demo.payId,
      ORDER_ID: `TEACH${Date.now()}`,
      AMOUNT: '100',
      TXNTYPE: 'SALE',
      CURRENCY_CODE: '356',
      RETURN_URL: `${baseURL}/demo/response`,
      CUST_NAME: 'Asha <Rao> & Sons',
    },
    'not-the-demo-salt',
  )
}

function hashedText(fields: Record<string, string>): string {
  const { HASH: _, ...hashed } = fields
  return `${Object.keys(hashed)
    .sort()
    .map((key) => `${key}=${hashed[key]}`)
    .join('~')}<your salt>`
}

/** Posts the fields to an entry of the sandbox as a merchant's page would: a plain form. */
async function postToSandbox(page: Page, action: string, fields: Record<string, string>) {
  await page.goto('/robots.txt')
  await page.setContent(
    `<form method="post" action="${action}">${Object.keys(fields)
      .map((name) => `<input type="hidden" name="${name}">`)
      .join('')}<button>Pay</button></form>`,
  )
  for (const [name, value] of Object.entries(fields)) {
    await page.locator(`input[name="${name}"]`).evaluate((input: HTMLInputElement, v) => {
      input.value = v
    }, value)
  }
  await page.getByRole('button', { name: 'Pay' }).click()
}

test('a wrong HASH shows the text hashed; its link opens the debugger filled in; the demo salt shows the mismatch', async ({
  page,
  baseURL,
}) => {
  const fields = wronglySigned(baseURL!)
  await postToSandbox(page, `${baseURL}/sandbox/paymentrequest`, fields)

  await expect(page.getByRole('heading', { name: en.refusedTitle })).toBeVisible()
  await expect(page.locator('[data-code]')).toHaveText('323')
  await expect(page.getByRole('heading', { name: en.hashLessonHeading })).toBeVisible()
  await expect(page.locator('[data-hashed-text]')).toHaveText(hashedText(fields))
  await expect(page.locator('body')).not.toContainText(demo.salt)
  await expectNoAxeViolations(page)

  const link = page.getByRole('link', { name: en.hashLessonDebugger })
  const href = (await link.getAttribute('href'))!
  // The site's own debugger, by its configured address, the fields in the fragment.
  expect(href.startsWith(`${new URL(baseURL!).origin}/developers/tools/signature#fields=`)).toBe(
    true,
  )
  await link.click()
  await page.waitForURL(/\/developers\/tools\/signature#fields=/)

  const tool = page
    .locator('section.signature-tool')
    .filter({ has: page.getByRole('heading', { name: 'Check a HASH' }) })
  const expectedLines = Object.entries(fields)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')
  await expect(tool.getByLabel('Fields')).toHaveValue(expectedLines)
  await expect(tool.getByRole('status')).toHaveText(linkedText.hash)
  await expect(tool.getByLabel('Salt')).toBeFocused()

  await tool.getByLabel('Salt').fill(demo.salt)
  await expect(tool.getByRole('status')).toHaveText(resultText.mismatch)
  await expect(tool.locator('.signature-text').first()).toContainText(
    hashedText(fields).replace('<your salt>', ''),
  )
  await expectNoAxeViolations(page)
})

test('a JSON API answers 323 with HASHED_TEXT and DEBUGGER_URL on this site', async ({
  request,
  baseURL,
}) => {
  const fields = withHash(
    { PAY_ID: demo.payId, ORDER_ID: 'TEACH-JSON-1', TXNTYPE: 'STATUS' },
    'not-the-demo-salt',
  )
  const answer = (await (
    await request.post('/sandbox/pgws/transact', { data: fields })
  ).json()) as Record<string, string>
  expect(answer.RESPONSE_CODE).toBe('323')
  expect(answer.HASHED_TEXT).toBe(hashedText(fields))
  expect(answer.DEBUGGER_URL).toBe(
    `${new URL(baseURL!).origin}/developers/tools/signature#fields=${new URLSearchParams(fields)}`,
  )
})

test('a field the call does not take is counted in the 323 answer, never echoed', async ({
  request,
}) => {
  const taken = { PAY_ID: demo.payId, ORDER_ID: 'TEACH-JSON-2', TXNTYPE: 'STATUS' }
  const fields = withHash({ ...taken, SESSION_TOKEN: 'not-for-the-gateway' }, 'not-the-demo-salt')
  const answer = (await (
    await request.post('/sandbox/pgws/transact', { data: fields })
  ).json()) as Record<string, string>
  expect(answer.RESPONSE_CODE).toBe('323')
  expect(answer.HASHED_TEXT).toBe(hashedText(taken))
  expect(answer.OTHER_FIELDS).toBe('1')
  expect(JSON.stringify(answer)).not.toContain('not-for-the-gateway')
})

test('an ENCDATA that does not decrypt says which key to check, and opens in the debugger', async ({
  page,
  baseURL,
}) => {
  const encdata = encrypt('ORDER_ID=X~HASH=Y', 'K'.repeat(32))
  await postToSandbox(page, `${baseURL}/sandbox/merchantPaymentInit`, {
    PAY_ID: demo.payId,
    ENCDATA: encdata,
  })
  await expect(page.locator('[data-code]')).toHaveText('323')
  await expect(page.getByRole('heading', { name: en.encdataLessonHeading })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: en.encdataLessonDebugger }).click()
  await page.waitForURL(/\/developers\/tools\/signature#encdata=/)
  const opener = page
    .locator('section.signature-tool')
    .filter({ has: page.getByRole('heading', { name: 'Open an ENCDATA' }) })
  await expect(opener.getByLabel('ENCDATA')).toHaveValue(encdata)
  await expect(opener.getByLabel('PAY_ID')).toHaveValue(demo.payId)
  await expect(opener.getByLabel('Key salt')).toBeFocused()
})

test('the 323 page reads well on a phone and a desktop, and changes language with its lesson', async ({
  page,
  baseURL,
}) => {
  const fields = wronglySigned(baseURL!)
  for (const width of [widths.mobile, widths.desktop]) {
    await page.setViewportSize({ width, height: 800 })
    await postToSandbox(page, `${baseURL}/sandbox/paymentrequest`, fields)
    await expect(page.locator('[data-hashed-text]')).toBeVisible()
    await expectNoHorizontalScroll(page)
  }
  await page.getByRole('combobox').selectOption('hi')
  await page.getByRole('button', { name: en.languageSubmit }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
  await expect(page.locator('[data-hashed-text]')).toHaveText(hashedText(fields))
})

test('without JavaScript the debugger page still explains the rule', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/developers/tools/signature#fields=PAY_ID=1&HASH=2')
  await expect(page.getByRole('heading', { name: 'How the HASH is made' })).toBeVisible()
  await expect(page.getByLabel('Fields')).toBeDisabled()
  await context.close()
})
