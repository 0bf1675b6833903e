/**
 * Paystra ePOS kit: counter sales by QR code. The cashier enters the amount; the gateway makes
 * a QR code for the order, either a UPI intent any UPI app pays or a link to the hosted payment
 * page (cards, net banking, UPI, wallets), and the till asks the status until it is paid.
 *
 * Run from the kit root: node epos/app.js
 */
import { Client, newOrderId } from '../core/index.js'
import {
  OrderStore,
  amountInput,
  amountText,
  fieldsTable,
  html,
  input,
  kitConfig,
  outcomeNotice,
  paymentResultPage,
  radioGroup,
  reply,
  sandboxTestData,
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
const orders = OrderStore.forExample(config, 'epos')

const QR_TYPES = [
  { value: 'UPI', label: 'UPI QR', hint: 'any UPI app pays it' },
  { value: 'PG', label: 'Payment link QR', hint: 'cards, net banking, UPI and wallets' },
]

function home() {
  return {
    page: {
      title: 'Counter sale by QR',
      lead: 'Enter the amount, show the QR code to the customer and watch the order turn from Pending to Captured. No card machine needed.',
      body: html`<section class="card" aria-labelledby="qr-heading">
          <h2 id="qr-heading">New sale</h2>
          <form method="post" action="/qr">
            ${amountInput('2500')}
            ${radioGroup({ legend: 'QR code', name: 'QR_TYPE', options: QR_TYPES })}
            ${input({ label: 'Customer name (optional)', name: 'CUST_NAME', autocomplete: 'off' })}
            <button type="submit">Show QR code</button>
          </form>
        </section>
        <section class="card" aria-labelledby="how-heading">
          <h2 id="how-heading">What happens</h2>
          <ol class="steps">
            <li>
              <strong>POST /qr</strong> sends a signed QR request (ORDER_ID, AMOUNT in paise,
              QR_TYPE) to <span class="mono">${client.baseUrl}/pgws/qr</span> and checks the
              answer’s HASH.
            </li>
            <li>
              The answer carries the QR image, the UPI intent or payment link, and the gateway’s
              TXN_ID. The order is Pending (006) until the customer pays.
            </li>
            <li>
              <strong>GET /status</strong> tells the till when it is Captured (000). In the sandbox,
              the scan page stands in for the customer’s phone.
            </li>
          </ol>
        </section>
        ${statusForm()} ${webhookNote(config, { paylinks: true, subscriptions: true })}
        ${sandboxTestData(['upi', 'card', 'bank'])}`,
    },
  }
}

/**
 * POST /qr: AMOUNT (paise), QR_TYPE UPI or PG, CUST_NAME optional.
 * @param {AppRequest} request
 */
async function qr(request) {
  const form = await request.form()
  const order = {
    ORDER_ID: newOrderId('EP'),
    AMOUNT: form.AMOUNT ?? '', // paise: "2500" is ₹25.00
    CUST_NAME: form.CUST_NAME,
    // Where the hosted page (PG QR) returns the customer after paying.
    RETURN_URL: `${config.appUrl}/response`,
    NOTIFY_URL: notifyUrl(config), // the signed webhook of the outcome goes here
  }
  const fields = await client.qr(order, form.QR_TYPE ?? '')
  // 006: the gateway made the QR code and waits for the customer.
  if (fields.RESPONSE_CODE === '006') await orders.create(order.ORDER_ID, fields.AMOUNT ?? '')
  return reply(request, { json: { verified: true, fields }, page: qrPage(fields) })
}

/** @param {Record<string, string>} fields */
function qrPage(fields) {
  if (fields.RESPONSE_CODE !== '006' || !fields.QR_IMAGE_URL) {
    return {
      title: 'No QR code',
      body: html`${outcomeNotice(fields, 'Created')}
        <div class="card">
          ${fieldsTable(fields, 'QR answer')}
          <div class="actions"><a class="button secondary" href="/">Back</a></div>
        </div>`,
    }
  }
  const orderId = fields.ORDER_ID ?? ''
  const upi = fields.QR_TYPE === 'UPI'
  return {
    title: `Scan to pay ${amountText(fields.AMOUNT).split(' ')[0]}`,
    lead: upi
      ? 'Any UPI app pays this code. The amount and order are fixed in it.'
      : 'The code opens Paystra’s payment page: cards, net banking, UPI or a wallet.',
    body: html`<div class="card">
        <div class="qr">
          <img
            src="${fields.QR_IMAGE_URL}"
            width="256"
            height="256"
            alt="QR code to pay ${amountText(fields.AMOUNT)} for order ${orderId}"
          />
          <div>
            <p>Order <span class="mono">${orderId}</span></p>
            <p>Amount ${amountText(fields.AMOUNT)}</p>
            <p>Transaction <span class="mono">${fields.TXN_ID}</span></p>
            ${
              upi
                ? html`<p>
                    UPI intent:<br /><a class="mono" href="${fields.UPI_INTENT}"
                      >${fields.UPI_INTENT}</a
                    >
                  </p>`
                : html`<p>
                    Payment link:<br /><a href="${fields.PAYMENT_URL}">${fields.PAYMENT_URL}</a>
                  </p>`
            }
            <p class="hint">
              Sandbox: the <a href="${fields.QR_SCAN_URL}">scan page</a> is what a phone opens when
              it scans the code.
            </p>
          </div>
        </div>
        <div class="actions">
          <a class="button" href="/status?order_id=${encodeURIComponent(orderId)}">Check status</a>
          <a class="button secondary" href="/">New sale</a>
        </div>
      </div>
      <div class="card">${fieldsTable(fields, 'QR answer')}</div>`,
  }
}

/**
 * POST /response: a PG QR paid on the hosted page returns here; trusted only once verified.
 * @param {AppRequest} request
 */
async function response(request) {
  const fields = client.verifyResponse(await request.form())
  await orders.record(fields, 'return')
  return reply(request, { json: { verified: true, fields }, page: paymentResultPage(fields) })
}

startApp({
  kit: 'ePOS',
  config,
  routes: {
    'GET /': home,
    'POST /qr': qr,
    'POST /response': response,
    'GET /status': statusRoute(client, orders),
    ...orderRoutes(client, orders),
  },
})
