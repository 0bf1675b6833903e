/**
 * Webhooks, proved in every kit language against the sandbox: an order the customer never
 * returns from is still marked paid by the gateway's signed event, and the example's endpoint
 * refuses what it must (a changed byte, a wrong secret, a re-serialised body, a stale
 * timestamp) with the shared messages, ignores an event it has seen and never undoes a capture.
 */
import { expect } from 'vitest'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import { decryptFields, deriveMerchantHostedKey } from '#core/protocol/cipher.ts'
import { withHash } from '#core/protocol/hash.ts'
import {
  newEventId,
  serialiseEvent,
  signatureHeader,
  type WebhookEvent,
  type WebhookEventType,
  webhookRefusals,
} from '#core/protocol/webhook.ts'
import { clickButton, formPostingTo } from './html-forms.ts'
import { pay, submit, testCards } from './customer.ts'
import { follow, json, request } from './http.ts'
import { expectDocumentedAnswer } from '#tests/support/validate-answer.ts'

interface WebhookContext {
  appUrl: string
  sandboxUrl: string
}

export interface Order {
  order_id: string
  status: string
  events: string[]
  updated_by: string | null
}

const customer = {
  CUST_NAME: 'Asha Verma',
  CUST_EMAIL: 'asha.verma@example.com',
  CUST_MOBILE: '9876543210',
}
const secret = demoMerchantDefaults.webhookSecret
const unixNow = () => Math.floor(Date.now() / 1000)

/** The example's record of an order, or undefined while it has none. */
export async function orderOf(appUrl: string, orderId: string): Promise<Order | undefined> {
  const answer = await request(`${appUrl}/orders/${encodeURIComponent(orderId)}`, {
    accept: 'application/json',
  })
  if (answer.status === 404) return undefined
  expect(answer.status, answer.text.slice(0, 500)).toBe(200)
  return json<Order>(answer)
}

/** Waits until the example's order reaches `status` (the webhook arrives in the background). */
export async function orderReaches(appUrl: string, orderId: string, status: string) {
  const deadline = Date.now() + 15_000
  let order: Order | undefined
  while (Date.now() < deadline) {
    order = await orderOf(appUrl, orderId)
    if (order?.status === status) return order
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Order ${orderId} did not become ${status}: ${JSON.stringify(order)}`)
}

/** Posts a delivery to the example's webhook endpoint, as the gateway would. */
export async function deliver(appUrl: string, body: string, signature: string, eventId: string) {
  const response = await fetch(`${appUrl}/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-paystra-event-id': eventId,
      'x-paystra-signature': signature,
    },
    body,
  })
  const text = await response.text()
  let answer: Record<string, unknown> = {}
  try {
    answer = JSON.parse(text) as Record<string, unknown>
  } catch {
    /* checked below */
  }
  return { status: response.status, answer, text }
}

/** The sandbox's answer for an order, as the status enquiry gives it (with its HASH). */
async function enquiry(sandboxUrl: string, orderId: string): Promise<Record<string, string>> {
  const url = `${sandboxUrl}/pgws/transact`
  const answer = await request(url, {
    json: withHash(
      { PAY_ID: demoMerchantDefaults.payId, ORDER_ID: orderId, TXNTYPE: 'STATUS' },
      demoMerchantDefaults.salt,
    ),
  })
  const body = json<Record<string, string>>(answer)
  expectDocumentedAnswer({ url, status: answer.status, body })
  return body
}

function event(type: WebhookEventType, data: Record<string, string>): WebhookEvent {
  return { id: newEventId(), type, created: unixNow(), data }
}

/** A hosted payment paid by card, the browser's return to the example never made. */
async function hostedPaidWithoutReturn(context: WebhookContext): Promise<string> {
  const merchantPage = await request(`${context.appUrl}/pay`, {
    form: { AMOUNT: '100', ...customer },
  })
  const form = formPostingTo(merchantPage.text, merchantPage.url, '/paymentrequest')
  const response = await pay(await submit(form), { method: 'card', number: testCards.success })
  expect(response.text).toContain('ENCDATA') // the auto-submitting page the customer closed
  return form.fields.ORDER_ID!
}

/** A wallet payment approved on the bank page, the return never made. */
async function seamlessPaidWithoutReturn(context: WebhookContext): Promise<string> {
  const merchantPage = await request(`${context.appUrl}/pay`, {
    form: { AMOUNT: '100', ...customer, PAYMENT_TYPE: 'WL', MOP_TYPE: 'PPL' },
  })
  const form = formPostingTo(merchantPage.text, merchantPage.url, '/merchantPaymentInit')
  const key = deriveMerchantHostedKey(demoMerchantDefaults.keySalt, demoMerchantDefaults.payId)
  const request_ = decryptFields(form.fields.ENCDATA!, demoMerchantDefaults.salt, key)
  if (!request_.ok) throw new Error(`The kit's ENCDATA does not decrypt: ${request_.reason}`)
  await pay(await submit(form), { method: 'bank', outcome: 'success' })
  return request_.fields.ORDER_ID!
}

/** A UPI QR paid from the scan page: there is no browser return at all. */
async function qrPaid(context: WebhookContext): Promise<string> {
  const answer = await request(`${context.appUrl}/qr`, {
    form: { AMOUNT: '2500', QR_TYPE: 'UPI' },
    accept: 'application/json',
  })
  const qr = json<{ fields: Record<string, string> }>(answer).fields
  const scan = await request(qr.QR_SCAN_URL!)
  const click = clickButton(scan.text, scan.url, 'success@upi')
  await follow(await request(click.action, { form: click.fields }))
  return qr.ORDER_ID!
}

export type PaidOrder = (context: WebhookContext) => Promise<string>

export const paidWithoutReturn = {
  hosted: hostedPaidWithoutReturn,
  seamless: seamlessPaidWithoutReturn,
  qr: qrPaid,
} satisfies Record<string, PaidOrder>

/** The example's endpoint refuses each broken delivery with its reason and the shared words. */
async function expectRefusals(appUrl: string, data: Record<string, string>) {
  const signed = event('payment.captured', data)
  const body = serialiseEvent(signed)
  const header = signatureHeader(secret, unixNow(), body)
  const changed = body.replace(`"AMOUNT": "${data.AMOUNT}"`, `"AMOUNT": "${data.AMOUNT}0"`)
  expect(changed).not.toBe(body)
  const cases = [
    { reason: 'signature-mismatch', body: changed, header },
    {
      reason: 'wrong-secret',
      body,
      header: signatureHeader('wh_not_the_merchants_secret', unixNow(), body),
    },
    { reason: 'body-reserialised', body: JSON.stringify(JSON.parse(body)), header },
    { reason: 'stale-timestamp', body, header: signatureHeader(secret, unixNow() - 600, body) },
  ] as const
  for (const refused of cases) {
    const answer = await deliver(appUrl, refused.body, refused.header, signed.id)
    expect(answer.status, `${refused.reason}: ${answer.text.slice(0, 400)}`).toBe(400)
    expect(answer.answer).toMatchObject({
      received: false,
      reason: refused.reason,
      error: webhookRefusals[refused.reason],
    })
  }
}

/**
 * The steps every example with payments runs: the order is paid by webhook alone, then the
 * endpoint is put to the test with events made from the sandbox's own answer for it.
 */
export function webhookSteps(paid: PaidOrder) {
  return [
    {
      name: 'webhook: an order whose browser return never came is marked paid by the signed event',
      async run(context: WebhookContext) {
        const orderId = await paid(context)
        const order = await orderReaches(context.appUrl, orderId, 'paid')
        expect(order.updated_by).toBe('webhook')
        expect(order.events).toHaveLength(1)
        expect(order.events[0]).toMatch(/^evt_[0-9a-f]{24}$/)
      },
    },
    {
      name: 'webhook: a changed byte, a wrong secret, a re-serialised body and a stale timestamp are refused, each with its own message; a repeat and a late failure change nothing',
      async run(context: WebhookContext) {
        const orderId = await paid(context)
        await orderReaches(context.appUrl, orderId, 'paid')
        const captured = await enquiry(context.sandboxUrl, orderId)
        expect(captured.RESPONSE_CODE).toBe('000')
        await expectRefusals(context.appUrl, captured)

        const again = event('payment.captured', captured)
        const body = serialiseEvent(again)
        const first = await deliver(
          context.appUrl,
          body,
          signatureHeader(secret, unixNow(), body),
          again.id,
        )
        expect(first.answer).toMatchObject({ received: true, duplicate: false, status: 'paid' })
        const second = await deliver(
          context.appUrl,
          body,
          signatureHeader(secret, unixNow(), body),
          again.id,
        )
        expect(second.status).toBe(200)
        expect(second.answer).toMatchObject({ received: true, duplicate: true, status: 'paid' })

        const { HASH: _, ...fields } = captured
        const failed = event(
          'payment.failed',
          withHash(
            {
              ...fields,
              RESPONSE_CODE: '004',
              STATUS: 'Failed',
              RESPONSE_MESSAGE: 'Transaction declined by the issuing bank',
            },
            demoMerchantDefaults.salt,
          ),
        )
        const failedBody = serialiseEvent(failed)
        const late = await deliver(
          context.appUrl,
          failedBody,
          signatureHeader(secret, unixNow(), failedBody),
          failed.id,
        )
        expect(late.status, late.text.slice(0, 400)).toBe(200)
        expect(late.answer).toMatchObject({ received: true, status: 'paid' })
        expect((await orderOf(context.appUrl, orderId))!.status).toBe('paid')
      },
    },
  ]
}

/** An example that takes no payments of its own (POS) still verifies, refuses and dedupes. */
export const unknownOrderSteps = [
  {
    name: 'webhook: events are verified, refused with the shared messages, and acknowledged once',
    async run(context: WebhookContext) {
      const data = withHash(
        {
          PAY_ID: demoMerchantDefaults.payId,
          ORDER_ID: `ELSEWHERE${Date.now()}`,
          AMOUNT: '1000',
          RESPONSE_CODE: '000',
          STATUS: 'Captured',
        },
        demoMerchantDefaults.salt,
      )
      await expectRefusals(context.appUrl, data)
      const unknown = event('payment.captured', data)
      const body = serialiseEvent(unknown)
      const header = signatureHeader(secret, unixNow(), body)
      const first = await deliver(context.appUrl, body, header, unknown.id)
      expect(first.status, first.text.slice(0, 400)).toBe(200)
      expect(first.answer).toMatchObject({ received: true, duplicate: false })
      const second = await deliver(context.appUrl, body, header, unknown.id)
      expect(second.answer).toMatchObject({ received: true, duplicate: true })
    },
  },
]
