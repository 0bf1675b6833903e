import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { Client, signWebhookEvent, verify, withHash } from '../../core/index.js'
import { OrderStore, appHandler, orderRoutes, webhookNote } from '../web.js'
import { demoConfig } from '../../core/tests/support.js'

const root = mkdtempSync(join(tmpdir(), 'paystra-subscriptions-'))
after(() => rmSync(root, { recursive: true, force: true }))

/**
 * The shared protocol vectors: PAYSTRA_VECTORS, else the copy a kit archive carries beside the
 * core's tests, else the protocol's own in this repository.
 */
const vectorsFile = [
  process.env.PAYSTRA_VECTORS && resolve(process.env.PAYSTRA_VECTORS),
  fileURLToPath(new URL('../../core/tests/vectors.json', import.meta.url)),
  fileURLToPath(new URL('../../../../core/protocol/vectors.json', import.meta.url)),
].find((candidate) => candidate && existsSync(candidate))
if (!vectorsFile) throw new Error('No test vectors: set PAYSTRA_VECTORS to the vectors file')
/** @type {{ webhook: { sign: Array<{ note: string, secret: string, timestamp: number, body: string, header: string }>, verify: Array<{ body: string, salt?: string }> } }} */
const vectors = JSON.parse(readFileSync(vectorsFile, 'utf8'))

/** The vectors' signed subscription events: their secret, and the event as the gateway sent it. */
const signed = Object.fromEntries(
  vectors.webhook.sign
    .filter((vector) => vector.body.includes('"type": "subscription.'))
    .map((vector) => {
      const event = JSON.parse(vector.body)
      return [event.type, { vector, event }]
    }),
)
const notifiedVector = signed['subscription.notified']
const chargedVector = signed['subscription.charged']
if (!notifiedVector || !chargedVector) {
  throw new Error(`${vectorsFile} has no subscription.notified and subscription.charged vectors`)
}
// The vectors' merchant is the sandbox's demo merchant: its webhook secret and salt.
const secret = chargedVector.vector.secret
const salt = vectors.webhook.verify.find(
  (vector) => vector.body === chargedVector.vector.body,
)?.salt
if (!salt) throw new Error('The subscription.charged vector names no salt')
const config = demoConfig({ dataDir: root, webhookSecret: secret, salt })

/** @typedef {Record<string, string>} Fields */

/** The subscription every event's data starts from: the vectors', with no attempt's fields. */
const ATTEMPT_FIELDS = [
  'DEBIT_ID',
  'CYCLE',
  'ATTEMPT',
  'ORDER_ID',
  'TXN_ID',
  'CHARGED_AT',
  'DEBIT_AT',
  'NOTIFIED_AT',
  'APPROVAL_REQUIRED',
  'REASON',
  'HASH',
]
/** @type {Fields} */
const vectorSubscription = Object.fromEntries(
  Object.entries(/** @type {Fields} */ (chargedVector.event.data)).filter(
    ([key]) => !ATTEMPT_FIELDS.includes(key),
  ),
)

/**
 * A subscription's fields as the gateway answers them, for `id`.
 * @param {string} id
 * @param {Fields} [changes]
 * @returns {Fields}
 */
function subscription(id, changes = {}) {
  return { ...vectorSubscription, SUBSCRIPTION_ID: id, ...changes }
}

/** What createSubscription answers: CREATED, nothing registered yet. */
function created(/** @type {string} */ id, /** @type {Fields} */ changes = {}) {
  return subscription(id, {
    STATUS: 'CREATED',
    ACTIVATED_AT: '',
    ANCHOR_DATE: '',
    END_DATE: '',
    INSTRUMENT: '',
    PAID_CYCLES: '0',
    NEXT_DEBIT_AT: '',
    RESPONSE_DATE_TIME: '2026-10-26 10:15:00',
    ...changes,
  })
}

let eventCount = 0
/**
 * A subscription event as the gateway sends it: the vectors' data for `id` with `changes`, its
 * HASH made again with the salt.
 * @param {string} type
 * @param {string} id
 * @param {Fields} changes
 */
function subscriptionEvent(type, id, changes) {
  eventCount++
  return {
    id: `evt_${String(eventCount).padStart(24, 'b')}`,
    type,
    created: 1764000000,
    data: withHash(subscription(id, changes), salt),
  }
}

/** The debit of a cycle, charged at `at`, as subscription.charged adds it. */
function charge(/** @type {string} */ id, /** @type {string} */ cycle, at = '', attempt = '1') {
  const month = String(10 + Number(cycle)).padStart(2, '0')
  const time = at || `2026-${month}-26 07:00:00`
  return {
    DEBIT_ID: `sdeb_P4nR8sW2xY6z${cycle.padStart(2, '0')}`,
    CYCLE: cycle,
    ATTEMPT: attempt,
    AMOUNT: '49900',
    ORDER_ID: `${id}-${cycle}-${attempt}`,
    TXN_ID: `79702092732711${cycle.padStart(2, '0')}`,
    CHARGED_AT: time,
    RESPONSE_DATE_TIME: time,
    PAID_CYCLES: String(Number(cycle) + 1),
  }
}

/** The notice of a cycle, as subscription.notified adds it. */
function notice(/** @type {string} */ cycle, attempt = '1') {
  const month = String(10 + Number(cycle)).padStart(2, '0')
  return {
    DEBIT_ID: `sdeb_N4nR8sW2xY6z${cycle.padStart(2, '0')}`,
    CYCLE: cycle,
    ATTEMPT: attempt,
    AMOUNT: '49900',
    DEBIT_AT: `2026-${month}-26 07:00:00`,
    NOTIFIED_AT: `2026-${month}-24 19:00:00`,
    APPROVAL_REQUIRED: 'N',
    REASON: 'Recurring payment under the mandate you registered',
    NEXT_DEBIT_AT: `2026-${month}-26 07:00:00`,
    RESPONSE_DATE_TIME: `2026-${month}-24 19:00:00`,
  }
}

const activated = { STATUS: 'ACTIVE', RESPONSE_DATE_TIME: '2026-10-26 10:20:00' }

describe('the shared vectors sign the subscription events as this kit does', () => {
  for (const { vector, event } of [notifiedVector, chargedVector]) {
    it(vector.note, () => {
      const delivery = signWebhookEvent(event, secret, { timestamp: vector.timestamp })
      assert.equal(delivery.body, vector.body)
      assert.equal(delivery.headers['X-Paystra-Signature'], vector.header)
      assert.equal(verify(event.data, salt), true)
    })
  }
})

describe('the order store: monthly plans', () => {
  const id = 'sub_Plan0000000001'

  it('records a plan awaiting the mandate, and each event moves it once: activated, charged, notified', async () => {
    const store = new OrderStore(join(root, 'plans.json'))
    const plan = await store.planCreated(withHash(created(id), salt))
    assert.deepEqual(plan, {
      subscription_id: id,
      subscription_ref: 'SUB-1001',
      description: 'Monthly plan',
      amount: '49900',
      method: 'UPI',
      frequency: 'MONTHLY',
      start_date: '2026-10-26',
      auth_url: 'https://pay.paystra.example/sandbox/m/Xq7RmT2pLw9KzV4b',
      status: 'created',
      status_at: '2026-10-26 10:15:00',
      cancelled_by: '',
      ended_at: '',
      debits: [],
      next_debit: null,
      events: [],
      updated_by: null,
    })

    const activation = subscriptionEvent('subscription.activated', id, activated)
    assert.deepEqual(await store.receive(activation), {
      received: true,
      duplicate: false,
      event_id: activation.id,
      subscription_id: id,
      status: 'active',
      debits: 0,
    })
    // Cycle 0, taken with the registration; then its repeat, and the same cycle under a new id.
    const first = subscriptionEvent('subscription.charged', id, {
      ...charge(id, '0', '2026-10-26 10:20:00'),
    })
    assert.deepEqual(await store.receive(first), {
      received: true,
      duplicate: false,
      event_id: first.id,
      subscription_id: id,
      status: 'active',
      debits: 1,
    })
    assert.deepEqual(await store.receive(first), {
      received: true,
      duplicate: true,
      event_id: first.id,
      subscription_id: id,
      status: 'active',
    })
    const again = await store.receive(
      subscriptionEvent('subscription.charged', id, charge(id, '0', '2026-10-26 10:20:00')),
    )
    assert.deepEqual([again.debits, again.ignored], [1, 'cycle 0 is recorded already'])

    // The notice of cycle 1 shows the next debit; its charge records it and ends the notice.
    await store.receive(subscriptionEvent('subscription.notified', id, notice('1')))
    assert.deepEqual((await store.plan(id))?.next_debit, {
      debit_id: 'sdeb_N4nR8sW2xY6z01',
      cycle: '1',
      attempt: '1',
      amount: '49900',
      debit_at: '2026-11-26 07:00:00',
      notified_at: '2026-11-24 19:00:00',
      approval_required: 'N',
    })
    await store.receive(subscriptionEvent('subscription.charged', id, charge(id, '1')))
    const late = await store.receive(subscriptionEvent('subscription.notified', id, notice('1')))
    assert.equal(late.ignored, 'cycle 1 is recorded already')

    const stored = await new OrderStore(join(root, 'plans.json')).plan(id)
    assert.equal(stored?.status, 'active')
    assert.equal(stored?.next_debit, null)
    assert.equal(stored?.updated_by, 'webhook')
    assert.equal(stored?.events.length, 6)
    assert.deepEqual(stored?.debits, [
      {
        cycle: '0',
        attempt: '1',
        amount: '49900',
        order_id: `${id}-0-1`,
        txn_id: '7970209273271100',
        debit_id: 'sdeb_P4nR8sW2xY6z00',
        charged_at: '2026-10-26 10:20:00',
        recorded_by: 'webhook',
      },
      {
        cycle: '1',
        attempt: '1',
        amount: '49900',
        order_id: `${id}-1-1`,
        txn_id: '7970209273271101',
        debit_id: 'sdeb_P4nR8sW2xY6z01',
        charged_at: '2026-11-26 07:00:00',
        recorded_by: 'webhook',
      },
    ])
  })

  it('a revoke stops the plan: cancelled by the customer, no later debit, notice or status recorded', async () => {
    const store = new OrderStore(join(root, 'revoke.json'))
    const revoked = 'sub_Plan0000000002'
    await store.planCreated(created(revoked))
    await store.receive(subscriptionEvent('subscription.activated', revoked, activated))
    await store.receive(
      subscriptionEvent(
        'subscription.charged',
        revoked,
        charge(revoked, '0', '2026-10-26 10:20:00'),
      ),
    )
    await store.receive(subscriptionEvent('subscription.notified', revoked, notice('1')))
    const cancelled = await store.receive(
      subscriptionEvent('subscription.cancelled', revoked, {
        STATUS: 'CANCELLED',
        CANCELLED_BY: 'CUSTOMER',
        ENDED_AT: '2026-11-25 09:00:00',
        INSTRUMENT: '',
        NEXT_DEBIT_AT: '',
        RESPONSE_DATE_TIME: '2026-11-25 09:00:00',
      }),
    )
    assert.deepEqual([cancelled.status, cancelled.debits], ['cancelled', 1])
    let plan = await store.plan(revoked)
    assert.deepEqual(
      [plan?.status, plan?.cancelled_by, plan?.ended_at, plan?.next_debit],
      ['cancelled', 'CUSTOMER', '2026-11-25 09:00:00', null],
    )

    // Whatever arrives after, signed and new: nothing moves the plan again.
    const afterwards = [
      subscriptionEvent('subscription.charged', revoked, charge(revoked, '1')),
      subscriptionEvent('subscription.notified', revoked, notice('2')),
      subscriptionEvent('subscription.resumed', revoked, {
        STATUS: 'ACTIVE',
        RESPONSE_DATE_TIME: '2026-12-01 10:00:00',
      }),
    ]
    for (const event of afterwards) {
      const receipt = await store.receive(event)
      assert.deepEqual([receipt.duplicate, receipt.status, receipt.debits], [false, 'cancelled', 1])
      assert.ok(receipt.ignored, event.type)
    }
    plan = await store.plan(revoked)
    assert.deepEqual([plan?.status, plan?.debits.length, plan?.next_debit], ['cancelled', 1, null])
  })

  it('a status moves only forward, by the gateway’s time: a late report changes nothing', async () => {
    const store = new OrderStore(join(root, 'forward.json'))
    const paused = 'sub_Plan0000000003'
    await store.planCreated(created(paused))
    await store.receive(subscriptionEvent('subscription.activated', paused, activated))
    await store.receive(subscriptionEvent('subscription.notified', paused, notice('1')))
    const pause = await store.receive(
      subscriptionEvent('subscription.paused', paused, {
        STATUS: 'PAUSED',
        RESPONSE_DATE_TIME: '2026-11-25 08:00:00',
      }),
    )
    assert.deepEqual([pause.status, (await store.plan(paused))?.next_debit], ['paused', null])
    // Delivered late: the activation again under a new id, older than the pause.
    const late = await store.receive(subscriptionEvent('subscription.activated', paused, activated))
    assert.equal(late.status, 'paused')
    assert.ok(late.ignored)
    const resumed = await store.receive(
      subscriptionEvent('subscription.resumed', paused, {
        STATUS: 'ACTIVE',
        RESPONSE_DATE_TIME: '2026-12-02 08:00:00',
      }),
    )
    assert.equal(resumed.status, 'active')
    const halted = await store.receive(
      subscriptionEvent('subscription.halted', paused, {
        STATUS: 'HALTED',
        DEBIT_ID: 'sdeb_x',
        CYCLE: '2',
        ATTEMPT: '4',
        DEBIT_RESPONSE_CODE: '020',
        RESPONSE_DATE_TIME: '2027-01-02 07:00:00',
      }),
    )
    assert.equal(halted.status, 'halted')
    const completed = await store.receive(
      subscriptionEvent('subscription.completed', paused, {
        STATUS: 'COMPLETED',
        ENDED_AT: '2036-10-26 07:00:00',
        RESPONSE_DATE_TIME: '2036-10-26 07:00:00',
      }),
    )
    assert.equal(completed.status, 'completed')
    const plan = await store.plan(paused)
    assert.deepEqual([plan?.ended_at, plan?.cancelled_by], ['2036-10-26 07:00:00', ''])

    // An event of a subscription this app did not make: remembered, and nothing else.
    const foreign = await store.receive(
      subscriptionEvent('subscription.activated', 'sub_SomeoneElse0001', activated),
    )
    assert.equal(foreign.ignored, 'No subscription sub_SomeoneElse0001 here')
    const proto = await store.receive(subscriptionEvent('subscription.activated', '__proto__', {}))
    assert.equal(proto.ignored, 'No subscription __proto__ here')
  })

  it('a status answer reconciles a plan whose webhooks were missed, from its STATUS and DEBITS', async () => {
    const store = new OrderStore(join(root, 'check.json'))
    const missed = 'sub_Plan0000000004'
    await store.planCreated(created(missed))
    const debit = (/** @type {Fields} */ fields) => ({
      NOTIFIED_AT: '',
      APPROVAL_REQUIRED: 'N',
      APPROVED: 'N',
      RESPONSE_CODE: '000',
      FEE: '',
      GST: '',
      ...fields,
    })
    const answer = subscription(missed, {
      STATUS: 'ACTIVE',
      RESPONSE_DATE_TIME: '2026-12-25 12:00:00',
      DEBITS: JSON.stringify([
        debit({
          DEBIT_ID: 'sdeb_N4nR8sW2xY6z02',
          CYCLE: '2',
          ATTEMPT: '1',
          AMOUNT: '49900',
          DEBIT_AT: '2026-12-26 07:00:00',
          NOTIFIED_AT: '2026-12-24 19:00:00',
          STATUS: 'NOTIFIED',
          ORDER_ID: '',
          TXN_ID: '',
        }),
        debit({
          ...charge(missed, '1'),
          DEBIT_AT: '2026-11-26 07:00:00',
          STATUS: 'CHARGED',
        }),
        debit({
          ...charge(missed, '0', '2026-10-26 10:20:00'),
          DEBIT_AT: '2026-10-26 10:20:00',
          STATUS: 'CHARGED',
        }),
      ]),
    })
    // A refusal says nothing; the answer moves the plan and records both cycles, oldest first.
    const refusal = { ...answer, RESPONSE_CODE: '387', STATUS: 'Failed' }
    assert.equal((await store.planAnswered(refusal, 'status'))?.status, 'created')
    const plan = await store.planAnswered(answer, 'status')
    assert.deepEqual(
      [plan?.status, plan?.updated_by, plan?.debits.map((d) => [d.cycle, d.recorded_by])],
      [
        'active',
        'status',
        [
          ['0', 'status'],
          ['1', 'status'],
        ],
      ],
    )
    assert.equal(plan?.next_debit?.debit_at, '2026-12-26 07:00:00')
    assert.equal(plan?.debits[1]?.order_id, `${missed}-1-1`)
    // The webhook arriving late records nothing twice.
    const late = await store.receive(
      subscriptionEvent('subscription.charged', missed, charge(missed, '1')),
    )
    assert.deepEqual([late.debits, late.ignored], [2, 'cycle 1 is recorded already'])
    assert.equal(await store.planAnswered(subscription('sub_SomeoneElse0001'), 'status'), undefined)
  })
})

describe('the vectors’ own events through POST /webhook', () => {
  it('subscription.notified shows the next debit and subscription.charged records it, as signed in the vectors', async () => {
    const orders = new OrderStore(join(root, 'vectors.json'))
    const server = createServer(
      appHandler({ kit: 'Test', config, routes: orderRoutes(new Client(config), orders) }),
    )
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
    try {
      const address = server.address()
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
      const id = String(chargedVector.event.data.SUBSCRIPTION_ID)
      await orders.planCreated(created(id))
      await orders.receive(subscriptionEvent('subscription.activated', id, activated))
      for (const { event } of [notifiedVector, chargedVector]) {
        // The vectors' event as it is, its data's HASH the gateway's; signed now, as delivered.
        const { body, headers } = signWebhookEvent(event, secret)
        const response = await fetch(`${base}/webhook`, { method: 'POST', body, headers })
        assert.equal(response.status, 200)
        const receipt = await response.json()
        assert.deepEqual([receipt.duplicate, receipt.status], [false, 'active'])
        assert.equal(receipt.ignored, undefined)
        if (event.type === 'subscription.notified') {
          assert.deepEqual((await orders.plan(id))?.next_debit, {
            debit_id: 'sdeb_P4nR8sW2xY6zQ1',
            cycle: '1',
            attempt: '1',
            amount: '49900',
            debit_at: '2026-11-26 07:00:00',
            notified_at: '2026-11-24 19:00:00',
            approval_required: 'N',
          })
        }
      }
      const plan = await orders.plan(id)
      assert.deepEqual(plan?.debits, [
        {
          cycle: '1',
          attempt: '1',
          amount: '49900',
          order_id: 'sub_Lk3Vq8ZsT2nW9x-1-1',
          txn_id: '7970209273271184',
          debit_id: 'sdeb_P4nR8sW2xY6zQ1',
          charged_at: '2026-11-26 07:00:00',
          recorded_by: 'webhook',
        },
      ])
      assert.equal(plan?.next_debit, null)
    } finally {
      server.close()
    }
  })
})

describe('GET and POST /subscriptions, the plan page, Cancel, Check, the return page and the webhook', () => {
  /** @type {import('node:http').Server} */
  let server
  let base = ''
  const orders = new OrderStore(join(root, 'routes.json'))
  /** @type {Array<{ path: string, body: Fields }>} */
  const requests = []
  /** @type {(path: string, body: Fields) => Fields | { unsigned: Fields }} */
  let gateway = () => ({})
  let created_ = 0
  /** @type {typeof globalThis.fetch} */
  const fakeFetch = async (url, init) => {
    const body = JSON.parse(String(init?.body))
    const path = new URL(String(url)).pathname.replace('/sandbox', '')
    requests.push({ path, body })
    const answer = gateway(path, body)
    const text = 'unsigned' in answer ? answer.unsigned : withHash(answer, salt)
    return new Response(JSON.stringify(text))
  }
  const client = new Client(config, { fetch: fakeFetch })

  before(async () => {
    server = createServer(appHandler({ kit: 'Test', config, routes: orderRoutes(client, orders) }))
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
    const address = server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  after(() => server.close())

  /** The sandbox: its clock at `now`, and a new subscription for what createSubscription sends. */
  const sandbox = (now = '2026-12-31T20:00:00.000Z') => {
    gateway = (path, body) => {
      if (path === '/pgws/clock') {
        return { PAY_ID: config.payId, NOW: now, RESPONSE_CODE: '000', RESPONSE_MESSAGE: 'ok' }
      }
      assert.equal(path, '/pgws/subscription')
      created_++
      const id = `sub_Route${String(created_).padStart(9, '0')}`
      return created(id, {
        SUBSCRIPTION_REF: body.SUBSCRIPTION_REF ?? '',
        START_DATE: body.START_DATE ?? '',
        CUST_NAME: body.CUST_NAME ?? '',
        AUTH_URL: `http://127.0.0.1:4150/sandbox/m/Route${String(created_).padStart(11, '0')}`,
      })
    }
  }
  /**
   * @param {string} path
   * @param {Fields} fields
   * @param {Record<string, string>} [headers]
   */
  const post = (path, fields, headers = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers,
      redirect: 'manual',
    })
  /** @param {string} id */
  const planJson = async (id) =>
    (await fetch(`${base}/subscriptions/${id}`, { headers: { Accept: 'application/json' } })).json()
  /** @param {string} id */
  const planHtml = async (id) =>
    (await fetch(`${base}/subscriptions/${id}`, { headers: { Accept: 'text/html' } })).text()
  /** @param {{ id: string, type: string, created: number, data: Fields }} event */
  const deliver = async (event, key = secret) => {
    const delivery = signWebhookEvent(event, key)
    const response = await fetch(`${base}/webhook`, {
      method: 'POST',
      body: delivery.body,
      headers: delivery.headers,
    })
    return { status: response.status, json: await response.json() }
  }
  const customer = {
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha.verma@example.com',
    CUST_PHONE: '9876543210',
  }
  /** Subscribes from the form: the plan's SUBSCRIPTION_ID. */
  const subscribe = async () => {
    sandbox()
    const response = await post('/subscriptions', customer)
    assert.equal(response.status, 303)
    const authUrl = response.headers.get('location') ?? ''
    const listed = await (
      await fetch(`${base}/subscriptions`, { headers: { Accept: 'application/json' } })
    ).json()
    const plan = listed.subscriptions.find(
      (/** @type {{ auth_url: string }} */ found) => found.auth_url === authUrl,
    )
    assert.ok(plan, authUrl)
    return /** @type {string} */ (plan.subscription_id)
  }

  it('offers "Subscribe monthly" on the home page and at GET /subscriptions, a plain form', async () => {
    assert.match(
      webhookNote(config, { subscriptions: true }).value,
      /<a class="button" href="\/subscriptions">Subscribe monthly<\/a>/,
    )
    assert.doesNotMatch(webhookNote(config, { paylinks: true }).value, /Subscribe monthly/)
    const response = await fetch(`${base}/subscriptions`)
    assert.equal(response.status, 200)
    const page = await response.text()
    assert.match(page, /<h1>Subscriptions<\/h1>/)
    assert.match(page, /<form method="post" action="\/subscriptions">/)
    assert.match(page, /₹499\.00 a month/)
    for (const name of ['CUST_NAME', 'CUST_EMAIL', 'CUST_PHONE']) {
      assert.match(page, new RegExp(`name="${name}"`), name)
    }
    assert.match(page, /None yet\./)
    assert.doesNotMatch(page, /<script>(?!document\.forms)/)
  })

  it('subscribes monthly by UPI from the account clock’s IST today and sends the customer to AUTH_URL', async () => {
    sandbox('2026-12-31T20:00:00.000Z') // 01:30 on 1 January 2027 in IST
    const response = await post('/subscriptions', customer)
    assert.equal(response.status, 303)
    assert.equal(
      response.headers.get('location'),
      'http://127.0.0.1:4150/sandbox/m/Route00000000001',
    )
    assert.deepEqual(
      requests.slice(-2).map((request) => request.path),
      ['/pgws/clock', '/pgws/subscription'],
    )
    const sent = requests.at(-1)?.body ?? {}
    assert.equal(verify(sent, salt), true)
    assert.match(sent.SUBSCRIPTION_REF ?? '', /^SUB\d+$/)
    assert.deepEqual(
      { ...sent, HASH: undefined, SUBSCRIPTION_REF: undefined },
      {
        PAY_ID: config.payId,
        METHOD: 'UPI',
        FREQUENCY: 'MONTHLY',
        AMOUNT: '49900',
        MAX_AMOUNT: '49900',
        START_DATE: '2027-01-01',
        DESCRIPTION: 'Monthly plan',
        CUST_NAME: 'Asha Verma',
        CUST_EMAIL: 'asha.verma@example.com',
        CUST_PHONE: '9876543210',
        RETURN_URL: `${config.appUrl}/subscriptions/return`,
        NOTIFY_URL: `${config.appUrl}/webhook`,
        SUBSCRIPTION_REF: undefined,
        HASH: undefined,
      },
    )
    const id = 'sub_Route000000001'
    const plan = await planJson(id)
    assert.deepEqual(
      [plan.status, plan.subscription_ref, plan.start_date, plan.amount, plan.debits],
      ['created', sent.SUBSCRIPTION_REF, '2027-01-01', '49900', []],
    )
    const page = await planHtml(id)
    for (const shown of [
      `<h1>Subscription ${id}: awaiting the mandate</h1>`,
      'Awaiting the mandate.',
      '₹499.00 (49900 paise) a month',
      '<form method="post" action="/subscriptions/cancel">',
      `<input type="hidden" name="SUBSCRIPTION_ID" value="${id}" />`,
      `href="/subscriptions/status?subscription_id=${id}"`,
    ]) {
      assert.ok(page.includes(shown), shown)
    }
    const list = await (await fetch(`${base}/subscriptions`)).text()
    assert.ok(list.includes(`href="/subscriptions/${id}"`))

    // JSON, when asked; a machine with no clock to read sends today's IST date.
    gateway = (path, body) => {
      if (path === '/pgws/clock') return { unsigned: { RESPONSE_CODE: '404' } }
      return created('sub_Route000000099', { START_DATE: body.START_DATE ?? '' })
    }
    const json = await post('/subscriptions', customer, { Accept: 'application/json' })
    const answer = await json.json()
    assert.deepEqual(
      [json.status, answer.verified, answer.subscription_id, answer.auth_url],
      [200, true, 'sub_Route000000099', answer.fields.AUTH_URL],
    )
    const istToday = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
    assert.equal(requests.at(-1)?.body.START_DATE, istToday)
  })

  it('refuses what the gateway refuses, recording no plan', async () => {
    const count = (await orders.plans()).length
    gateway = (path) =>
      path === '/pgws/clock'
        ? { PAY_ID: config.payId, NOW: '2026-12-07T10:00:00.000Z', RESPONSE_CODE: '000' }
        : {
            PAY_ID: config.payId,
            SUBSCRIPTION_REF: 'x',
            RESPONSE_CODE: '375',
            RESPONSE_MESSAGE: 'Invalid customer details',
          }
    const refused = await post('/subscriptions', customer)
    assert.equal(refused.status, 400)
    assert.match(await refused.text(), /375 Invalid customer details/)
    const creates = () => requests.filter((request) => request.path === '/pgws/subscription').length
    const sent = creates()
    const invalid = await post(
      '/subscriptions',
      { ...customer, CUST_PHONE: '12' },
      { Accept: 'application/json' },
    )
    assert.equal(invalid.status, 400)
    assert.ok((await invalid.json()).error)
    assert.equal(creates(), sent, 'no subscription asked for with a phone the gateway would refuse')
    assert.equal((await orders.plans()).length, count)
  })

  it('the webhook moves the plan once per event; a revoke stops it and the page says the customer cancelled', async () => {
    const id = await subscribe()
    const activation = subscriptionEvent('subscription.activated', id, activated)
    assert.equal((await deliver(activation, 'wh_someone_else')).status, 400)
    assert.equal((await planJson(id)).status, 'created')
    assert.deepEqual(await deliver(activation), {
      status: 200,
      json: {
        received: true,
        duplicate: false,
        event_id: activation.id,
        subscription_id: id,
        status: 'active',
        debits: 0,
      },
    })
    assert.equal((await deliver(activation)).json.duplicate, true)
    const first = subscriptionEvent(
      'subscription.charged',
      id,
      charge(id, '0', '2026-10-26 10:20:00'),
    )
    assert.equal((await deliver(first)).json.debits, 1)
    assert.equal((await deliver(first)).json.duplicate, true)
    await deliver(subscriptionEvent('subscription.notified', id, notice('1')))
    let page = await planHtml(id)
    for (const shown of [
      `<h1>Subscription ${id}: active</h1>`,
      `${id}-0-1`,
      'subscription.charged',
      '₹499.00 (49900 paise) on 2026-11-26 07:00:00 (IST), cycle 1',
    ]) {
      assert.ok(page.includes(shown), shown)
    }
    await deliver(subscriptionEvent('subscription.charged', id, charge(id, '1')))

    const revoke = subscriptionEvent('subscription.cancelled', id, {
      STATUS: 'CANCELLED',
      CANCELLED_BY: 'CUSTOMER',
      ENDED_AT: '2026-12-01 09:00:00',
      INSTRUMENT: '',
      RESPONSE_DATE_TIME: '2026-12-01 09:00:00',
    })
    assert.equal((await deliver(revoke)).json.status, 'cancelled')
    const late = await deliver(subscriptionEvent('subscription.charged', id, charge(id, '2')))
    assert.deepEqual(
      [late.json.status, late.json.debits, late.json.ignored],
      ['cancelled', 2, 'the plan is cancelled: no debit after it is recorded'],
    )
    const plan = await planJson(id)
    assert.deepEqual(
      [
        plan.status,
        plan.cancelled_by,
        plan.debits.map((/** @type {{ cycle: string }} */ d) => d.cycle),
      ],
      ['cancelled', 'CUSTOMER', ['0', '1']],
    )
    page = await planHtml(id)
    assert.ok(page.includes(`<h1>Subscription ${id}: cancelled</h1>`))
    assert.ok(page.includes('The customer cancelled.'))
    assert.ok(page.includes('They revoked the mandate in their UPI app'))
    assert.ok(!page.includes('action="/subscriptions/cancel"'), 'no Cancel once it ended')
  })

  it('Cancel cancels at the gateway as the merchant; a refused cancel (385) changes nothing', async () => {
    const id = await subscribe()
    await deliver(subscriptionEvent('subscription.activated', id, activated))
    gateway = (path, body) => {
      assert.deepEqual([path, body.SUBSCRIPTION_ID], ['/pgws/subscription/cancel', id])
      return subscription(id, {
        STATUS: 'CANCELLED',
        CANCELLED_BY: 'MERCHANT',
        ENDED_AT: '2026-10-27 10:00:00',
        INSTRUMENT: '',
        RESPONSE_DATE_TIME: '2026-10-27 10:00:00',
        DEBITS: JSON.stringify([
          {
            ...charge(id, '0', '2026-10-26 10:20:00'),
            DEBIT_AT: '2026-10-26 10:20:00',
            NOTIFIED_AT: '2026-10-26 10:20:00',
            APPROVAL_REQUIRED: 'N',
            APPROVED: 'N',
            STATUS: 'CHARGED',
            RESPONSE_CODE: '000',
            FEE: '300',
            GST: '54',
          },
        ]),
      })
    }
    const cancelled = await post('/subscriptions/cancel', { SUBSCRIPTION_ID: id })
    assert.equal(cancelled.status, 303)
    assert.equal(cancelled.headers.get('location'), `/subscriptions/${id}`)
    const plan = await planJson(id)
    assert.deepEqual(
      [plan.status, plan.cancelled_by, plan.updated_by, plan.debits.length],
      ['cancelled', 'MERCHANT', 'cancel', 1],
    )
    assert.ok((await planHtml(id)).includes('Cancelled by you.'))

    gateway = () => ({
      PAY_ID: config.payId,
      SUBSCRIPTION_ID: id,
      RESPONSE_CODE: '385',
      RESPONSE_MESSAGE: 'This subscription is not running',
    })
    const again = await post(
      '/subscriptions/cancel',
      { SUBSCRIPTION_ID: id },
      { Accept: 'application/json' },
    )
    assert.equal(again.status, 400)
    assert.match((await again.json()).error, /^385 /)
    const sent = requests.length
    assert.equal(
      (await post('/subscriptions/cancel', { SUBSCRIPTION_ID: 'sub_NotMine0000000' })).status,
      400,
    )
    assert.equal(requests.length, sent, 'no call for a plan this app did not make')
  })

  it('Check reconciles the plan from the status answer’s DEBITS when a webhook was missed', async () => {
    const id = await subscribe()
    gateway = (path, body) => {
      assert.deepEqual([path, body.SUBSCRIPTION_ID], ['/pgws/subscription/status', id])
      return subscription(id, {
        STATUS: 'ACTIVE',
        RESPONSE_DATE_TIME: '2026-10-26 11:00:00',
        DEBITS: JSON.stringify([
          {
            ...charge(id, '0', '2026-10-26 10:20:00'),
            DEBIT_AT: '2026-10-26 10:20:00',
            NOTIFIED_AT: '2026-10-26 10:20:00',
            APPROVAL_REQUIRED: 'N',
            APPROVED: 'N',
            STATUS: 'CHARGED',
            RESPONSE_CODE: '000',
            FEE: '300',
            GST: '54',
          },
        ]),
      })
    }
    const checked = await fetch(`${base}/subscriptions/status?subscription_id=${id}`)
    const answer = await checked.json()
    assert.deepEqual(
      [answer.verified, answer.fields.STATUS, answer.fields.DEBITS.length],
      [true, 'ACTIVE', 1],
    )
    const plan = await planJson(id)
    assert.deepEqual(
      [plan.status, plan.updated_by, plan.debits[0].cycle, plan.debits[0].recorded_by],
      ['active', 'status', '0', 'status'],
    )
    const page = await (
      await fetch(`${base}/subscriptions/status?subscription_id=${id}`, {
        headers: { Accept: 'text/html' },
      })
    ).text()
    assert.ok(page.includes(`Subscription ${id}: ACTIVE`))
    assert.ok(page.includes('1 attempts'))
    assert.ok(page.includes(`href="/subscriptions/${id}"`))
    // The charge's own webhook, late: recorded once already.
    const late = await deliver(
      subscriptionEvent('subscription.charged', id, charge(id, '0', '2026-10-26 10:20:00')),
    )
    assert.deepEqual([late.json.debits, late.json.ignored], [1, 'cycle 0 is recorded already'])
    assert.equal((await fetch(`${base}/subscriptions/status?subscription_id=nope`)).status, 400)
  })

  it('the return page verifies the posted HASH and shows the state without moving the plan', async () => {
    const id = await subscribe()
    const posted = withHash(
      subscription(id, { STATUS: 'ACTIVE', RESPONSE_DATE_TIME: '2026-10-26 10:20:00' }),
      salt,
    )
    const shown = await post('/subscriptions/return', posted)
    assert.equal(shown.status, 200)
    const page = await shown.text()
    assert.ok(page.includes(`<h1>Subscription ${id}: ACTIVE</h1>`))
    assert.ok(page.includes('awaiting the mandate'), 'the plan as recorded')
    assert.ok(page.includes(`href="/subscriptions/${id}"`))
    assert.equal((await planJson(id)).status, 'created', 'the return moves nothing')
    const json = await (
      await post('/subscriptions/return', posted, { Accept: 'application/json' })
    ).json()
    assert.deepEqual(
      [json.verified, json.fields.STATUS, json.plan.status],
      [true, 'ACTIVE', 'created'],
    )

    const tampered = { ...posted, STATUS: 'CANCELLED' }
    const refused = await post('/subscriptions/return', tampered)
    assert.equal(refused.status, 400)
    assert.match(await refused.text(), /Response not verified/)
    const refusedJson = await post('/subscriptions/return', tampered, {
      Accept: 'application/json',
    })
    assert.deepEqual([refusedJson.status, (await refusedJson.json()).verified], [400, false])
    const foreign = withHash({ ...posted, PAY_ID: '1000000000000002', HASH: undefined }, salt)
    assert.equal((await post('/subscriptions/return', foreign)).status, 400)
    const unsigned = Object.fromEntries(Object.entries(posted).filter(([key]) => key !== 'HASH'))
    assert.equal((await post('/subscriptions/return', unsigned)).status, 400)
    assert.equal((await planJson(id)).status, 'created')
  })
})
