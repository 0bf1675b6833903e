/**
 * Paystra PG kit: hosted checkout. Your server signs the order; the customer's browser posts
 * it to Paystra's payment page, which takes the card, UPI, net banking or wallet payment and
 * posts the encrypted, signed result back to /response.
 *
 * Run from the kit root: node pg/app.js
 */
import { Client, newOrderId } from '../core/index.js'
import {
  OrderStore,
  amountInput,
  customerInputs,
  gatewayRedirectPage,
  html,
  kitConfig,
  paymentResultPage,
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
const orders = OrderStore.forExample(config, 'pg')

function home() {
  return {
    page: {
      title: 'Hosted checkout',
      lead: 'Sign an order on your server and send the customer to Paystra’s payment page. The result comes back encrypted and signed, and you check it before you ship.',
      body: html`<section class="card" aria-labelledby="pay-heading">
          <h2 id="pay-heading">Your order</h2>
          <form method="post" action="/pay">
            ${amountInput('24900')} ${customerInputs()}
            <button type="submit">Pay securely with Paystra</button>
          </form>
        </section>
        <section class="card" aria-labelledby="how-heading">
          <h2 id="how-heading">What happens</h2>
          <ol class="steps">
            <li>
              <strong>POST /pay</strong> builds the request (PAY_ID, a new ORDER_ID, AMOUNT in
              paise, CURRENCY_CODE 356, TXNTYPE SALE, RETURN_URL) and signs it with your salt
              (HASH).
            </li>
            <li>
              The browser posts those fields to
              <span class="mono">${client.baseUrl}/paymentrequest</span>. The customer pays there;
              your app never sees card details.
            </li>
            <li>
              Paystra posts PAY_ID and ENCDATA to
              <span class="mono">${config.appUrl}/response</span>. The app decrypts ENCDATA with
              your key and checks its HASH with your salt before it shows the result.
            </li>
            <li>
              <strong>GET /status</strong> asks the gateway directly: do this before you ship, as a
              browser’s return can be lost.
            </li>
          </ol>
        </section>
        ${statusForm()} ${webhookNote(config, { paylinks: true, subscriptions: true })}
        ${sandboxTestData(['card', 'upi', 'bank'])}`,
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
    ORDER_ID: newOrderId('PG'), // unique per merchant: the gateway refuses a reused id (018)
    AMOUNT: form.AMOUNT ?? '', // paise: "24900" is ₹249.00
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

startApp({
  kit: 'PG',
  config,
  routes: {
    'GET /': home,
    'POST /pay': pay,
    'POST /response': response,
    'GET /status': statusRoute(client, orders),
    ...orderRoutes(client, orders),
  },
})
