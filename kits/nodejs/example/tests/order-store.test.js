import assert from 'node:assert/strict'
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Client, WEBHOOK_MESSAGES, signWebhookEvent, withHash } from '../../core/index.js'
import { OrderStore, appHandler, orderRoutes, statusRoute } from '../web.js'
import { demoConfig, demoSalt as salt, demoSecret as secret } from '../../core/tests/support.js'

const root = mkdtempSync(join(tmpdir(), 'paystra-orders-'))
after(() => rmSync(root, { recursive: true, force: true }))

const config = demoConfig({ dataDir: root })

let eventCount = 0
/**
 * @param {string} type
 * @param {Record<string, string>} fields
 */
function paymentEvent(type, fields) {
  eventCount++
  const data = withHash({ PAY_ID: config.payId, ...fields }, salt)
  return { id: `evt_${String(eventCount).padStart(24, '0')}`, type, created: 1, data }
}
const captured = { RESPONSE_CODE: '000', STATUS: 'Captured' }
const settlement = {
  SETTLEMENT_ID: 'setl_0a1b2c3d4e5f60718293',
  UTR: 'PYSTN26334000123',
  SETTLEMENT_DATE: '2026-11-30',
  CYCLE_FROM: '2026-11-27',
  CYCLE_TO: '2026-11-27',
  PAYMENTS_COUNT: '1',
  REFUNDS_COUNT: '0',
  GROSS_AMOUNT: '2500',
  REFUNDS_AMOUNT: '0',
  FEES_AMOUNT: '50',
  GST_AMOUNT: '9',
  ADJUSTMENTS_AMOUNT: '0',
  NET_AMOUNT: '2441',
  BANK_ACCOUNT: 'XXXXXXXXXX4321',
  STATUS: 'PROCESSED',
}
const recorded = {
  SETTLEMENT_ID: settlement.SETTLEMENT_ID,
  UTR: settlement.UTR,
  SETTLEMENT_DATE: settlement.SETTLEMENT_DATE,
  NET_AMOUNT: settlement.NET_AMOUNT,
  STATUS: settlement.STATUS,
}
const declined = { RESPONSE_CODE: '004', STATUS: 'Failed' }
const pending = { RESPONSE_CODE: '026', STATUS: 'Pending' }

describe('the order store', () => {
  it('keeps <example>-orders.json in the data folder, written whole', async () => {
    const store = OrderStore.forExample(config, 'unit')
    await store.create('PG1', '100')
    assert.deepEqual(await store.get('PG1'), {
      order_id: 'PG1',
      amount: '100',
      status: 'created',
      events: [],
      updated_by: null,
    })
    const saved = JSON.parse(readFileSync(join(root, 'unit-orders.json'), 'utf8'))
    assert.equal(saved.orders.PG1.status, 'created')
    assert.deepEqual(
      readdirSync(root).filter((name) => name.endsWith('.tmp')),
      [],
    )
    assert.equal(await store.get('PG2'), undefined)
  })

  it('records the return and the status enquiry forward only, and only for its orders', async () => {
    const store = new OrderStore(join(root, 'record.json'))
    await store.create('PG1', '100')
    assert.equal((await store.record({ ORDER_ID: 'PG1', ...pending }, 'return'))?.status, 'pending')
    assert.deepEqual(await store.record({ ORDER_ID: 'PG1', ...captured }, 'status'), {
      order_id: 'PG1',
      amount: '100',
      status: 'paid',
      events: [],
      updated_by: 'status',
    })
    const after = await store.record({ ORDER_ID: 'PG1', ...declined }, 'return')
    assert.equal(after?.status, 'paid')
    assert.equal(after?.updated_by, 'status')
    assert.equal(await store.record({ ORDER_ID: 'NOPE', ...captured }, 'return'), undefined)
  })

  it('writes no file for an answer about an order it does not have', async () => {
    const store = new OrderStore(join(root, 'untouched.json'))
    assert.equal(await store.record({ ORDER_ID: 'NOPE', ...captured }, 'status'), undefined)
    assert.equal(readdirSync(root).includes('untouched.json'), false)
  })

  it('takes a status enquiry’s 328 (the gateway has not seen the order yet) as no outcome', async () => {
    const store = new OrderStore(join(root, 'unseen.json'))
    await store.create('PG1', '100')
    const unseen = { ORDER_ID: 'PG1', RESPONSE_CODE: '328', STATUS: 'Failed' }
    assert.equal((await store.record(unseen, 'status'))?.status, 'created')
    assert.equal((await store.record({ ORDER_ID: 'PG1', ...captured }, 'return'))?.status, 'paid')
  })

  it('takes each webhook event once and never moves an order back', async () => {
    const store = new OrderStore(join(root, 'events.json'))
    await store.create('PG1', '100')
    const capture = paymentEvent('payment.captured', { ORDER_ID: 'PG1', ...captured })
    const first = {
      received: true,
      duplicate: false,
      event_id: capture.id,
      order_id: 'PG1',
      status: 'paid',
    }
    assert.deepEqual(await store.receive(capture), first)
    assert.deepEqual(await store.receive(capture), { ...first, duplicate: true })
    const late = paymentEvent('payment.failed', { ORDER_ID: 'PG1', ...declined })
    assert.equal((await store.receive(late)).status, 'paid')
    assert.deepEqual(await store.get('PG1'), {
      order_id: 'PG1',
      amount: '100',
      status: 'paid',
      events: [capture.id, late.id],
      updated_by: 'webhook',
    })
    const unknown = paymentEvent('payment.captured', { ORDER_ID: 'NOPE', ...captured })
    assert.match(String((await store.receive(unknown)).ignored), /No order NOPE/)
    const refund = paymentEvent('refund.processed', { ORDER_ID: 'PG1', ...captured })
    assert.match(String((await store.receive(refund)).ignored), /refund\.processed/)
    assert.equal((await store.receive(refund)).duplicate, true)
  })

  it('records settlement.processed under its SETTLEMENT_ID, once, and moves no order', async () => {
    const store = new OrderStore(join(root, 'settlements.json'))
    await store.create('PG1', '2500')
    const processed = paymentEvent('settlement.processed', settlement)
    assert.deepEqual(await store.receive(processed), {
      received: true,
      duplicate: false,
      event_id: processed.id,
      settlement_id: settlement.SETTLEMENT_ID,
    })
    assert.equal((await store.receive(processed)).duplicate, true)
    assert.deepEqual(await store.settlement(settlement.SETTLEMENT_ID), recorded)
    assert.deepEqual((await store.get('PG1'))?.status, 'created')
    const saved = JSON.parse(readFileSync(join(root, 'settlements.json'), 'utf8'))
    assert.deepEqual(saved.settlements, { [settlement.SETTLEMENT_ID]: recorded })
    assert.deepEqual(saved.events, [processed.id])
    assert.equal(await store.settlement('setl_ffffffffffffffffffff'), undefined)
    assert.equal(await store.settlement('__proto__'), undefined)
    const nameless = paymentEvent('settlement.processed', { ...settlement, SETTLEMENT_ID: '' })
    assert.match(String((await store.receive(nameless)).ignored), /SETTLEMENT_ID/)
  })

  it('loses no write when requests arrive together', async () => {
    const store = new OrderStore(join(root, 'together.json'))
    const ids = Array.from({ length: 40 }, (_, index) => `PG${index}`)
    await Promise.all(ids.map((id) => store.create(id, '100')))
    const events = ids.map((id) => paymentEvent('payment.captured', { ORDER_ID: id, ...captured }))
    const answers = await Promise.all([...events, ...events].map((event) => store.receive(event)))
    assert.equal(answers.filter((answer) => answer.duplicate).length, ids.length)
    for (const id of ids) assert.equal((await store.get(id))?.status, 'paid')
  })
})

describe('POST /webhook and GET /orders/<ORDER_ID>', () => {
  /** @type {import('node:http').Server} */
  let server
  let base = ''
  const orders = new OrderStore(join(root, 'routes.json'))
  /** @type {Record<string, string>} */
  let gatewayAnswer = {}
  /** @type {typeof globalThis.fetch} */
  const fakeFetch = async () => new Response(JSON.stringify(withHash(gatewayAnswer, salt)))
  const client = new Client(config, { fetch: fakeFetch })

  before(async () => {
    await orders.create('PG/1', '2500')
    await orders.create('PG2', '100')
    await orders.receive(paymentEvent('settlement.processed', settlement))
    const routes = { ...orderRoutes(client, orders), 'GET /status': statusRoute(client, orders) }
    server = createServer(appHandler({ kit: 'Test', config, routes }))
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
    const address = server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  after(() => server.close())

  /**
   * @param {string} body
   * @param {Record<string, string>} headers
   */
  const post = async (body, headers) => {
    const response = await fetch(`${base}/webhook`, { method: 'POST', body, headers })
    return { status: response.status, json: await response.json() }
  }

  it('verifies the raw body, applies the event once and shows the order', async () => {
    const event = paymentEvent('payment.captured', { ORDER_ID: 'PG/1', ...captured })
    const { body, headers } = signWebhookEvent(event, secret)
    assert.deepEqual(await post(body, headers), {
      status: 200,
      json: {
        received: true,
        duplicate: false,
        event_id: event.id,
        order_id: 'PG/1',
        status: 'paid',
      },
    })
    assert.equal((await post(body, headers)).json.duplicate, true)
    const order = await fetch(`${base}/orders/PG%2F1`)
    assert.equal(order.headers.get('content-type'), 'application/json; charset=utf-8')
    assert.deepEqual(await order.json(), {
      order_id: 'PG/1',
      status: 'paid',
      amount: '2500',
      events: [event.id],
      updated_by: 'webhook',
      dispute: null,
    })
    assert.equal((await (await fetch(`${base}/orders/PG/1`)).json()).status, 'paid')
  })

  it('takes settlement.processed and shows the settlement at GET /settlements/<SETTLEMENT_ID>', async () => {
    const other = { ...settlement, SETTLEMENT_ID: 'setl_1b2c3d4e5f6071829304', UTR: '' }
    const event = paymentEvent('settlement.processed', { ...other, STATUS: 'CARRIED_FORWARD' })
    const { body, headers } = signWebhookEvent(event, secret)
    assert.deepEqual(await post(body, headers), {
      status: 200,
      json: {
        received: true,
        duplicate: false,
        event_id: event.id,
        settlement_id: other.SETTLEMENT_ID,
      },
    })
    const shown = await fetch(`${base}/settlements/${other.SETTLEMENT_ID}`, {
      headers: { Accept: 'application/json' },
    })
    assert.equal(shown.status, 200)
    assert.deepEqual(await shown.json(), {
      SETTLEMENT_ID: other.SETTLEMENT_ID,
      UTR: '',
      SETTLEMENT_DATE: other.SETTLEMENT_DATE,
      NET_AMOUNT: other.NET_AMOUNT,
      STATUS: 'CARRIED_FORWARD',
    })
    const first = await fetch(`${base}/settlements/${settlement.SETTLEMENT_ID}`)
    assert.deepEqual(await first.json(), recorded)
    const page = await fetch(`${base}/settlements/${settlement.SETTLEMENT_ID}`, {
      headers: { Accept: 'text/html' },
    })
    assert.match(await page.text(), /PYSTN26334000123/)
    assert.equal((await orders.get('PG2'))?.status, 'created')
  })

  it('answers 404 for a settlement it was not told of', async () => {
    for (const id of ['setl_ffffffffffffffffffff', '__proto__', 'constructor']) {
      const missing = await fetch(`${base}/settlements/${id}`)
      assert.equal(missing.status, 404, id)
      assert.deepEqual(await missing.json(), { error: 'No such settlement' })
    }
  })

  it('refuses a delivery with 400, the reason and its message', async () => {
    const event = paymentEvent('payment.captured', { ORDER_ID: 'PG2', ...captured })
    const { body, headers } = signWebhookEvent(event, 'wh_someone_else')
    assert.deepEqual(await post(body, headers), {
      status: 400,
      json: { received: false, reason: 'wrong-secret', error: WEBHOOK_MESSAGES['wrong-secret'] },
    })
    const reserialised = JSON.stringify(JSON.parse(signWebhookEvent(event, secret).body))
    const answer = await post(reserialised, signWebhookEvent(event, secret).headers)
    assert.equal(answer.json.reason, 'body-reserialised')
    assert.equal((await post(body, {})).json.reason, 'malformed-header')
    assert.equal((await orders.get('PG2'))?.status, 'created')
  })

  it('answers 404 for an order it does not have, 405 for another method', async () => {
    const missing = await fetch(`${base}/orders/NOPE`)
    assert.equal(missing.status, 404)
    assert.deepEqual(await missing.json(), { error: 'No such order' })
    assert.equal((await fetch(`${base}/orders/`)).status, 404)
    assert.equal((await fetch(`${base}/orders/PG2`, { method: 'POST' })).status, 405)
    assert.equal((await fetch(`${base}/webhook`)).status, 405)
  })

  it('moves an order forward from the status enquiry too', async () => {
    gatewayAnswer = { ORDER_ID: 'PG2', ...pending }
    await fetch(`${base}/status?order_id=PG2`)
    assert.equal((await orders.get('PG2'))?.status, 'pending')
    assert.equal((await orders.get('PG2'))?.updated_by, 'status')
  })
})
