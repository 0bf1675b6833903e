import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Client, signWebhookEvent, withHash } from '../../core/index.js'
import { OrderStore, appHandler, money, orderRoutes } from '../web.js'
import { demoConfig, demoSalt as salt, demoSecret as secret } from '../../core/tests/support.js'

const root = mkdtempSync(join(tmpdir(), 'paystra-disputes-'))
after(() => rmSync(root, { recursive: true, force: true }))
const config = demoConfig({ dataDir: root })

const dispute = {
  DISPUTE_ID: 'dsp_0a1b2c3d4e5f60718293',
  ORDER_ID: 'PG1',
  TXN_ID: '1234567890123456',
  PG_REF_NUM: '202612345678901234',
  AMOUNT: '100',
  CURRENCY_CODE: '356',
  INR_AMOUNT: '100',
  REASON_CODE: '13.1',
  REASON: 'Merchandise <or> services not received',
  RESPOND_BY: '2026-12-07',
  STATUS: 'OPEN',
  EVIDENCE_RECEIVED: 'N',
  CREATED_AT: '2026-11-30 12:00:00',
  DECIDED_AT: '',
  RESOLUTION: '',
}
let eventCount = 0
/**
 * A verified dispute event of the order.
 * @param {string} type
 * @param {Record<string, string>} [changes]
 */
function disputeEvent(type, changes = {}) {
  eventCount++
  const data = withHash({ PAY_ID: config.payId, ...dispute, ...changes }, salt)
  return { id: `evt_${String(eventCount).padStart(24, 'd')}`, type, created: 1, data }
}

describe('the order store: disputes', () => {
  it('records dispute.created on its order once, and only moves the dispute forward', async () => {
    const store = new OrderStore(join(root, 'store.json'))
    await store.create('PG1', '100')
    const created = disputeEvent('dispute.created')
    assert.deepEqual(await store.receive(created), {
      received: true,
      duplicate: false,
      event_id: created.id,
      order_id: 'PG1',
      status: 'created',
      dispute_status: 'OPEN',
    })
    assert.equal((await store.receive(created)).duplicate, true)
    const order = await store.get('PG1')
    assert.deepEqual(order?.dispute, {
      DISPUTE_ID: dispute.DISPUTE_ID,
      STATUS: 'OPEN',
      REASON_CODE: '13.1',
      REASON: dispute.REASON,
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      RESPOND_BY: '2026-12-07',
      RESOLUTION: '',
    })
    assert.deepEqual(order?.events, [created.id])

    const contested = { ...dispute, STATUS: 'UNDER_REVIEW', EVIDENCE_RECEIVED: 'Y' }
    assert.equal((await store.disputeAnswered(contested))?.dispute?.STATUS, 'UNDER_REVIEW')
    const late = await store.receive(disputeEvent('dispute.created'))
    assert.equal(late.dispute_status, 'UNDER_REVIEW', 'a late created never reopens it')
    const won = disputeEvent('dispute.won', {
      STATUS: 'WON',
      RESOLUTION: 'Evidence accepted by the issuer',
    })
    assert.equal((await store.receive(won)).dispute_status, 'WON')
    const lost = await store.receive(disputeEvent('dispute.lost', { STATUS: 'LOST' }))
    assert.equal(lost.dispute_status, 'WON', 'decided stays decided')
    assert.equal((await store.get('PG1'))?.dispute?.RESOLUTION, 'Evidence accepted by the issuer')
    const elsewhere = await store.receive(disputeEvent('dispute.created', { ORDER_ID: 'PG9' }))
    assert.match(elsewhere.ignored ?? '', /No order PG9/)
  })
})

describe('GET /orders/<ORDER_ID> and POST /dispute', () => {
  /** @type {import('node:http').Server} */
  let server
  let base = ''
  const orders = new OrderStore(join(root, 'routes.json'))
  /** @type {Array<Record<string, string>>} */
  const requests = []
  /** @type {Record<string, string>} */
  let gatewayAnswer = {}
  /** @type {typeof globalThis.fetch} */
  const fakeFetch = async (_url, init) => {
    requests.push(JSON.parse(String(init?.body)))
    return new Response(JSON.stringify(withHash(gatewayAnswer, salt)))
  }
  const client = new Client(config, { fetch: fakeFetch })

  before(async () => {
    for (const id of ['PG1', 'PG2', 'PG3']) await orders.create(id, '100')
    server = createServer(appHandler({ kit: 'Test', config, routes: orderRoutes(client, orders) }))
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
    const address = server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  after(() => server.close())

  /** @param {ReturnType<typeof disputeEvent>} event */
  const deliver = async (event) => {
    const { body, headers } = signWebhookEvent(event, secret)
    const response = await fetch(`${base}/webhook`, { method: 'POST', body, headers })
    assert.equal(response.status, 200)
    return response.json()
  }
  /** @param {string} orderId */
  const page = async (orderId) =>
    (await fetch(`${base}/orders/${orderId}`, { headers: { Accept: 'text/html' } })).text()

  it('shows the dispute in the JSON and on the page, with Respond by and the answer forms', async () => {
    const none = await (
      await fetch(`${base}/orders/PG1`, { headers: { Accept: 'application/json' } })
    ).json()
    assert.equal(none.dispute, null)
    assert.doesNotMatch(await page('PG1'), /Dispute ID/)
    await deliver(disputeEvent('dispute.created'))
    const json = await (
      await fetch(`${base}/orders/PG1`, { headers: { Accept: 'application/json' } })
    ).json()
    assert.deepEqual(json.dispute, {
      dispute_id: dispute.DISPUTE_ID,
      status: 'OPEN',
      reason_code: '13.1',
      reason: dispute.REASON,
      amount: '100',
      currency_code: '356',
      respond_by: '2026-12-07',
    })
    const html = await page('PG1')
    for (const shown of [
      'Dispute',
      dispute.DISPUTE_ID,
      'OPEN',
      'Respond by 2026-12-07',
      'Merchandise &lt;or&gt; services',
      'Accept dispute',
      'Contest dispute',
      'name="EVIDENCE"',
      '₹1.00',
    ]) {
      assert.ok(html.includes(shown), shown)
    }
  })

  it('shows a foreign amount in its currency', () => {
    assert.equal(money('1250', '414'), 'KWD 1.250 (AMOUNT 1250)')
    assert.equal(money('100', '356'), '₹1.00 (100 paise)')
  })

  it('accepts from the form: the verified answer is recorded at once, then back to the order', async () => {
    await deliver(disputeEvent('dispute.created', { ORDER_ID: 'PG2' }))
    gatewayAnswer = { ...dispute, ORDER_ID: 'PG2', STATUS: 'LOST', RESPONSE_CODE: '000' }
    const response = await fetch(`${base}/dispute`, {
      method: 'POST',
      body: new URLSearchParams({ ORDER_ID: 'PG2', ACTION: 'ACCEPT' }),
      redirect: 'manual',
    })
    assert.equal(response.status, 303)
    assert.equal(response.headers.get('location'), '/orders/PG2')
    assert.deepEqual(requests.at(-1), {
      ...requests.at(-1),
      DISPUTE_ID: dispute.DISPUTE_ID,
      ACTION: 'ACCEPT',
    })
    assert.equal((await orders.get('PG2'))?.dispute?.STATUS, 'LOST')
    const html = await page('PG2')
    assert.match(html, /LOST/)
    assert.doesNotMatch(html, /Accept dispute/)
  })

  it('contests with the evidence; a signed refusal changes nothing; no dispute, no answer', async () => {
    await deliver(disputeEvent('dispute.created', { ORDER_ID: 'PG3' }))
    gatewayAnswer = {
      PAY_ID: config.payId,
      RESPONSE_CODE: '350',
      RESPONSE_MESSAGE: 'Invalid evidence',
      STATUS: 'Failed',
    }
    const contest = (/** @type {string} */ orderId) =>
      fetch(`${base}/dispute`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ ORDER_ID: orderId, ACTION: 'CONTEST', EVIDENCE: 'Delivered.' }),
      })
    const refused = await contest('PG3')
    assert.equal(refused.status, 400)
    assert.match((await refused.json()).error, /^350 /)
    assert.equal((await orders.get('PG3'))?.dispute?.STATUS, 'OPEN')

    gatewayAnswer = { ...dispute, ORDER_ID: 'PG3', STATUS: 'UNDER_REVIEW', RESPONSE_CODE: '000' }
    const answered = await contest('PG3')
    assert.equal(answered.status, 200)
    assert.equal(requests.at(-1)?.EVIDENCE, 'Delivered.')
    assert.equal(requests.at(-1)?.ACTION, 'CONTEST')
    assert.equal((await orders.get('PG3'))?.dispute?.STATUS, 'UNDER_REVIEW')
    assert.equal((await contest('NONE')).status, 400)
  })
})
