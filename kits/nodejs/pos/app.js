/**
 * Paystra POS kit: the back office of a store. Refund a sale in full or in parts, and
 * reconcile the day's orders against the gateway with one signed status enquiry per order.
 *
 * Run from the kit root: node pos/app.js
 */
import { Client, InvalidInputError, isOrderId, newOrderId } from '../core/index.js'
import {
  OrderStore,
  amountInput,
  answerPage,
  html,
  input,
  kitConfig,
  reply,
  rupees,
  startApp,
  statusForm,
  statusRoute,
  notifyUrl,
  orderRoutes,
  webhookNote,
} from '../example/web.js'

/** @typedef {import('../example/web.js').AppRequest} AppRequest */

const config = kitConfig(import.meta.url)
const client = new Client(config)
// The store's sales were taken elsewhere (a card terminal, another app): this back office keeps
// no orders of its own, so its webhook acknowledges events without recording them.
const orderStore = OrderStore.forExample(config, 'pos')

/** One reconciliation asks the gateway once per order: keep a run short. */
const MAX_ORDERS = 100

function home() {
  return {
    page: {
      title: 'Store back office',
      lead: 'Refund a customer and check the day’s sales against the gateway. Every request is signed with your salt and every answer is checked against its HASH.',
      body: html`<section class="card" aria-labelledby="refund-heading">
          <h2 id="refund-heading">Refund a sale</h2>
          <p>
            Refund all of a captured payment or part of it. Partial refunds add up; the gateway
            refuses a refund beyond what is left (code 329).
          </p>
          <form method="post" action="/refund">
            <div class="grid two">
              ${input({ label: 'Order ID of the sale', name: 'ORDER_ID', required: true })}
              ${amountInput('100')}
            </div>
            ${input({
              label: 'Refund ID (optional)',
              name: 'REFUND_ORDER_ID',
              hint: 'Your id for this refund; one is made up when left empty.',
            })}
            <button type="submit">Refund</button>
          </form>
        </section>
        <section class="card" aria-labelledby="reconcile-heading">
          <h2 id="reconcile-heading">Reconcile orders</h2>
          <p>
            Paste the order ids from your till, one per line or separated by commas. Each one is
            looked up with a status enquiry; the total counts captured payments.
          </p>
          <form method="post" action="/reconcile">
            <label
              >Order IDs
              <textarea name="ORDER_IDS" required aria-describedby="ids-hint"></textarea>
              <span class="hint" id="ids-hint">Up to ${MAX_ORDERS} orders.</span>
            </label>
            <button type="submit">Reconcile</button>
          </form>
        </section>
        ${statusForm()} ${webhookNote(config, { paylinks: true, subscriptions: true })}`,
    },
  }
}

/**
 * POST /refund: ORDER_ID, AMOUNT (paise) and optionally REFUND_ORDER_ID.
 * @param {AppRequest} request
 */
async function refund(request) {
  const form = await request.form()
  const refundOrderId = form.REFUND_ORDER_ID || newOrderId('RF')
  const fields = await client.refund(form.ORDER_ID ?? '', refundOrderId, form.AMOUNT ?? '', {
    NOTIFY_URL: notifyUrl(config),
  })
  const page = answerPage({
    title: `Refund of ${fields.ORDER_ID ?? form.ORDER_ID}`,
    fields,
    success: 'Refunded',
    caption: 'Refund answer',
  })
  return reply(request, { json: { verified: true, fields }, page })
}

/**
 * POST /reconcile: order ids as text/plain, or ORDER_IDS in a form or JSON.
 * @param {AppRequest} request
 */
async function reconcile(request) {
  const plain = String(request.headers['content-type'] ?? '').startsWith('text/plain')
  const list = plain ? await request.text() : ((await request.form()).ORDER_IDS ?? '')
  const orderIds = [...new Set(list.split(/[\s,]+/).filter((id) => id !== ''))]
  const invalid = orderIds.filter((id) => !isOrderId(id))
  if (orderIds.length === 0) throw new InvalidInputError('List at least one order id')
  if (invalid.length > 0) throw new InvalidInputError(`Not an order id: ${invalid.join(', ')}`)
  if (orderIds.length > MAX_ORDERS) {
    throw new InvalidInputError(`Reconcile at most ${MAX_ORDERS} orders at a time`)
  }

  const orders = []
  let captured = 0n
  let refunded = 0n
  for (const orderId of orderIds) {
    const fields = await client.status(orderId)
    await orderStore.record(fields, 'status')
    const order = {
      ORDER_ID: orderId,
      STATUS: fields.STATUS ?? '',
      RESPONSE_CODE: fields.RESPONSE_CODE ?? '',
      AMOUNT: fields.AMOUNT ?? '',
      REFUNDED_AMOUNT: fields.REFUNDED_AMOUNT ?? '0',
    }
    if (order.RESPONSE_CODE === '000' && order.STATUS === 'Captured') {
      captured += BigInt(order.AMOUNT || '0')
      refunded += BigInt(order.REFUNDED_AMOUNT)
    }
    orders.push(order)
  }
  const json = {
    orders,
    captured_total: String(captured),
    refunded_total: String(refunded),
  }
  return reply(request, { json, page: reconciliationPage(json) })
}

/**
 * Rupees, with the paise the protocol carries underneath.
 * @param {string} paise
 */
function amountCell(paise) {
  return html`<span>${rupees(paise)} <span class="hint">${paise} paise</span></span>`
}

/**
 * @param {{ orders: Array<Record<string, string>>, captured_total: string, refunded_total: string }} report
 */
function reconciliationPage(report) {
  const rows = report.orders.map(
    (order) =>
      html`<tr>
        <th scope="row" class="mono" data-label="Order ID">${order.ORDER_ID}</th>
        <td data-label="Status">${order.STATUS}</td>
        <td class="mono" data-label="Code">${order.RESPONSE_CODE}</td>
        <td class="num" data-label="Amount">${order.AMOUNT ? amountCell(order.AMOUNT) : '–'}</td>
        <td class="num" data-label="Refunded">
          ${
            order.REFUNDED_AMOUNT && order.REFUNDED_AMOUNT !== '0'
              ? amountCell(order.REFUNDED_AMOUNT)
              : '–'
          }
        </td>
      </tr>`,
  )
  return {
    title: 'Reconciliation',
    lead: `${report.orders.length} orders, each checked with a signed status enquiry. Totals count captured payments only.`,
    body: html`<div class="card">
      <div class="scroll">
        <table class="data">
          <caption>
            Orders and their status at the gateway
          </caption>
          <thead>
            <tr>
              <th scope="col">Order ID</th>
              <th scope="col">Status</th>
              <th scope="col">Code</th>
              <th scope="col" class="num">Amount</th>
              <th scope="col" class="num">Refunded</th>
            </tr>
          </thead>
          <tbody>
            ${rows}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colspan="3">Totals of captured payments</th>
              <td class="num" data-label="Captured">${amountCell(report.captured_total)}</td>
              <td class="num" data-label="Refunded">${amountCell(report.refunded_total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div class="actions"><a class="button secondary" href="/">Back</a></div>
    </div>`,
  }
}

startApp({
  kit: 'POS',
  config,
  routes: {
    'GET /': home,
    'POST /refund': refund,
    'POST /reconcile': reconcile,
    'GET /status': statusRoute(client, orderStore),
    ...orderRoutes(client, orderStore),
  },
})
