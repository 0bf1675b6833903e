/**
 * Pay by link, proved against the sandbox through the `pg` example of each kit language that
 * declares it (`paylinks: true` in kits/<lang>/kit.ts; the others run none of this). What the
 * example must do (the same in every language):
 *
 * - POST /paylinks, urlencoded `AMOUNT` (paise), `DESCRIPTION` and optionally `CUST_NAME`,
 *   `CUST_EMAIL`, `CUST_PHONE`, makes a new order of the example's own and calls its client's
 *   create_paylink with `REFERENCE_ID` = that ORDER_ID and `NOTIFY_URL` = the example's webhook
 *   URL (as its other requests carry it). It records the order from the verified answer, status
 *   `created`, and answers a browser 303 See Other to /orders/<ORDER_ID>. A page at GET /paylinks
 *   holds that form (no script needed).
 * - GET /orders/<ORDER_ID> with `Accept: application/json` carries `"status": "created"` and
 *   `"paylink": {"paylink_id", "short_url", "status", …}` (the answer's PAYLINK_ID, SHORT_URL,
 *   STATUS); the same address asked for `text/html` shows the SHORT_URL and says the order is
 *   "awaiting payment".
 * - POST /webhook takes `paylink.paid`, `paylink.expired` and `paylink.cancelled`, verified like
 *   any event, and finds the order by the data's REFERENCE_ID (its ORDER_ID is the paying
 *   attempt's, `<PAYLINK_ID>-<n>`) when that order's link has the data's PAYLINK_ID: `created`
 *   becomes `paid`, `expired` or `cancelled`, each final; a repeated event id changes nothing
 *   (200, `"duplicate": true`). After paylink.paid the order's `updated_by` is `webhook` and its
 *   `paylink` has `"status": "PAID"`, `payment_order_id` and `txn_id` (the data's ORDER_ID and
 *   TXN_ID). The attempt's own payment.captured names no order of the example's: acknowledged,
 *   changing nothing.
 *
 * The customer is played over HTTP: the short URL's page, its Pay form (`POST <short URL>/pay`,
 * `lang=en`, 303 to the hosted payment page), a test card there. The harness cancels a link at
 * the gateway itself, and builds a late paylink.expired and paylink.paid from the gateway's own
 * answers, signed as the sandbox signs them.
 */
import { expect } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import {
  newEventId,
  serialiseEvent,
  signatureHeader,
  type WebhookEventType,
} from '#core/protocol/webhook.ts'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import { pay, testCards } from './customer.ts'
import { decodeEntities, formPostingTo } from './html-forms.ts'
import { follow, json, request } from './http.ts'
import { deliver, type Order, orderOf, orderReaches } from './webhooks.ts'

export interface PaylinkContext {
  appUrl: string
  sandboxUrl: string
}

/** An order's payment link, as the example's JSON gives it. */
export interface OrderPaylink {
  paylink_id: string
  short_url: string
  status: string
  payment_order_id?: string
  txn_id?: string
}

type LinkOrder = Order & { amount: string; paylink?: OrderPaylink }

const { payId, salt, webhookSecret } = demoMerchantDefaults
const unixNow = () => Math.floor(Date.now() / 1000)

/** A signed `/pgws/` call of the harness's own to the sandbox: its verified-looking answer. */
async function signedCall(sandboxUrl: string, path: string, fields: Fields): Promise<Fields> {
  const answer = await request(`${sandboxUrl}${path}`, {
    json: withHash({ PAY_ID: payId, ...fields }, salt),
  })
  const body = json<Fields>(answer)
  expect(body, `${path}: ${answer.text.slice(0, 500)}`).toMatchObject({ RESPONSE_CODE: '000' })
  return body
}

/** The page's text as a reader sees it: no tags, entities decoded, white space collapsed. */
function visibleText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

async function linkOrderOf(appUrl: string, orderId: string): Promise<LinkOrder> {
  const order = (await orderOf(appUrl, orderId)) as LinkOrder | undefined
  expect(order, `GET /orders/${orderId}`).toBeDefined()
  return order!
}

/**
 * A link made from the example's form, as a merchant's browser makes it: its order id, the
 * order as the example recorded it, and the link as the gateway has it.
 */
async function sendLink(context: PaylinkContext, description: string) {
  const { appUrl, sandboxUrl } = context
  const form = await request(`${appUrl}/paylinks`, { accept: 'text/html' })
  expect(form.status, form.text.slice(0, 500)).toBe(200)
  formPostingTo(form.text, form.url, '/paylinks')

  const created = await request(`${appUrl}/paylinks`, {
    form: {
      AMOUNT: '24900',
      DESCRIPTION: description,
      CUST_NAME: 'Asha Verma',
      CUST_EMAIL: 'asha.verma@example.com',
      CUST_PHONE: '9876543210',
    },
    accept: 'text/html',
  })
  expect(created.status, `POST /paylinks → ${created.text.slice(0, 800)}`).toBe(303)
  const location = new URL(created.location!)
  const match = /^\/orders\/(.+)$/.exec(location.pathname)
  expect(match, `POST /paylinks goes to the order's page, not ${location.href}`).toBeTruthy()
  const orderId = decodeURIComponent(match![1]!)

  const order = await linkOrderOf(appUrl, orderId)
  expect(order).toMatchObject({ order_id: orderId, status: 'created', amount: '24900' })
  expect(order.paylink).toMatchObject({
    paylink_id: expect.stringMatching(/^plink_[A-Za-z0-9]{14}$/),
    short_url: expect.stringMatching(/\/l\/[A-Za-z0-9]+$/),
    status: 'CREATED',
  })
  expect(order.paylink!.short_url.startsWith(`${sandboxUrl}/l/`)).toBe(true)

  // The gateway has the link under the example's order id, for the amount asked.
  const link = await signedCall(sandboxUrl, '/pgws/paylink/status', { REFERENCE_ID: orderId })
  expect(link).toMatchObject({
    PAYLINK_ID: order.paylink!.paylink_id,
    REFERENCE_ID: orderId,
    AMOUNT: '24900',
    DESCRIPTION: description,
    SHORT_URL: order.paylink!.short_url,
    STATUS: 'CREATED',
  })

  // The merchant's page shows the short URL to send, the order awaiting payment.
  const page = await request(location.href, { accept: 'text/html' })
  expect(page.status).toBe(200)
  expect(page.type).toContain('text/html')
  const text = visibleText(page.text)
  expect(text).toContain(order.paylink!.short_url)
  expect(text).toContain('awaiting payment')
  return { orderId, order, link }
}

/** A paylink.* event of the link's fields as the gateway would send it (its data signed again). */
function linkEvent(type: WebhookEventType, fields: Fields) {
  const { HASH: _, ...data } = fields
  return { id: newEventId(), type, created: unixNow(), data: withHash(data, salt) }
}

async function deliverEvent(appUrl: string, event: ReturnType<typeof linkEvent>) {
  const body = serialiseEvent(event)
  const answer = await deliver(
    appUrl,
    body,
    signatureHeader(webhookSecret, unixNow(), body),
    event.id,
  )
  expect(answer.status, answer.text.slice(0, 400)).toBe(200)
  return answer.answer
}

export const paylinkSteps = [
  {
    name: 'pay by link: a link sent from the example is paid on the sandbox’s page by card, and paylink.paid marks its order paid, once',
    async run(context: PaylinkContext) {
      const { appUrl, sandboxUrl } = context
      const { orderId, order } = await sendLink(context, 'Kit test: two chai sets')
      const shortUrl = order.paylink!.short_url

      // The customer opens the link, presses Pay (a plain form) and pays on the hosted page.
      const linkPage = await request(shortUrl)
      expect(linkPage.status, linkPage.text.slice(0, 500)).toBe(200)
      expect(linkPage.text).toContain('Kit test: two chai sets')
      formPostingTo(linkPage.text, linkPage.url, '/pay')
      const attempt = await request(`${shortUrl}/pay`, { form: { lang: 'en' } })
      expect(attempt.status).toBe(303)
      expect(new URL(attempt.location!).pathname).toMatch(/\/pay\/[0-9a-f-]{36}$/)
      const hostedPage = await follow(attempt)
      await pay(hostedPage, { method: 'card', number: testCards.success })

      const paid = (await orderReaches(appUrl, orderId, 'paid')) as LinkOrder
      const link = await signedCall(sandboxUrl, '/pgws/paylink/status', { REFERENCE_ID: orderId })
      expect(link).toMatchObject({ STATUS: 'PAID', ORDER_ID: `${link.PAYLINK_ID}-1` })
      expect(paid.updated_by).toBe('webhook')
      expect(paid.events).toHaveLength(1)
      expect(paid.paylink).toMatchObject({
        status: 'PAID',
        payment_order_id: link.ORDER_ID,
        txn_id: link.TXN_ID,
      })
      const page = await request(`${appUrl}/orders/${encodeURIComponent(orderId)}`, {
        accept: 'text/html',
      })
      expect(visibleText(page.text)).not.toContain('awaiting payment')

      // A repeat is acknowledged once; a late expiry never undoes the payment.
      const again = linkEvent('paylink.paid', link)
      expect(await deliverEvent(appUrl, again)).toMatchObject({
        received: true,
        duplicate: false,
        status: 'paid',
      })
      expect(await deliverEvent(appUrl, again)).toMatchObject({ received: true, duplicate: true })
      const late = linkEvent('paylink.expired', {
        ...without(link, 'ORDER_ID', 'TXN_ID', 'PAID_AT'),
        STATUS: 'EXPIRED',
        EXPIRED_AT: link.RESPONSE_DATE_TIME!,
      })
      expect(await deliverEvent(appUrl, late)).toMatchObject({ received: true, status: 'paid' })
      expect((await linkOrderOf(appUrl, orderId)).status).toBe('paid')
    },
  },
  {
    name: 'pay by link: a link cancelled at the gateway cancels its order by paylink.cancelled, an expired one expires its order, and neither is paid after',
    async run(context: PaylinkContext) {
      const { appUrl, sandboxUrl } = context
      const cancelled = await sendLink(context, 'Kit test: to be cancelled')
      const answer = await signedCall(sandboxUrl, '/pgws/paylink/cancel', {
        PAYLINK_ID: cancelled.link.PAYLINK_ID!,
      })
      expect(answer.STATUS).toBe('CANCELLED')
      // Sent by the sandbox to the link's NOTIFY_URL: the example's webhook.
      const order = (await orderReaches(appUrl, cancelled.orderId, 'cancelled')) as LinkOrder
      expect(order.paylink?.status).toBe('CANCELLED')

      const expiring = await sendLink(context, 'Kit test: to expire')
      const expired = linkEvent('paylink.expired', {
        ...expiring.link,
        STATUS: 'EXPIRED',
        EXPIRED_AT: expiring.link.RESPONSE_DATE_TIME!,
      })
      expect(await deliverEvent(appUrl, expired)).toMatchObject({
        received: true,
        duplicate: false,
        status: 'expired',
      })
      expect((await linkOrderOf(appUrl, expiring.orderId)).paylink?.status).toBe('EXPIRED')

      // A paid event after either ending changes nothing: each ending is final.
      for (const ended of [cancelled, expiring]) {
        const late = linkEvent('paylink.paid', {
          ...ended.link,
          STATUS: 'PAID',
          ORDER_ID: `${ended.link.PAYLINK_ID}-1`,
          TXN_ID: '1000000000000001',
        })
        await deliverEvent(appUrl, late)
      }
      expect((await linkOrderOf(appUrl, cancelled.orderId)).status).toBe('cancelled')
      expect((await linkOrderOf(appUrl, expiring.orderId)).status).toBe('expired')
    },
  },
]

function without(fields: Fields, ...keys: string[]): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.includes(key)))
}
