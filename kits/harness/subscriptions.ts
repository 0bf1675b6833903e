/**
 * The monthly plan, proved against the sandbox through the `pg` example of each kit language that
 * declares it (`subscriptions: true` in kits/<lang>/kit.ts; the others run none of this). What the
 * example must do (the same in every language):
 *
 * - GET /subscriptions is a page with a "Subscribe monthly" form posting to /subscriptions (no
 *   script needed). POST /subscriptions, urlencoded `CUST_NAME`, `CUST_EMAIL` and `CUST_PHONE`,
 *   calls the client's create_subscription with a new `SUBSCRIPTION_REF` of the example's own,
 *   `METHOD` UPI, `FREQUENCY` MONTHLY, `AMOUNT` 49900 (₹499 a month), `START_DATE` the account
 *   clock's today in IST (the client's clock call), `RETURN_URL` APP_URL/subscriptions/return and
 *   `NOTIFY_URL` the example's webhook URL. It records the plan from the verified answer and
 *   answers a browser 303 See Other to the answer's AUTH_URL.
 * - GET /subscriptions with `Accept: application/json` is `{"subscriptions": [plan, …]}`, and
 *   GET /subscriptions/<SUBSCRIPTION_ID> the plan: `subscription_id`, `subscription_ref`,
 *   `amount`, `start_date`, `auth_url`, `status` (the gateway's STATUS in lower case; `created`
 *   until the mandate is registered), `cancelled_by`, `debits` (one a cycle: `cycle`, `attempt`,
 *   `amount`, `order_id`, `txn_id`, `recorded_by` `webhook` when subscription.charged recorded
 *   it), `next_debit` and `events`. The same address asked for `text/html` shows the plan; once
 *   the customer revoked it, it says "The customer cancelled".
 * - POST /webhook takes every subscription.* event, verified like any event, once by its id
 *   (200, `"duplicate": true` for a repeat), forward only: subscription.activated → `active`,
 *   subscription.charged records its CYCLE's debit once, subscription.cancelled → `cancelled`
 *   with the data's CANCELLED_BY, after which no debit is recorded. The debits' own
 *   payment.captured name no order of the example's: acknowledged, changing nothing.
 * - POST /subscriptions/return takes what the mandate page's "Return to …" posts (the
 *   subscription's signed answer as a form): 200 with its STATUS shown when its HASH verifies,
 *   400 when it does not; it moves nothing.
 *
 * The customer is played over HTTP on the mandate page (AUTH_URL): UPI ID `success@upi`, Approve,
 * a UPI PIN, and later Revoke, each a plain form. The harness moves the sandbox account's clock
 * with the example's own merchant credentials, signed as the example's client signs.
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
import { decodeEntities, formPostingTo } from './html-forms.ts'
import { json, request } from './http.ts'
import { deliver } from './webhooks.ts'

export interface SubscriptionContext {
  appUrl: string
  sandboxUrl: string
}

/** A debit as the example records it. */
export interface PlanDebit {
  cycle: string
  attempt: string
  amount: string
  order_id: string
  txn_id: string
  recorded_by: string
}

/** A plan as the example's JSON gives it. */
export interface Plan {
  subscription_id: string
  subscription_ref: string
  amount: string
  start_date: string
  auth_url: string
  status: string
  cancelled_by: string
  debits: PlanDebit[]
  next_debit: Record<string, string> | null
  events: string[]
}

/** One attempt as the gateway's DEBITS lists it. */
type GatewayDebit = Record<string, string>

// The example runs with the demo merchant's credentials (kits/harness/sandbox.ts demoCredentials).
const { payId, salt, webhookSecret } = demoMerchantDefaults
const IST_OFFSET_MS = 330 * 60 * 1000
const unixNow = () => Math.floor(Date.now() / 1000)

/** A signed `/pgws/` call of the harness's own to the sandbox, as the example's client signs it. */
async function signedCall(sandboxUrl: string, path: string, fields: Fields): Promise<Fields> {
  const answer = await request(`${sandboxUrl}${path}`, {
    json: withHash({ PAY_ID: payId, ...fields }, salt),
  })
  const body = json<Fields>(answer)
  expect(body, `${path}: ${answer.text.slice(0, 500)}`).toMatchObject({ RESPONSE_CODE: '000' })
  return body
}

/** The account clock's IST date, as the example reads it for START_DATE. */
async function accountToday(sandboxUrl: string): Promise<string> {
  const clock = await signedCall(sandboxUrl, '/pgws/clock', {})
  return new Date(Date.parse(clock.NOW!) + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/** The subscription as the gateway has it now: its fields, and its DEBITS parsed. */
async function gatewaySubscription(sandboxUrl: string, subscriptionId: string) {
  const {
    DEBITS,
    HASH: _,
    ...fields
  } = await signedCall(sandboxUrl, '/pgws/subscription/status', { SUBSCRIPTION_ID: subscriptionId })
  return { fields, debits: JSON.parse(DEBITS ?? '[]') as GatewayDebit[] }
}

/** Moves the account's clock forward, signed with the example's merchant credentials. */
async function advanceClock(sandboxUrl: string, by: string) {
  const answer = await signedCall(sandboxUrl, '/pgws/clock/advance', { BY: by })
  return JSON.parse(answer.HAPPENED ?? '[]') as Array<{ TYPE: string; REFERENCE: string }>
}

async function planOf(appUrl: string, subscriptionId: string): Promise<Plan> {
  const answer = await request(`${appUrl}/subscriptions/${encodeURIComponent(subscriptionId)}`, {
    accept: 'application/json',
  })
  expect(answer.status, answer.text.slice(0, 500)).toBe(200)
  return json<Plan>(answer)
}

/** Waits until the example's plan is as `done` says (its webhooks arrive in the background). */
async function planReaches(
  appUrl: string,
  subscriptionId: string,
  what: string,
  done: (plan: Plan) => boolean,
): Promise<Plan> {
  const deadline = Date.now() + 20_000
  let plan: Plan | undefined
  while (Date.now() < deadline) {
    plan = await planOf(appUrl, subscriptionId)
    if (done(plan)) return plan
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Subscription ${subscriptionId} did not get ${what}: ${JSON.stringify(plan)}`)
}

/** The page's text as a reader sees it: no tags, entities decoded, white space collapsed. */
function visibleText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

/** The plan's debit of a cycle matches the gateway's CHARGED attempt of that cycle, once. */
function expectRecorded(plan: Plan, debits: GatewayDebit[], cycle: string) {
  const charged = debits.filter((debit) => debit.CYCLE === cycle && debit.STATUS === 'CHARGED')
  expect(charged, `the gateway's CHARGED attempts of cycle ${cycle}`).toHaveLength(1)
  const recorded = plan.debits.filter((debit) => debit.cycle === cycle)
  expect(recorded, `the example's debits of cycle ${cycle}`).toHaveLength(1)
  expect(recorded[0]).toMatchObject({
    cycle,
    attempt: charged[0]!.ATTEMPT,
    amount: '49900',
    order_id: charged[0]!.ORDER_ID,
    txn_id: charged[0]!.TXN_ID,
    recorded_by: 'webhook',
  })
}

/** A subscription event as the gateway would send it, its data signed with the salt. */
function subscriptionEvent(type: WebhookEventType, data: Fields) {
  return { id: newEventId(), type, created: unixNow(), data: withHash(data, salt) }
}

async function deliverEvent(appUrl: string, event: ReturnType<typeof subscriptionEvent>) {
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

/**
 * The steps, in order, sharing the one subscription the first makes: each later step needs the
 * earlier ones (a month on, a revocation), as a real subscription's life does.
 */
export function subscriptionSteps() {
  let subscriptionId = ''
  const made = () => {
    expect(subscriptionId, 'the subscription of the first step').not.toBe('')
    return subscriptionId
  }
  let authUrl = ''

  return [
    {
      name: 'subscriptions: Subscribe monthly sends the customer to the mandate page; approved with success@upi, subscription.activated and .charged make the plan active with cycle 0 recorded, and the return page verifies what the mandate page posts',
      timeout: 90_000,
      async run({ appUrl, sandboxUrl }: SubscriptionContext) {
        const form = await request(`${appUrl}/subscriptions`, { accept: 'text/html' })
        expect(form.status, form.text.slice(0, 500)).toBe(200)
        formPostingTo(form.text, form.url, '/subscriptions')

        const before = await accountToday(sandboxUrl)
        const created = await request(`${appUrl}/subscriptions`, {
          form: {
            CUST_NAME: 'Asha Verma',
            CUST_EMAIL: 'asha.verma@example.com',
            CUST_PHONE: '9876543210',
          },
          accept: 'text/html',
        })
        const after = await accountToday(sandboxUrl)
        expect(created.status, `POST /subscriptions → ${created.text.slice(0, 800)}`).toBe(303)
        authUrl = created.location!
        expect(authUrl).toMatch(new RegExp(`^${sandboxUrl}/m/[A-Za-z0-9]{16}$`))

        const listed = json<{ subscriptions: Plan[] }>(
          await request(`${appUrl}/subscriptions`, { accept: 'application/json' }),
        )
        const plan = listed.subscriptions.find((found) => found.auth_url === authUrl)
        expect(plan, `GET /subscriptions lists the plan sent to ${authUrl}`).toBeDefined()
        subscriptionId = plan!.subscription_id
        expect(plan).toMatchObject({ status: 'created', amount: '49900', debits: [] })
        expect([before, after]).toContain(plan!.start_date)

        // The gateway has it as the example asked: UPI, monthly, ₹499, from the clock's today.
        const asked = (await gatewaySubscription(sandboxUrl, subscriptionId)).fields
        expect(asked).toMatchObject({
          SUBSCRIPTION_REF: plan!.subscription_ref,
          METHOD: 'UPI',
          FREQUENCY: 'MONTHLY',
          AMOUNT: '49900',
          START_DATE: plan!.start_date,
          AUTH_URL: authUrl,
          STATUS: 'CREATED',
        })

        // The customer approves UPI AutoPay on the mandate page: UPI ID, Approve, then the PIN.
        const page = await request(`${authUrl}?lang=en`)
        expect(page.status, page.text.slice(0, 500)).toBe(200)
        const upi = await request(`${authUrl}/upi`, {
          form: { vpa: 'success@upi', decision: 'approve', lang: 'en' },
        })
        expect(upi.status, upi.text.slice(0, 500)).toBe(200)
        const pin = await request(`${authUrl}/upi/pin`, {
          form: { vpa: 'success@upi', pin: '1234', lang: 'en' },
        })
        expect(pin.status, pin.text.slice(0, 500)).toBe(303)

        const active = await planReaches(
          appUrl,
          subscriptionId,
          'active with cycle 0',
          (p) => p.status === 'active' && p.debits.some((debit) => debit.cycle === '0'),
        )
        const registered = await gatewaySubscription(sandboxUrl, subscriptionId)
        expect(registered.fields).toMatchObject({ STATUS: 'ACTIVE', INSTRUMENT: 'success@upi' })
        expectRecorded(active, registered.debits, '0')
        expect(active.debits).toHaveLength(1)

        // Cycle 0's subscription.charged again, under a new id: acknowledged, recording nothing
        // twice; the same delivery repeated is a duplicate.
        const charged0 = registered.debits.find((debit) => debit.CYCLE === '0')!
        const repeat = subscriptionEvent('subscription.charged', {
          ...registered.fields,
          DEBIT_ID: charged0.DEBIT_ID!,
          CYCLE: '0',
          ATTEMPT: charged0.ATTEMPT!,
          AMOUNT: charged0.AMOUNT!,
          ORDER_ID: charged0.ORDER_ID!,
          TXN_ID: charged0.TXN_ID!,
          CHARGED_AT: charged0.DEBIT_AT!,
        })
        expect(await deliverEvent(appUrl, repeat)).toMatchObject({ duplicate: false })
        expect(await deliverEvent(appUrl, repeat)).toMatchObject({ duplicate: true })
        expect((await planOf(appUrl, subscriptionId)).debits).toHaveLength(1)

        // "Return to …" on the mandate page posts the signed answer to the example's RETURN_URL.
        const mandate = await request(`${authUrl}?lang=en`)
        const back = formPostingTo(mandate.text, mandate.url, '/subscriptions/return')
        expect(back.action).toBe(`${appUrl}/subscriptions/return`)
        const returned = await request(back.action, { form: back.fields, accept: 'text/html' })
        expect(returned.status, returned.text.slice(0, 800)).toBe(200)
        expect(visibleText(returned.text)).toContain('ACTIVE')
        const forged = await request(back.action, {
          form: { ...back.fields, STATUS: 'CANCELLED' },
          accept: 'text/html',
        })
        expect(forged.status).toBe(400)
        expect((await planOf(appUrl, subscriptionId)).status).toBe('active')
      },
    },
    {
      name: 'subscriptions: a month on the account’s clock, cycle 1 is noticed and debited, and its subscription.charged records it once',
      timeout: 120_000,
      async run({ appUrl, sandboxUrl }: SubscriptionContext) {
        const id = made()
        const happened = await advanceClock(sandboxUrl, '32d')
        expect(happened).toContainEqual(
          expect.objectContaining({ TYPE: 'SUBSCRIPTION_CHARGED', REFERENCE: `${id}-1-1` }),
        )
        const plan = await planReaches(appUrl, id, 'cycle 1', (p) =>
          p.debits.some((debit) => debit.cycle === '1'),
        )
        const gateway = await gatewaySubscription(sandboxUrl, id)
        expect(gateway.fields.STATUS).toBe('ACTIVE')
        expect(plan.status).toBe('active')
        expectRecorded(plan, gateway.debits, '0')
        expectRecorded(plan, gateway.debits, '1')
        expect(plan.debits.map((debit) => debit.cycle)).toEqual(['0', '1'])
      },
    },
    {
      name: 'subscriptions: the customer revokes the mandate; subscription.cancelled (CANCELLED_BY CUSTOMER) stops the plan, and a month on no debit is taken or recorded',
      timeout: 120_000,
      async run({ appUrl, sandboxUrl }: SubscriptionContext) {
        const id = made()
        // The customer's Revoke on the mandate page, as in their UPI app.
        const revoked = await request(`${authUrl}/action`, {
          form: { action: 'REVOKE', lang: 'en' },
        })
        expect(revoked.status, revoked.text.slice(0, 500)).toBe(303)
        const cancelled = await planReaches(
          appUrl,
          id,
          'cancelled by the customer',
          (p) => p.status === 'cancelled',
        )
        expect(cancelled.cancelled_by).toBe('CUSTOMER')
        const gateway = await gatewaySubscription(sandboxUrl, id)
        expect(gateway.fields).toMatchObject({ STATUS: 'CANCELLED', CANCELLED_BY: 'CUSTOMER' })

        // A month on: the gateway takes nothing, and the plan records nothing.
        const happened = await advanceClock(sandboxUrl, '32d')
        expect(happened.filter((step) => step.REFERENCE.startsWith(id))).toEqual([])
        const later = await gatewaySubscription(sandboxUrl, id)
        expect(later.debits.filter((debit) => debit.STATUS === 'CHARGED')).toHaveLength(2)
        expect(later.debits.some((debit) => debit.CYCLE === '2')).toBe(false)

        // Even a signed subscription.charged for cycle 2 is not recorded after the revocation.
        const late = subscriptionEvent('subscription.charged', {
          ...later.fields,
          STATUS: 'ACTIVE',
          DEBIT_ID: 'sdeb_NeverCharged01',
          CYCLE: '2',
          ATTEMPT: '1',
          AMOUNT: '49900',
          ORDER_ID: `${id}-2-1`,
          TXN_ID: '1000000000000002',
          CHARGED_AT: later.fields.RESPONSE_DATE_TIME!,
          RESPONSE_DATE_TIME: later.fields.RESPONSE_DATE_TIME!,
        })
        expect(await deliverEvent(appUrl, late)).toMatchObject({
          received: true,
          duplicate: false,
          status: 'cancelled',
        })
        const plan = await planOf(appUrl, id)
        expect(plan).toMatchObject({ status: 'cancelled', cancelled_by: 'CUSTOMER' })
        expect(plan.debits.map((debit) => debit.cycle)).toEqual(['0', '1'])
        const page = await request(`${appUrl}/subscriptions/${encodeURIComponent(id)}`, {
          accept: 'text/html',
        })
        expect(page.status).toBe(200)
        expect(visibleText(page.text)).toContain('The customer cancelled')
      },
    },
  ]
}
