import {
  addDays,
  addWorkingDays,
  istDateOf,
  nextWorkingDay,
} from '#core/calendar/business-calendar.ts'
import { decryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { verifyWebhook } from '#core/protocol/webhook.ts'
import { deliveryNotePdf } from '#tests/support/evidence-files.ts'
import { startWebhookEndpoint } from '#tests/support/webhook-endpoint.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { payByCard } from './sandbox-pages.ts'

/**
 * A dispute from end to end, as a merchant meets it: the customer pays on the sandbox's hosted
 * page in Chromium with the card 4000 0000 0000 1976; the merchant drives the settlement runs
 * through the test call, gets dispute.created at its webhook endpoint (a real server of the
 * test's), contests with a PDF, and gets dispute.won once a run passes the deadline.
 */

// The server's sandbox knows the demo merchant with the default credentials.
const merchant = demoMerchant({ siteUrl: 'http://localhost:3000' })

type Endpoint = Awaited<ReturnType<typeof startEndpoint>>

/** The merchant's endpoint, and the dispute events of an order, each verified, as they arrived. */
async function startEndpoint() {
  const endpoint = await startWebhookEndpoint()
  return {
    ...endpoint,
    eventsOf(orderId: string) {
      return endpoint.received
        .filter(
          (delivery) =>
            verifyWebhook(delivery.body, delivery.signature, merchant.webhookSecret, {
              salt: merchant.salt,
            }).ok,
        )
        .map((delivery) => JSON.parse(delivery.body) as { type: string; data: Fields })
        .filter((event) => event.type.startsWith('dispute.') && event.data.ORDER_ID === orderId)
    },
  }
}

/**
 * A customer pays a new order of ₹1.00 with `card` on the sandbox's hosted page, in Chromium. Its
 * own NOTIFY_URL takes its events wherever the run that disputes or decides it comes from (the
 * specs run in parallel, and any test's run settles every payment due).
 */
async function payOnHostedPage(
  page: Page,
  baseURL: string,
  card: string,
  notifyUrl: string,
): Promise<string> {
  const orderId = `E2E-DSP-${Date.now()}`
  const fields = withHash(
    {
      PAY_ID: merchant.payId,
      ORDER_ID: orderId,
      AMOUNT: '100',
      TXNTYPE: 'SALE',
      CUST_NAME: 'Asha Rao',
      CUST_EMAIL: 'asha.rao@example.com',
      CURRENCY_CODE: '356',
      RETURN_URL: `${baseURL}/e2e-merchant/return`,
      NOTIFY_URL: notifyUrl,
    },
    merchant.salt,
  )
  await page.route(`${baseURL}/e2e-merchant/shop`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Shop</title><main><h1>Shop</h1>
        <form method="post" action="${baseURL}/sandbox/paymentrequest">${Object.entries(fields)
          .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
          .join('')}<button type="submit">Pay with Paystra</button></form></main></html>`,
    }),
  )
  await page.route(`${baseURL}/e2e-merchant/return`, (route) => {
    const posted = new URLSearchParams(route.request().postData() ?? '')
    const result = decryptFields(
      posted.get('ENCDATA') ?? '',
      merchant.salt,
      merchant.merchantHostedKey,
    )
    const code =
      result.ok && verifyHash(result.fields, merchant.salt) ? result.fields.RESPONSE_CODE : ''
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Done</title><main><h1>Paid: ${code}</h1></main></html>`,
    })
  })
  await page.goto(`${baseURL}/e2e-merchant/shop`)
  await page.getByRole('button', { name: 'Pay with Paystra' }).click()
  await payByCard(page, card)
  await expect(page.locator('h1')).toHaveText('Paid: 000')
  return orderId
}

/** The signed calls of the merchant's server, and the test run as if the clock read `date` 12:00 IST. */
function merchantApi(request: APIRequestContext, baseURL: string, notifyUrl: string) {
  const api = async (path: string, body: Fields) => {
    const response = await request.post(`${baseURL}/sandbox/pgws/${path}`, {
      data: withHash({ PAY_ID: merchant.payId, ...body }, merchant.salt),
    })
    expect(response.status()).toBe(200)
    const json = (await response.json()) as Fields
    expect(verifyHash(json, merchant.salt)).toBe(true)
    return json
  }
  const ok = async (path: string, body: Fields) => {
    const json = await api(path, body)
    expect(json.RESPONSE_CODE, JSON.stringify(json)).toBe('000')
    return json
  }
  return {
    api,
    ok,
    runAt: (date: string) =>
      ok('settlement/run', { AS_OF: `${date}T12:00:00+05:30`, NOTIFY_URL: notifyUrl }),
    /** The lines naming `orderId` in the settlements dated `from` to `to`, whichever run made them. */
    async linesOf(orderId: string, from: string, to: string) {
      const listed = await ok('settlements', { FROM: from, TO: to })
      const lines: Fields[] = []
      for (const settlement of JSON.parse(listed.SETTLEMENTS!) as Fields[]) {
        const found = await ok('settlement', { SETTLEMENT_ID: settlement.SETTLEMENT_ID! })
        lines.push(
          ...(JSON.parse(found.LINES!) as Fields[]).filter((line) => line.ORDER_ID === orderId),
        )
      }
      return lines
    },
  }
}

// Both tests share the demo merchant's disputes: the run that decides one dispute at its deadline
// decides every open dispute of that day, so they run in order, never side by side.
test.describe.configure({ mode: 'default' })

/**
 * The payment settles on the next working day after its capture: the test run as of that day
 * disputes it. Answers the day and the `dispute.created` event's data.
 */
async function disputedByNextRun(
  runAt: (date: string) => Promise<Fields>,
  endpoint: Endpoint,
  orderId: string,
) {
  const made = nextWorkingDay(istDateOf(new Date()))
  await runAt(made)
  await expect
    .poll(() => endpoint.eventsOf(orderId).map((event) => event.type))
    .toEqual(['dispute.created'])
  return { made, created: endpoint.eventsOf(orderId)[0]!.data }
}

test('a payment with 4000 0000 0000 1976 is disputed by the next run, held, contested with a PDF and won', async ({
  page,
  baseURL,
  request,
}) => {
  const endpoint = await startEndpoint()
  try {
    const orderId = await payOnHostedPage(page, baseURL!, '4000 0000 0000 1976', endpoint.url)
    const { ok: api, runAt, linesOf } = merchantApi(request, baseURL!, endpoint.url)

    const { made, created } = await disputedByNextRun(runAt, endpoint, orderId)
    expect(verifyHash(created, merchant.salt)).toBe(true)
    expect(created).toMatchObject({
      PAY_ID: merchant.payId,
      ORDER_ID: orderId,
      AMOUNT: '100',
      INR_AMOUNT: '100',
      REASON_CODE: '13.1',
      STATUS: 'OPEN',
      RESPOND_BY: addWorkingDays(made, 5),
      CREATED_AT: `${made} 12:00:00`,
    })
    const listed = await api('disputes', { ORDER_ID: orderId })
    expect(JSON.parse(listed.DISPUTES!)).toEqual([
      expect.objectContaining({ DISPUTE_ID: created.DISPUTE_ID, STATUS: 'OPEN' }),
    ])

    const contested = await api('dispute', {
      DISPUTE_ID: created.DISPUTE_ID!,
      ACTION: 'CONTEST',
      EVIDENCE: 'Delivered; the customer signed the note attached.',
      EVIDENCE_FILE: deliveryNotePdf().toString('base64'),
      EVIDENCE_FILE_NAME: 'delivery-note.pdf',
    })
    expect(contested).toMatchObject({ STATUS: 'UNDER_REVIEW', EVIDENCE_RECEIVED: 'Y' })

    const decided = addDays(created.RESPOND_BY!, 1)
    await runAt(decided)
    // The hold: the amount taken off the first settlement made after the dispute.
    expect(await linesOf(orderId, made, decided)).toContainEqual(
      expect.objectContaining({ TYPE: 'DISPUTE_HOLD', AMOUNT: '-100', NET: '-100' }),
    )
    await expect
      .poll(() => endpoint.eventsOf(orderId).map((event) => event.type))
      .toEqual(['dispute.created', 'dispute.won'])
    expect(endpoint.eventsOf(orderId)[1]!.data).toMatchObject({
      STATUS: 'WON',
      RESOLUTION: 'Evidence accepted by the issuer',
      DECIDED_AT: `${decided} 12:00:00`,
    })
  } finally {
    await endpoint.close()
  }
})

test('a payment with 4000 0000 0000 0259 left unanswered is lost at the deadline, and cannot be contested after it', async ({
  page,
  baseURL,
  request,
}) => {
  const endpoint = await startEndpoint()
  try {
    const orderId = await payOnHostedPage(page, baseURL!, '4000 0000 0000 0259', endpoint.url)
    const { api, runAt } = merchantApi(request, baseURL!, endpoint.url)
    const { created } = await disputedByNextRun(runAt, endpoint, orderId)
    expect(created).toMatchObject({ REASON_CODE: '10.4', STATUS: 'OPEN' })

    // Nobody answers: the first run after RESPOND_BY decides it.
    await runAt(addDays(created.RESPOND_BY!, 1))
    await expect
      .poll(() => endpoint.eventsOf(orderId).map((event) => event.type))
      .toEqual(['dispute.created', 'dispute.lost'])
    expect(endpoint.eventsOf(orderId)[1]!.data).toMatchObject({
      STATUS: 'LOST',
      RESOLUTION: 'No answer by the deadline',
      EVIDENCE_RECEIVED: 'N',
    })
    const late = await api('dispute', {
      DISPUTE_ID: created.DISPUTE_ID!,
      ACTION: 'CONTEST',
      EVIDENCE: 'We did deliver.',
    })
    expect(late).toMatchObject({ RESPONSE_CODE: '349' })
  } finally {
    await endpoint.close()
  }
})
