import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Client, signWebhookEvent, withHash } from '../../core/index.js'
import { OrderStore, appHandler, orderRoutes, webhookNote } from '../web.js'
import { demoConfig, demoSalt as salt, demoSecret as secret } from '../../core/tests/support.js'

const root = mkdtempSync(join(tmpdir(), 'paystra-paylinks-'))
after(() => rmSync(root, { recursive: true, force: true }))
const config = demoConfig({ dataDir: root })

const ok = {
  RESPONSE_CODE: '000',
  RESPONSE_MESSAGE: 'Transaction successful',
  RESPONSE_DATE_TIME: '2026-12-07 13:09:53',
}
/**
 * A link with every field the sandbox answers it with, for the order `referenceId`.
 * @param {string} referenceId
 * @param {Record<string, string>} [changes]
 */
function link(referenceId, changes = {}) {
  return {
    PAY_ID: config.payId,
    PAYLINK_ID: 'plink_4Fq9ZkT2mW8xLc',
    REFERENCE_ID: referenceId,
    AMOUNT: '24900',
    CURRENCY_CODE: '356',
    DESCRIPTION: 'Invoice 42: two chai sets',
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha.verma@example.com',
    CUST_PHONE: '9876543210',
    EXPIRE_BY: '',
    VALIDATE_BENEFICIARY: 'N',
    SHORT_URL: 'http://127.0.0.1:4150/sandbox/l/4Fq9ZkT2',
    STATUS: 'CREATED',
    CREATED_AT: '2026-12-07 13:09:53',
    LINK_FEE: '100',
    LINK_GST: '18',
    TXNTYPE: 'PAYLINK',
    ...ok,
    ...changes,
  }
}
/** What a paid link adds: the paying attempt's ORDER_ID and TXN_ID. */
const paid = {
  STATUS: 'PAID',
  ORDER_ID: 'plink_4Fq9ZkT2mW8xLc-1',
  TXN_ID: '1234567890123456',
  PAID_AT: '2026-12-07 13:12:00',
}

let eventCount = 0
/**
 * A verified event of the gateway's, its data signed with the salt.
 * @param {string} type
 * @param {Record<string, string>} data
 */
function linkEvent(type, data) {
  eventCount++
  return {
    id: `evt_${String(eventCount).padStart(24, 'a')}`,
    type,
    created: 1,
    data: withHash(data, salt),
  }
}

describe('the order store: payment links', () => {
  it('records a link order awaiting payment, and paylink.paid by its REFERENCE_ID marks it paid once', async () => {
    const store = new OrderStore(join(root, 'store.json'))
    await store.paylinkCreated('PL1', withHash(link('PL1'), salt))
    assert.deepEqual(await store.get('PL1'), {
      order_id: 'PL1',
      amount: '24900',
      status: 'created',
      events: [],
      updated_by: null,
      paylink: {
        PAYLINK_ID: 'plink_4Fq9ZkT2mW8xLc',
        SHORT_URL: 'http://127.0.0.1:4150/sandbox/l/4Fq9ZkT2',
        STATUS: 'CREATED',
        DESCRIPTION: 'Invoice 42: two chai sets',
        CURRENCY_CODE: '356',
        EXPIRE_BY: '',
        ORDER_ID: '',
        TXN_ID: '',
      },
    })
    // The attempt's own payment.captured names the attempt, not the order: nothing to do.
    const captured = await store.receive(
      linkEvent('payment.captured', { ORDER_ID: paid.ORDER_ID, RESPONSE_CODE: '000' }),
    )
    assert.match(captured.ignored ?? '', /No order plink_4Fq9ZkT2mW8xLc-1/)

    const event = linkEvent('paylink.paid', link('PL1', paid))
    assert.deepEqual(await store.receive(event), {
      received: true,
      duplicate: false,
      event_id: event.id,
      order_id: 'PL1',
      status: 'paid',
      paylink_status: 'PAID',
    })
    assert.deepEqual(await store.receive(event), {
      received: true,
      duplicate: true,
      event_id: event.id,
      order_id: 'PL1',
      status: 'paid',
    })
    const order = await store.get('PL1')
    assert.equal(order?.updated_by, 'webhook')
    assert.deepEqual(order?.events, [event.id])
    assert.deepEqual(
      [order?.paylink?.STATUS, order?.paylink?.ORDER_ID, order?.paylink?.TXN_ID],
      ['PAID', paid.ORDER_ID, paid.TXN_ID],
    )
    // Each ending is final: a late expiry or cancel (a new event id) changes nothing.
    const late = await store.receive(
      linkEvent('paylink.expired', link('PL1', { STATUS: 'EXPIRED' })),
    )
    assert.deepEqual([late.status, late.paylink_status], ['paid', 'PAID'])
    assert.equal((await store.get('PL1'))?.events.length, 2)
  })

  it('moves a link order to expired or cancelled, forward only, and ignores links not its own', async () => {
    const store = new OrderStore(join(root, 'endings.json'))
    await store.paylinkCreated('PL2', link('PL2'))
    await store.paylinkCreated('PL3', link('PL3', { PAYLINK_ID: 'plink_Zz9ZkT2mW8xLc' }))
    await store.create('PG1', '100')

    const expired = await store.receive(
      linkEvent('paylink.expired', link('PL2', { STATUS: 'EXPIRED', EXPIRED_AT: 'x' })),
    )
    assert.deepEqual([expired.status, expired.paylink_status], ['expired', 'EXPIRED'])
    const paidLate = await store.receive(linkEvent('paylink.paid', link('PL2', paid)))
    assert.equal(paidLate.status, 'expired')

    const cancelled = { STATUS: 'CANCELLED', PAYLINK_ID: 'plink_Zz9ZkT2mW8xLc' }
    const answered = await store.paylinkAnswered(link('PL3', cancelled), 'cancel')
    assert.deepEqual([answered?.status, answered?.updated_by], ['cancelled', 'cancel'])
    const event = await store.receive(linkEvent('paylink.cancelled', link('PL3', cancelled)))
    assert.deepEqual([event.duplicate, event.status], [false, 'cancelled'])

    // Another link naming this order, an order that is no link's, a reference nobody made.
    const other = await store.receive(linkEvent('paylink.paid', link('PL3', paid)))
    assert.match(other.ignored ?? '', /No payment link PL3/)
    assert.match(
      (await store.receive(linkEvent('paylink.paid', link('PG1', paid)))).ignored ?? '',
      /No payment link PG1/,
    )
    assert.match(
      (await store.receive(linkEvent('paylink.paid', link('__proto__', paid)))).ignored ?? '',
      /No payment link __proto__/,
    )
    assert.equal((await store.get('PG1'))?.status, 'created')

    // A refusal says nothing of the link; a status answer of an open link changes nothing.
    await store.paylinkCreated('PL4', link('PL4'))
    const refusal = { STATUS: 'Failed', RESPONSE_CODE: '373' }
    assert.equal((await store.paylinkAnswered(link('PL4', refusal), 'cancel'))?.status, 'created')
    assert.equal((await store.paylinkAnswered(link('PL4'), 'status'))?.updated_by, null)
    assert.deepEqual(
      (await store.paylinks()).map((order) => order.order_id),
      ['PL4', 'PL3', 'PL2'],
    )
  })
})

describe('GET and POST /paylinks, the order page and the webhook', () => {
  /** @type {import('node:http').Server} */
  let server
  let base = ''
  const orders = new OrderStore(join(root, 'routes.json'))
  /** @type {Array<{ path: string, body: Record<string, string> }>} */
  const requests = []
  /** @type {(path: string, body: Record<string, string>) => Record<string, string>} */
  let gateway = () => ({})
  /** @type {typeof globalThis.fetch} */
  const fakeFetch = async (url, init) => {
    const body = JSON.parse(String(init?.body))
    const path = new URL(String(url)).pathname.replace('/sandbox', '')
    requests.push({ path, body })
    return new Response(JSON.stringify(withHash(gateway(path, body), salt)))
  }
  const client = new Client(config, { fetch: fakeFetch })

  before(async () => {
    server = createServer(appHandler({ kit: 'Test', config, routes: orderRoutes(client, orders) }))
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
    const address = server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  after(() => server.close())

  /** The gateway as it answers createPaylink: the link, for the REFERENCE_ID sent. */
  const creates = () => {
    gateway = (path, body) => {
      assert.equal(path, '/pgws/paylink')
      return link(body.REFERENCE_ID ?? '', {
        AMOUNT: body.AMOUNT ?? '',
        DESCRIPTION: body.DESCRIPTION ?? '',
        EXPIRE_BY: body.EXPIRE_BY ?? '',
      })
    }
  }
  /**
   * @param {string} path
   * @param {Record<string, string>} fields
   * @param {Record<string, string>} [headers]
   */
  const post = (path, fields, headers = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers,
      redirect: 'manual',
    })
  /** @param {string} orderId */
  const orderJson = async (orderId) =>
    (
      await fetch(`${base}/orders/${encodeURIComponent(orderId)}`, {
        headers: { Accept: 'application/json' },
      })
    ).json()
  /** @param {string} orderId */
  const orderHtml = async (orderId) =>
    (
      await fetch(`${base}/orders/${encodeURIComponent(orderId)}`, {
        headers: { Accept: 'text/html' },
      })
    ).text()
  /** @param {ReturnType<typeof linkEvent>} event */
  const deliver = async (event, key = secret) => {
    const { body, headers } = signWebhookEvent(event, key)
    const response = await fetch(`${base}/webhook`, { method: 'POST', body, headers })
    return { status: response.status, json: await response.json() }
  }

  it('offers the form on the home page and at GET /paylinks, a plain form with no script', async () => {
    assert.match(
      webhookNote(config, { paylinks: true }).value,
      /<a class="button" href="\/paylinks">Send a payment link<\/a>/,
    )
    assert.doesNotMatch(webhookNote(config).value, /Send a payment link/)
    const response = await fetch(`${base}/paylinks`)
    assert.equal(response.status, 200)
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/)
    const page = await response.text()
    assert.match(page, /<h1>Payment links<\/h1>/)
    assert.match(page, /<form method="post" action="\/paylinks">/)
    for (const name of ['AMOUNT', 'DESCRIPTION', 'CUST_NAME', 'CUST_EMAIL', 'CUST_PHONE']) {
      assert.match(page, new RegExp(`name="${name}"`), name)
    }
    assert.match(page, /<select name="EXPIRES_IN">/)
    assert.match(page, /None yet\./)
    assert.doesNotMatch(page, /<script>(?!document\.forms)/)
  })

  it('creates the link for a new order (REFERENCE_ID its id, NOTIFY_URL the webhook) and shows its SHORT_URL, awaiting payment', async () => {
    creates()
    const response = await post('/paylinks', {
      AMOUNT: '24900',
      DESCRIPTION: 'Two <b>chai</b> sets',
      CUST_NAME: 'Asha Verma',
      CUST_EMAIL: '',
      CUST_PHONE: '9876543210',
      EXPIRES_IN: '',
    })
    assert.equal(response.status, 303)
    const location = response.headers.get('location') ?? ''
    const orderId = decodeURIComponent(location.replace('/orders/', ''))
    assert.match(orderId, /^PL\d+$/)
    const sent = requests.at(-1)?.body ?? {}
    assert.equal(requests.at(-1)?.path, '/pgws/paylink')
    assert.deepEqual(
      { ...sent, HASH: undefined },
      {
        PAY_ID: config.payId,
        AMOUNT: '24900',
        CURRENCY_CODE: '356',
        DESCRIPTION: 'Two <b>chai</b> sets',
        CUST_NAME: 'Asha Verma',
        CUST_PHONE: '9876543210',
        REFERENCE_ID: orderId,
        NOTIFY_URL: `${config.appUrl}/webhook`,
        HASH: undefined,
      },
    )

    const json = await orderJson(orderId)
    assert.deepEqual(json, {
      order_id: orderId,
      status: 'created',
      amount: '24900',
      events: [],
      updated_by: null,
      dispute: null,
      paylink: {
        paylink_id: 'plink_4Fq9ZkT2mW8xLc',
        short_url: 'http://127.0.0.1:4150/sandbox/l/4Fq9ZkT2',
        status: 'CREATED',
        description: 'Two <b>chai</b> sets',
        currency_code: '356',
        expire_by: '',
        payment_order_id: '',
        txn_id: '',
      },
    })
    const page = await orderHtml(orderId)
    for (const shown of [
      `<h1>Order ${orderId}: awaiting payment</h1>`,
      '<a class="mono" href="http://127.0.0.1:4150/sandbox/l/4Fq9ZkT2">',
      'Awaiting payment.',
      'Two &lt;b&gt;chai&lt;/b&gt; sets',
      '<form method="post" action="/paylinks/cancel">',
      `<input type="hidden" name="ORDER_ID" value="${orderId}" />`,
      'Cancel link',
      `href="/paylinks/status?order_id=${orderId}"`,
    ]) {
      assert.ok(page.includes(shown), shown)
    }
    assert.doesNotMatch(page, /<b>chai/)
    const list = await (await fetch(`${base}/paylinks`)).text()
    assert.ok(list.includes(`href="/orders/${orderId}"`))
    assert.ok(list.includes('awaiting payment'))

    // paylink.paid, signed, marks it paid; a repeat and a forged one change nothing.
    const event = linkEvent('paylink.paid', link(orderId, paid))
    assert.equal((await deliver(event, 'wh_someone_else')).status, 400)
    assert.equal((await orderJson(orderId)).status, 'created')
    assert.deepEqual(await deliver(event), {
      status: 200,
      json: {
        received: true,
        duplicate: false,
        event_id: event.id,
        order_id: orderId,
        status: 'paid',
        paylink_status: 'PAID',
      },
    })
    assert.equal((await deliver(event)).json.duplicate, true)
    const after = await orderJson(orderId)
    assert.deepEqual(
      [after.status, after.updated_by, after.events, after.paylink.txn_id],
      ['paid', 'webhook', [event.id], paid.TXN_ID],
    )
    assert.equal(after.paylink.payment_order_id, paid.ORDER_ID)
    const paidPage = await orderHtml(orderId)
    assert.ok(paidPage.includes(`<h1>Order ${orderId}: paid</h1>`))
    assert.ok(paidPage.includes('Paid by link.'))
    assert.ok(paidPage.includes(paid.TXN_ID))
    assert.ok(!paidPage.includes('Cancel link'))
  })

  it('answers JSON when asked, sends an expiry, and a signed refusal records nothing', async () => {
    creates()
    const before = Date.now()
    const created = await post(
      '/paylinks',
      { AMOUNT: '100', DESCRIPTION: 'One chai', EXPIRES_IN: '7' },
      { Accept: 'application/json' },
    )
    assert.equal(created.status, 200)
    const body = await created.json()
    assert.equal(body.verified, true)
    assert.equal(body.fields.REFERENCE_ID, body.order_id)
    const expireBy = requests.at(-1)?.body.EXPIRE_BY ?? ''
    assert.match(expireBy, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/)
    const days = (Date.parse(expireBy) - before) / 86_400_000
    assert.ok(days > 6.99 && days < 7.01, String(days))

    gateway = (_path, sent) => ({
      PAY_ID: config.payId,
      REFERENCE_ID: sent.REFERENCE_ID ?? '',
      AMOUNT: sent.AMOUNT ?? '',
      STATUS: 'Failed',
      RESPONSE_CODE: '374',
      RESPONSE_MESSAGE: 'Duplicate reference id',
    })
    const count = (await orders.paylinks()).length
    const refused = await post('/paylinks', { AMOUNT: '100', DESCRIPTION: 'x' })
    assert.equal(refused.status, 400)
    assert.match(await refused.text(), /374 Duplicate reference id/)
    assert.equal((await orders.paylinks()).length, count)

    const before2 = requests.length
    const invalid = await post(
      '/paylinks',
      { AMOUNT: '-1', DESCRIPTION: 'x' },
      { Accept: 'application/json' },
    )
    assert.equal(invalid.status, 400)
    assert.ok((await invalid.json()).error)
    for (const expiresIn of ['3', 'toString']) {
      const badExpiry = await post('/paylinks', {
        AMOUNT: '100',
        DESCRIPTION: 'x',
        EXPIRES_IN: expiresIn,
      })
      assert.equal(badExpiry.status, 400, expiresIn)
    }
    assert.equal(requests.length, before2, 'nothing was sent')
  })

  it('cancels from the order page, checks the link with the gateway, and takes paylink.expired', async () => {
    creates()
    const first = await post('/paylinks', { AMOUNT: '100', DESCRIPTION: 'To cancel' })
    const cancelId = decodeURIComponent((first.headers.get('location') ?? '').slice(8))
    const second = await post('/paylinks', { AMOUNT: '100', DESCRIPTION: 'To expire' })
    const expireId = decodeURIComponent((second.headers.get('location') ?? '').slice(8))

    gateway = (path, body) => {
      assert.equal(path, '/pgws/paylink/cancel')
      assert.equal(body.PAYLINK_ID, 'plink_4Fq9ZkT2mW8xLc')
      return link(cancelId, { STATUS: 'CANCELLED', CANCELLED_AT: '2026-12-07 13:15:00' })
    }
    const cancelled = await post('/paylinks/cancel', { ORDER_ID: cancelId })
    assert.equal(cancelled.status, 303)
    assert.equal(cancelled.headers.get('location'), `/orders/${cancelId}`)
    const order = await orderJson(cancelId)
    assert.deepEqual([order.status, order.updated_by], ['cancelled', 'cancel'])
    assert.ok((await orderHtml(cancelId)).includes(`<h1>Order ${cancelId}: cancelled</h1>`))
    const event = await deliver(
      linkEvent('paylink.cancelled', link(cancelId, { STATUS: 'CANCELLED' })),
    )
    assert.equal(event.json.status, 'cancelled')

    gateway = () => ({
      PAY_ID: config.payId,
      STATUS: 'Failed',
      RESPONSE_CODE: '373',
      RESPONSE_MESSAGE: 'This payment link is paid, expired or cancelled',
    })
    const again = await post(
      '/paylinks/cancel',
      { ORDER_ID: cancelId },
      { Accept: 'application/json' },
    )
    assert.equal(again.status, 400)
    assert.match((await again.json()).error, /^373 /)
    assert.equal((await post('/paylinks/cancel', { ORDER_ID: 'NONE' })).status, 400)

    gateway = (path, body) => {
      assert.equal(path, '/pgws/paylink/status')
      assert.equal(body.REFERENCE_ID, expireId)
      return link(expireId)
    }
    const checked = await fetch(`${base}/paylinks/status?order_id=${expireId}`)
    assert.equal((await checked.json()).fields.STATUS, 'CREATED')
    const checkedPage = await fetch(`${base}/paylinks/status?order_id=${expireId}`, {
      headers: { Accept: 'text/html' },
    })
    assert.match(await checkedPage.text(), /Payment link of PL\d+: CREATED/)
    assert.equal((await orderJson(expireId)).status, 'created')

    const expired = await deliver(
      linkEvent('paylink.expired', link(expireId, { STATUS: 'EXPIRED', EXPIRED_AT: 'x' })),
    )
    assert.deepEqual([expired.json.status, expired.json.paylink_status], ['expired', 'EXPIRED'])
    const page = await orderHtml(expireId)
    assert.ok(page.includes(`<h1>Order ${expireId}: expired</h1>`))
    assert.ok(page.includes('Link expired.'))
  })
})
