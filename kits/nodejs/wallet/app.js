/**
 * Paystra Wallet kit: wallet payments through the seamless (merchant-hosted) flow. The customer
 * picks Paytm, Mobikwik or PhonePay on your page; your server encrypts the order and the choice
 * into ENCDATA, and the browser goes straight to that wallet, with no Paystra page in between.
 *
 * Run from the kit root: node wallet/app.js
 */
import { Client, InvalidInputError, newOrderId } from '../core/index.js'
import {
  OrderStore,
  amountInput,
  customerInputs,
  gatewayRedirectPage,
  html,
  kitConfig,
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
const orders = OrderStore.forExample(config, 'wallet')

/** The wallets and their MOP_TYPE codes. */
const WALLETS = [
  { code: 'PPL', name: 'Paytm' },
  { code: 'MWL', name: 'Mobikwik' },
  { code: 'PPWL', name: 'PhonePay' },
]

function home() {
  return {
    page: {
      title: 'Pay with a wallet',
      lead: 'The customer chooses a wallet on your page and goes straight to it. The request travels encrypted (ENCDATA), so the amount and order cannot be changed on the way.',
      body: html`<section class="card" aria-labelledby="pay-heading">
          <h2 id="pay-heading">Checkout</h2>
          <form method="post" action="/pay">
            ${amountInput('49900')}
            ${radioGroup({
              legend: 'Wallet',
              name: 'MOP_TYPE',
              options: WALLETS.map((wallet) => ({
                value: wallet.code,
                label: wallet.name,
                hint: wallet.code,
              })),
            })}
            ${customerInputs()}
            <button type="submit">Pay with wallet</button>
          </form>
        </section>
        <section class="card" aria-labelledby="how-heading">
          <h2 id="how-heading">What happens</h2>
          <ol class="steps">
            <li>
              <strong>POST /pay</strong> builds the SALE request with PAYMENT_TYPE WL and the
              wallet’s MOP_TYPE, signs it (HASH) and encrypts both with your merchant-hosted key
              (ENCDATA).
            </li>
            <li>
              The browser posts PAY_ID and ENCDATA to
              <span class="mono">${client.baseUrl}/merchantPaymentInit</span>, which opens the
              wallet.
            </li>
            <li>
              The result comes back to <span class="mono">${config.appUrl}/response</span>,
              encrypted and signed; the app verifies it before showing it.
            </li>
          </ol>
        </section>
        ${statusForm()} ${webhookNote(config, { paylinks: true, subscriptions: true })}
        ${sandboxTestData(['bank'])}`,
    },
  }
}

// paystra:region merchant-hosted-request
/**
 * POST /pay: the order and the chosen wallet, encrypted into ENCDATA for the gateway.
 * @param {AppRequest} request
 */
async function pay(request) {
  const form = await request.form()
  if (form.PAYMENT_TYPE && form.PAYMENT_TYPE !== 'WL') {
    throw new InvalidInputError('This kit takes wallet payments only (PAYMENT_TYPE WL)')
  }
  const wallet = WALLETS.find((option) => option.code === form.MOP_TYPE)
  if (!wallet) throw new InvalidInputError('Choose Paytm (PPL), Mobikwik (MWL) or PhonePay (PPWL)')
  const order = {
    ORDER_ID: newOrderId('WL'),
    AMOUNT: form.AMOUNT ?? '', // paise: "49900" is ₹499.00
    CUST_NAME: form.CUST_NAME,
    CUST_EMAIL: form.CUST_EMAIL,
    CUST_MOBILE: form.CUST_MOBILE,
    RETURN_URL: `${config.appUrl}/response`,
    NOTIFY_URL: notifyUrl(config), // the signed webhook of the outcome goes here
  }
  // { action: <base>/merchantPaymentInit, fields: { PAY_ID, ENCDATA } }: the order, the
  // method and their HASH, encrypted with the key derived from your key salt.
  const gatewayForm = client.merchantHostedRequest(order, {
    PAYMENT_TYPE: 'WL',
    MOP_TYPE: wallet.code,
  })
  await orders.create(order.ORDER_ID, order.AMOUNT.trim())
  return {
    page: gatewayRedirectPage(gatewayForm, { orderId: order.ORDER_ID, amount: order.AMOUNT }),
  }
}
// paystra:endregion

/**
 * POST /response: PAY_ID and ENCDATA from the gateway, trusted only once verified.
 * @param {AppRequest} request
 */
async function response(request) {
  const fields = client.verifyResponse(await request.form())
  await orders.record(fields, 'return')
  return reply(request, { json: { verified: true, fields }, page: paymentResultPage(fields) })
}

startApp({
  kit: 'Wallet',
  config,
  routes: {
    'GET /': home,
    'POST /pay': pay,
    'POST /response': response,
    'GET /status': statusRoute(client, orders),
    ...orderRoutes(client, orders),
  },
})
