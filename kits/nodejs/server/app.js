/**
 * Paystra server kit for Node.js: the whole protocol in one small app. A hosted payment
 * (signed request, encrypted and signed response), a status enquiry, a payout and the signed
 * webhook, each a route you can copy into your own server.
 *
 * Run from the kit root: node server/app.js
 */
import { Client, WebhookError, newOrderId } from '../core/index.js'
import {
  OrderStore,
  amountInput,
  answerPage,
  apiRoute,
  customerInputs,
  disputeRoute,
  gatewayRedirectPage,
  headerValue,
  html,
  input,
  kitConfig,
  notifyUrl,
  orderRoute,
  paymentResultPage,
  reply,
  sandboxTestData,
  select,
  settlementRoute,
  startApp,
  statusForm,
  statusRoute,
  webhookNote,
} from '../example/web.js'

/** @typedef {import('../example/web.js').AppRequest} AppRequest */

const config = kitConfig(import.meta.url)
const client = new Client(config)
const orders = OrderStore.forExample(config, 'server')

const TRANSFER_MODES = [
  { value: 'IMPS', label: 'IMPS: instant, up to ₹5,00,000' },
  { value: 'NEFT', label: 'NEFT: bank transfer, any amount' },
  { value: 'RTGS', label: 'RTGS: ₹2,00,000 and above' },
  { value: 'UPI', label: 'UPI: to a UPI ID, up to ₹1,00,000' },
]

function home() {
  return {
    page: {
      title: 'Paystra server kit',
      lead: 'Take a payment on Paystra’s hosted page, verify the signed response, ask the gateway for an order’s status and send a payout, from one Node.js server with no dependencies.',
      body: html`<section class="card" aria-labelledby="pay-heading">
          <h2 id="pay-heading">Take a payment</h2>
          <p>
            Your server signs the order with your salt; the browser posts it to Paystra, the
            customer pays there and the result comes back to
            <span class="mono">${config.appUrl}/response</span>, encrypted and signed.
          </p>
          <form method="post" action="/pay">
            ${amountInput('100')} ${customerInputs()}
            <button type="submit">Pay with Paystra</button>
          </form>
        </section>
        ${statusForm()}
        <section class="card" aria-labelledby="payout-heading">
          <h2 id="payout-heading">Send a payout</h2>
          <p>
            Pay a supplier, a refund or a seller from your Paystra balance: to a bank account
            (account number and IFSC) or, with UPI, to a UPI ID. The request is signed; the answer
            is trusted only when its HASH verifies.
          </p>
          <form method="post" action="/payout">
            <div class="grid two">
              ${amountInput('150000')}
              ${select({ label: 'Transfer mode', name: 'TRANSFER_MODE', options: TRANSFER_MODES, value: 'IMPS' })}
            </div>
            ${input({ label: 'Beneficiary name', name: 'BENEFICIARY_NAME', value: 'Ravi Kumar', hint: 'Letters, spaces and dots, as on the bank account.' })}
            <div class="grid two">
              ${input({ label: 'Account number', name: 'BENEFICIARY_ACCOUNT', value: '123456789012', inputmode: 'numeric', hint: '9 to 18 digits (NEFT, RTGS, IMPS).' })}
              ${input({ label: 'IFSC', name: 'BENEFICIARY_IFSC', value: 'HDFC0001234', hint: '4 letters, 0, then 6 letters or digits.' })}
            </div>
            <div class="grid two">
              ${input({ label: 'UPI ID', name: 'BENEFICIARY_VPA', hint: 'Only for UPI, e.g. success@upi.' })}
              ${input({ label: 'Remarks (optional)', name: 'REMARKS', value: 'Supplier invoice 1042' })}
            </div>
            <button type="submit">Send payout</button>
          </form>
        </section>
        ${webhookNote(config)} ${sandboxTestData(['card', 'upi', 'bank', 'payout'])}`,
    },
  }
}

// paystra:region payment-request
/**
 * POST /pay: the order from the form, signed, in a page that posts it to the gateway.
 * @param {AppRequest} request
 */
async function pay(request) {
  const form = await request.form()
  const order = {
    ORDER_ID: newOrderId('SK'), // unique per merchant: the gateway refuses a reused id (018)
    AMOUNT: form.AMOUNT ?? '', // paise: "100" is ₹1.00
    CUST_NAME: form.CUST_NAME,
    CUST_EMAIL: form.CUST_EMAIL,
    CUST_MOBILE: form.CUST_MOBILE,
    RETURN_URL: `${config.appUrl}/response`,
    NOTIFY_URL: notifyUrl(config), // the signed webhook of the outcome goes here
  }
  // { action: <base>/paymentrequest, fields: the order + PAY_ID, CURRENCY_CODE, TXNTYPE, HASH }
  const gatewayForm = client.paymentRequest(order)
  await orders.create(order.ORDER_ID, gatewayForm.fields.AMOUNT ?? order.AMOUNT)
  return {
    page: gatewayRedirectPage(gatewayForm, { orderId: order.ORDER_ID, amount: order.AMOUNT }),
  }
}
// paystra:endregion

// paystra:region response
/**
 * POST /response: the gateway posts PAY_ID and ENCDATA here after the payment.
 * @param {AppRequest} request
 */
async function response(request) {
  // Throws VerificationError (answered 400, verified: false) unless PAY_ID is yours, ENCDATA
  // decrypts with your key and the HASH inside matches the fields and your salt.
  const fields = client.verifyResponse(await request.form())
  // Trusted from here: record the outcome of fields.ORDER_ID (RESPONSE_CODE 000 = paid), forward
  // only, as the webhook may have told it first.
  await orders.record(fields, 'return')
  return reply(request, { json: { verified: true, fields }, page: paymentResultPage(fields) })
}
// paystra:endregion

// paystra:region webhook
/**
 * POST /webhook: the gateway's signed event of an outcome (NOTIFY_URL). The signature covers
 * the body's exact bytes, so they are verified before anything parses them.
 * @param {AppRequest} request
 */
async function webhook(request) {
  let event
  try {
    // Throws WebhookError unless the signature matches the raw body under your webhook secret,
    // is at most 5 minutes old, and the data's HASH verifies with your salt.
    event = client.verifyWebhook(await request.raw(), headerValue(request, 'X-Paystra-Signature'))
  } catch (error) {
    if (!(error instanceof WebhookError)) throw error
    // Not 2xx: the gateway sends the event again later, and a developer reads the reason.
    return { status: 400, json: { received: false, reason: error.reason, error: error.message } }
  }
  // Trusted from here. Retries repeat event.id, so each id counts once; an order only moves
  // forward (a late payment.failed never undoes a capture); settlement.processed is recorded
  // under its SETTLEMENT_ID and moves no order; dispute.created, .won and .lost record the
  // dispute on its order, forward only too. Answer quickly: the gateway waits 10 s.
  return { json: await orders.receive(event) }
}
// paystra:endregion

/**
 * POST /payout (JSON or a form): a signed payout request; the verified answer.
 * @param {AppRequest} request
 */
async function payout(request) {
  const form = await request.form()
  const fields = await client.payout({
    PAYOUT_ID: form.PAYOUT_ID || newOrderId('PO'),
    AMOUNT: form.AMOUNT ?? '',
    TRANSFER_MODE: form.TRANSFER_MODE ?? '',
    BENEFICIARY_NAME: form.BENEFICIARY_NAME ?? '',
    BENEFICIARY_ACCOUNT: form.BENEFICIARY_ACCOUNT,
    BENEFICIARY_IFSC: form.BENEFICIARY_IFSC,
    BENEFICIARY_VPA: form.BENEFICIARY_VPA,
    REMARKS: form.REMARKS,
    NOTIFY_URL: notifyUrl(config),
  })
  return reply(request, { json: { verified: true, fields }, page: payoutPage(fields) })
}

/**
 * GET /payout/status?payout_id=…: the latest answer for a payout (e.g. one that was Pending).
 * @param {AppRequest} request
 */
async function payoutStatus(request) {
  const fields = await client.payoutStatus(request.query.get('payout_id') ?? '')
  return reply(request, { json: { verified: true, fields }, page: payoutPage(fields) })
}

/** @param {Record<string, string>} fields */
function payoutPage(fields) {
  const status = fields.STATUS ?? 'Failed'
  return answerPage({
    title: `Payout ${fields.PAYOUT_ID ?? ''}: ${status}`,
    fields,
    success: 'Processed',
    caption: 'Payout answer',
    actions: html`<a
      class="button"
      href="/payout/status?payout_id=${encodeURIComponent(fields.PAYOUT_ID ?? '')}"
      >Check payout status</a
    >`,
  })
}

startApp({
  kit: 'Server',
  config,
  routes: {
    'GET /': home,
    'POST /pay': pay,
    'POST /response': response,
    'GET /status': statusRoute(client, orders),
    'POST /webhook': apiRoute(webhook),
    'GET /orders/*': orderRoute(orders),
    'GET /settlements/*': settlementRoute(orders),
    'POST /dispute': disputeRoute(client, orders),
    'POST /payout': apiRoute(payout),
    'GET /payout/status': apiRoute(payoutStatus),
  },
})
