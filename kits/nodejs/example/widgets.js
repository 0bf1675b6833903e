/**
 * The pieces every example shows: amounts in rupees, field tables, payment results, status and
 * order pages, form inputs and the sandbox's test data.
 */
import { currencyByNumber, fromMinorUnits } from '../core/index.js'
import { html, raw } from './escape.js'
import { hasEnded } from './plans.js'

/** @typedef {import('./escape.js').SafeHtml} SafeHtml */
/** @typedef {import('./layout.js').Page} Page */

/**
 * 1234500 → "12,345" with Indian digit grouping (last three digits, then pairs).
 * @param {string} digits
 */
function indianGrouping(digits) {
  if (digits.length <= 3) return digits
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')
  return `${head},${digits.slice(-3)}`
}

/**
 * Paise (the protocol's AMOUNT) as rupees: "24900" → "₹249.00", "1234500" → "₹12,345.00".
 * Anything that is not a whole number of paise is shown as it is.
 * @param {unknown} paise
 * @returns {string}
 */
export function rupees(paise) {
  const text = String(paise ?? '')
  if (!/^\d+$/.test(text)) return text
  const value = BigInt(text)
  return `₹${indianGrouping(String(value / 100n))}.${String(value % 100n).padStart(2, '0')}`
}

/**
 * "₹249.00 (24900 paise)": the rupees a person reads and the AMOUNT the protocol carries.
 * @param {unknown} paise
 */
export function amountText(paise) {
  const text = String(paise ?? '')
  return /^\d+$/.test(text) ? `${rupees(text)} (${text} paise)` : text
}

/**
 * Readable names of the protocol's fields, in the order a person looks for them. Fields not
 * listed follow under their own names.
 */
const FIELD_LABELS = /** @type {Record<string, string>} */ ({
  ORDER_ID: 'Order ID',
  PAYLINK_ID: 'Payment link ID',
  SUBSCRIPTION_ID: 'Subscription ID',
  SUBSCRIPTION_REF: 'Your reference',
  AUTH_URL: 'Mandate page',
  REFERENCE_ID: 'Reference ID',
  SHORT_URL: 'Short URL',
  REFUND_ORDER_ID: 'Refund ID',
  PAYOUT_ID: 'Payout ID',
  STATUS: 'Status',
  RESPONSE_CODE: 'Response code',
  RESPONSE_MESSAGE: 'Message',
  AMOUNT: 'Amount',
  REFUNDED_AMOUNT: 'Refunded so far',
  CURRENCY_CODE: 'Currency',
  TXN_ID: 'Transaction ID',
  PG_REF_NUM: 'Gateway reference',
  UTR: 'Bank reference (UTR)',
  TXNTYPE: 'Transaction type',
  PAYMENT_TYPE: 'Payment type',
  MOP_TYPE: 'Bank, wallet or card',
  TRANSFER_MODE: 'Transfer mode',
  QR_TYPE: 'QR type',
  UPI_INTENT: 'UPI intent',
  PAYMENT_URL: 'Payment link',
  QR_IMAGE_URL: 'QR image',
  QR_SCAN_URL: 'Scan page (sandbox)',
  CUST_NAME: 'Customer',
  CUST_EMAIL: 'E-mail',
  CUST_MOBILE: 'Mobile',
  RESPONSE_DATE_TIME: 'Date and time',
  PAY_ID: 'Merchant (PAY_ID)',
})

const FIELD_ORDER = Object.keys(FIELD_LABELS)

/** Identifiers and codes, set in a monospace font so they are easy to read out and compare. */
const CODE_FIELDS = new Set([
  'ORDER_ID',
  'PAYLINK_ID',
  'SUBSCRIPTION_ID',
  'SUBSCRIPTION_REF',
  'AUTH_URL',
  'REFERENCE_ID',
  'SHORT_URL',
  'REFUND_ORDER_ID',
  'PAYOUT_ID',
  'RESPONSE_CODE',
  'TXN_ID',
  'PG_REF_NUM',
  'UTR',
  'TXNTYPE',
  'PAYMENT_TYPE',
  'MOP_TYPE',
  'PAY_ID',
  'UPI_INTENT',
  'PAYMENT_URL',
  'QR_IMAGE_URL',
  'QR_SCAN_URL',
])

/**
 * @param {string} key
 * @param {string} value
 */
function fieldValue(key, value) {
  if (key === 'AMOUNT' || key === 'REFUNDED_AMOUNT') return amountText(value)
  if (key === 'CURRENCY_CODE' && value === '356') return '356 (Indian rupee)'
  return CODE_FIELDS.has(key) ? html`<span class="mono">${value}</span>` : value
}

/**
 * A card's table of labelled values (a payment link's, a dispute's), scrolling on its own when
 * narrow.
 * @param {Array<[string, unknown]>} rows
 */
function labelledRows(rows) {
  return html`<div class="scroll">
    <table>
      ${rows.map(
        ([label, value]) =>
          html`<tr>
            <th scope="row">${label}</th>
            <td>${value}</td>
          </tr>`,
      )}
    </table>
  </div>`
}

/**
 * Every field as a row (HASH left out: it has been checked), amounts in rupees with paise.
 * @param {Record<string, string>} fields
 * @param {string} caption
 */
export function fieldsTable(fields, caption) {
  /** @param {string} key */
  const rank = (key) => {
    const index = FIELD_ORDER.indexOf(key)
    return index === -1 ? FIELD_ORDER.length : index
  }
  const keys = Object.keys(fields)
    .filter((key) => key !== 'HASH')
    .sort((a, b) => rank(a) - rank(b))
  const rows = keys.map((key) => {
    const label = FIELD_LABELS[key]
    return html`<tr>
      <th scope="row">
        ${label ?? html`<span class="mono">${key}</span>`}
        ${label && label !== key ? html`<span class="key mono">${key}</span>` : ''}
      </th>
      <td>${fieldValue(key, fields[key] ?? '')}</td>
    </tr>`
  })
  return html`<div class="scroll">
    <table class="fields">
      <caption>
        ${caption}
      </caption>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </div>`
}

/**
 * A coloured line saying how an answer ended: 000 succeeded, 006 and 026 are pending.
 * @param {Record<string, string>} fields
 * @param {string} success e.g. "Payment successful"
 */
export function outcomeNotice(fields, success) {
  const code = fields.RESPONSE_CODE ?? ''
  const message = fields.RESPONSE_MESSAGE ?? ''
  if (code === '000')
    return html`<p class="notice ok" role="status"><strong>${success}.</strong> ${message}</p>`
  if (code === '006' || code === '026') {
    return html`<p class="notice wait" role="status">
      <strong>Pending (${code}).</strong> ${message}
    </p>`
  }
  return html`<p class="notice bad" role="status">
    <strong>Not successful (${code || 'no code'}).</strong> ${message}
  </p>`
}

/**
 * The result of a payment the gateway posted back, after its HASH verified.
 * @param {Record<string, string>} fields
 * @returns {Page}
 */
export function paymentResultPage(fields) {
  const code = fields.RESPONSE_CODE
  const title =
    code === '000'
      ? 'Payment successful'
      : code === '026' || code === '006'
        ? 'Payment pending'
        : 'Payment failed'
  const orderId = fields.ORDER_ID ?? ''
  return {
    title,
    lead: 'The gateway’s response was decrypted with your key and its HASH verified with your salt.',
    body: html`${outcomeNotice(fields, 'Paid')}
      <div class="card">
        ${fieldsTable(fields, 'Response fields')}
        <div class="actions">
          <a class="button" href="/status?order_id=${encodeURIComponent(orderId)}"
            >Check status with the gateway</a
          >
          <a class="button secondary" href="/">Start again</a>
        </div>
      </div>`,
  }
}

/**
 * The verified answer of a server-to-server call (status, refund, QR, payout) as a page.
 * @param {{ title: string, fields: Record<string, string>, success: string, caption: string,
 *   lead?: string, actions?: SafeHtml }} options
 * @returns {Page}
 */
export function answerPage({ title, fields, success, caption, lead, actions }) {
  return {
    title,
    lead: lead ?? 'The gateway’s answer to a signed request; its HASH verified with your salt.',
    body: html`${outcomeNotice(fields, success)}
      <div class="card">
        ${fieldsTable(fields, caption)}
        <div class="actions">${actions ?? ''}<a class="button secondary" href="/">Back</a></div>
      </div>`,
  }
}

/**
 * A status enquiry's answer.
 * @param {Record<string, string>} fields
 * @returns {Page}
 */
export function statusPage(fields) {
  return answerPage({
    title: `Status of ${fields.ORDER_ID ?? 'the order'}`,
    fields,
    success: fields.STATUS ?? 'Captured',
    caption: 'Status enquiry answer',
    lead: 'The gateway’s answer to a signed status enquiry; its HASH verified with your salt.',
  })
}

/**
 * An order's status as a person reads it: an order sent as a payment link is "awaiting payment"
 * until the link is paid, expires or is cancelled.
 * @param {{ status: string, paylink?: unknown }} order
 */
export function orderStatusText(order) {
  return order.paylink && order.status === 'created' ? 'awaiting payment' : order.status
}

/**
 * An order as this app has recorded it (GET /orders/<ORDER_ID>), with its payment link for an
 * order sent as one.
 * @param {{ order_id: string, amount: string, status: string, events: string[],
 *   updated_by: string | null, dispute?: import('./order-store.js').RecordedDispute,
 *   paylink?: import('./order-store.js').RecordedPaylink }} order
 * @returns {Page}
 */
export function orderPage(order) {
  const status = orderStatusText(order)
  const rows = {
    ORDER_ID: order.order_id,
    AMOUNT: order.amount,
    STATUS: status,
    UPDATED_BY: order.updated_by ?? 'nothing yet',
    EVENTS: order.events.join(', ') || 'none',
  }
  const id = encodeURIComponent(order.order_id)
  // A link order is unknown to the status enquiry (its payment has an ORDER_ID of its own).
  const check = order.paylink
    ? html`<a class="button" href="/paylinks/status?order_id=${id}"
        >Check the link with the gateway</a
      >`
    : html`<a class="button" href="/status?order_id=${id}">Check status with the gateway</a>`
  return {
    title: `Order ${order.order_id}: ${status}`,
    lead: 'As this app recorded it. The browser’s return, the status enquiry and the webhook each move it forward, never back.',
    body: html`${order.paylink ? paylinkSection(order.order_id, order.status, order.paylink) : ''}
      <div class="card">
        ${fieldsTable(rows, 'Recorded order')}
        <div class="actions">${check} <a class="button secondary" href="/">Back</a></div>
      </div>
      ${order.dispute ? disputeSection(order.order_id, order.dispute) : ''}`,
  }
}

/** The tone of each link STATUS: waiting for the customer, paid, or ended unpaid. */
const LINK_TONES = { CREATED: 'wait', PAID: 'ok', EXPIRED: 'bad', CANCELLED: 'bad' }

/**
 * A short URL as a link when it is one (http or https), else as text.
 * @param {string} url
 */
function shortUrlLink(url) {
  return /^https?:\/\//i.test(url)
    ? html`<a class="mono" href="${url}">${url}</a>`
    : html`<span class="mono">${url}</span>`
}

/**
 * An order's payment link: the short URL to send the customer, the link's state, and while
 * nobody has paid it, the form that cancels it (POST /paylinks/cancel). In a shop, only its staff
 * see this.
 * @param {string} orderId
 * @param {string} status the order's
 * @param {import('./order-store.js').RecordedPaylink} link
 */
export function paylinkSection(orderId, status, link) {
  const rows = [
    ['Short URL', shortUrlLink(link.SHORT_URL)],
    [
      'Link status',
      html`<span class="status ${LINK_TONES[link.STATUS] ?? 'wait'}">${link.STATUS}</span>`,
    ],
    ['Payment link ID', html`<span class="mono">${link.PAYLINK_ID}</span>`],
    ['Description', link.DESCRIPTION],
    ['Expires', link.EXPIRE_BY || 'Never'],
    ...(link.TXN_ID
      ? [
          [
            'Paid by',
            html`Transaction <span class="mono">${link.TXN_ID}</span>, payment
              <span class="mono">${link.ORDER_ID}</span>`,
          ],
        ]
      : []),
  ]
  const awaiting = status === 'created'
  const notice = awaiting
    ? html`<p class="notice wait" role="status">
        <strong>Awaiting payment.</strong> Send the customer the short URL (by e-mail, SMS or chat):
        they pay on Paystra’s page, and the paylink.paid webhook marks this order paid.
      </p>`
    : html`<p class="notice ${status === 'paid' ? 'ok' : 'bad'}" role="status">
        <strong>${status === 'paid' ? 'Paid by link.' : `Link ${status}.`}</strong>
        ${status === 'paid' ? 'Ship the order.' : 'Nobody can pay it any more.'}
      </p>`
  return html`<section class="card" aria-labelledby="paylink-heading">
    <h2 id="paylink-heading">Payment link</h2>
    ${notice} ${labelledRows(rows)}
    ${
      awaiting
        ? html`<form method="post" action="/paylinks/cancel">
            <input type="hidden" name="ORDER_ID" value="${orderId}" />
            <button type="submit" class="button secondary">Cancel link</button>
          </form>`
        : ''
    }
  </section>`
}

/**
 * GET /paylinks: the form that sends a payment link (POST /paylinks) and the links sent so far.
 * @param {{ links: Array<{ order_id: string, amount: string, status: string,
 *   paylink?: import('./order-store.js').RecordedPaylink }>, webhookSecret: string }} options
 * @returns {Page}
 */
export function paylinksPage({ links, webhookSecret }) {
  const expiries = [
    { value: '', label: 'Never' },
    { value: '1', label: 'In 1 day' },
    { value: '7', label: 'In 7 days' },
  ]
  const rows = links.map(
    (order) =>
      html`<tr>
        <td>
          <a class="mono" href="/orders/${encodeURIComponent(order.order_id)}">${order.order_id}</a>
        </td>
        <td>${amountText(order.amount)}</td>
        <td>
          <span class="status ${LINK_TONES[order.paylink?.STATUS ?? 'CREATED'] ?? 'wait'}"
            >${orderStatusText(order)}</span
          >
        </td>
        <td>${shortUrlLink(order.paylink?.SHORT_URL ?? '')}</td>
      </tr>`,
  )
  const sent = listTable(['Order', 'Amount', 'Status', 'Short URL'], rows)
  const webhooksOff = webhookSecret
    ? ''
    : html`<p class="notice wait" role="status">
        PAYSTRA_WEBHOOK_SECRET is not set, so links carry no NOTIFY_URL and no paylink.* webhook
        reaches this app: an order’s “Check the link with the gateway” updates it.
      </p>`
  return {
    title: 'Payment links',
    lead: 'Send a customer a link to pay an order, with no checkout on your site: they open it, pay on Paystra’s page, and the signed paylink.paid webhook marks the order paid here.',
    body: html`<section class="card" aria-labelledby="send-link-heading">
        <h2 id="send-link-heading">Send a payment link</h2>
        <p>
          This app makes an order, whose ORDER_ID is the link’s REFERENCE_ID, and asks the gateway
          for a link in a signed request. The answer’s SHORT_URL is what you send the customer.
        </p>
        ${webhooksOff}
        <form method="post" action="/paylinks">
          <div class="grid two">
            ${amountInput('24900')}
            ${input({ label: 'Description', name: 'DESCRIPTION', value: 'Invoice 42: two chai sets', required: true, hint: 'What the customer pays for, as the link’s page shows it: 1 to 255 characters.' })}
          </div>
          <div class="grid two">
            ${input({ label: 'Customer name (optional)', name: 'CUST_NAME', value: 'Asha Verma', autocomplete: 'name' })}
            ${input({ label: 'E-mail (optional)', name: 'CUST_EMAIL', value: 'asha.verma@example.com', type: 'email', autocomplete: 'email' })}
          </div>
          <div class="grid two">
            ${input({ label: 'Mobile (optional)', name: 'CUST_PHONE', value: '9876543210', inputmode: 'numeric', pattern: '[0-9]{10}', hint: '10 digits', autocomplete: 'tel-national' })}
            ${select({ label: 'Expires', name: 'EXPIRES_IN', options: expiries, value: '', hint: 'Unpaid by then, the link expires and paylink.expired marks the order expired.' })}
          </div>
          <button type="submit">Create payment link</button>
        </form>
      </section>
      <section class="card" aria-labelledby="links-heading">
        <h2 id="links-heading">Links sent</h2>
        ${sent}
      </section>
      <p><a class="button secondary" href="/">Back</a></p>`,
  }
}

/** The tone of each plan status: waiting for the customer or a retry, running, or ended. */
const PLAN_TONES = /** @type {Record<string, string>} */ ({
  created: 'wait',
  active: 'ok',
  pending: 'wait',
  paused: 'wait',
  halted: 'bad',
  completed: 'ok',
  cancelled: 'bad',
  failed: 'bad',
})

/**
 * A plan's status as a person reads it: "awaiting the mandate" until the customer registers it.
 * @param {{ status: string }} plan
 */
export function planStatusText(plan) {
  return plan.status === 'created' ? 'awaiting the mandate' : plan.status
}

/**
 * What a plan's status means for the merchant, in one coloured line.
 * @param {import('./plans.js').StoredPlan} plan
 */
function planNotice(plan) {
  /** @type {Record<string, [string, string]>} */
  const words = {
    created: [
      'Awaiting the mandate.',
      'The customer approves UPI AutoPay on Paystra’s mandate page (AUTH_URL); the subscription.activated webhook then marks this plan active, and subscription.charged records each month’s debit.',
    ],
    active: [
      'Active.',
      'Each month’s debit is noticed a day or two ahead (subscription.notified) and recorded here when subscription.charged says it was taken.',
    ],
    pending: ['A debit failed.', 'The gateway retries it after a notice; nothing to do yet.'],
    paused: [
      'Paused.',
      'The customer paused the mandate in their UPI app: no debit is taken until they resume it.',
    ],
    halted: [
      'Halted.',
      'The month’s last attempt failed: ask the customer to fund their account, then resume it.',
    ],
    completed: ['Completed.', 'Its last month is over: no debit is coming.'],
    failed: [
      'Not registered.',
      'The customer declined the mandate, or did not approve it within 24 hours.',
    ],
  }
  if (plan.status === 'cancelled') {
    const byCustomer = plan.cancelled_by === 'CUSTOMER'
    return html`<p class="notice bad" role="status">
      <strong>${byCustomer ? 'The customer cancelled.' : 'Cancelled by you.'}</strong>
      ${byCustomer ? 'They revoked the mandate in their UPI app' : 'You cancelled the mandate'}
      ${plan.ended_at ? `on ${plan.ended_at} (IST)` : ''}: no further debit is taken or recorded.
    </p>`
  }
  const [headline, detail] = words[plan.status] ?? [`${plan.status}.`, '']
  return html`<p class="notice ${PLAN_TONES[plan.status] ?? 'wait'}" role="status">
    <strong>${headline}</strong> ${detail}
  </p>`
}

/**
 * A list as a scrolling table under its column headings, or "None yet." when it is empty.
 * @param {string[]} headings
 * @param {unknown[]} rows
 */
function listTable(headings, rows) {
  if (!rows.length) return html`<p>None yet.</p>`
  return html`<div class="scroll">
    <table>
      <thead>
        <tr>
          ${headings.map((heading) => html`<th scope="col">${heading}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </div>`
}

/**
 * The debits a plan recorded, one a cycle, as a table.
 * @param {import('./plans.js').RecordedDebit[]} debits
 */
function debitsTable(debits) {
  return listTable(
    [
      'Cycle',
      'Attempt',
      'Amount',
      'Order ID',
      'Transaction ID',
      'Charged at (IST)',
      'Recorded from',
    ],
    debits.map(
      (debit) =>
        html`<tr>
          <td>${debit.cycle}</td>
          <td>${debit.attempt}</td>
          <td>${amountText(debit.amount)}</td>
          <td class="mono">${debit.order_id}</td>
          <td class="mono">${debit.txn_id}</td>
          <td>${debit.charged_at}</td>
          <td>${debit.recorded_by === 'webhook' ? 'subscription.charged' : 'the status answer'}</td>
        </tr>`,
    ),
  )
}

/**
 * A monthly plan as this app recorded it (GET /subscriptions/<SUBSCRIPTION_ID>): its status, the
 * next debit its latest notice announced, the debits recorded, "Check" (GET
 * /subscriptions/status) and, while it runs, "Cancel" (POST /subscriptions/cancel). In a shop,
 * only its staff see this.
 * @param {import('./plans.js').StoredPlan} plan
 * @returns {Page}
 */
export function planPage(plan) {
  const id = plan.subscription_id
  const next = plan.next_debit
  const rows = [
    ['Subscription ID', html`<span class="mono">${id}</span>`],
    ['Your reference', html`<span class="mono">${plan.subscription_ref}</span>`],
    ['Plan', plan.description],
    ['Amount', html`${amountText(plan.amount)} a month (${plan.frequency}, ${plan.method})`],
    ['Starts', plan.start_date],
    [
      'Status',
      html`<span class="status ${PLAN_TONES[plan.status] ?? 'wait'}"
        >${planStatusText(plan)}</span
      >`,
    ],
    ...(plan.cancelled_by
      ? [
          [
            'Cancelled by',
            plan.cancelled_by === 'CUSTOMER' ? 'the customer (CUSTOMER)' : 'you (MERCHANT)',
          ],
        ]
      : []),
    [
      'Next debit',
      next
        ? `${amountText(next.amount)} on ${next.debit_at} (IST), cycle ${next.cycle}${next.attempt === '1' ? '' : `, attempt ${next.attempt}`}`
        : hasEnded(plan.status)
          ? 'None: the plan has ended'
          : 'No notice yet',
    ],
    ['Mandate page', shortUrlLink(plan.auth_url)],
    ['Updated by', plan.updated_by ?? 'nothing yet'],
    ['Events', plan.events.join(', ') || 'none'],
  ]
  const check = html`<a
    class="button"
    href="/subscriptions/status?subscription_id=${encodeURIComponent(id)}"
    >Check with the gateway</a
  >`
  const cancel = hasEnded(plan.status)
    ? ''
    : html`<form method="post" action="/subscriptions/cancel">
        <input type="hidden" name="SUBSCRIPTION_ID" value="${id}" />
        <button type="submit" class="button secondary">Cancel</button>
      </form>`
  return {
    title: `Subscription ${id}: ${planStatusText(plan)}`,
    lead: 'As this app recorded it. The subscription.* webhooks move it, each once and only forward; “Check with the gateway” reconciles it from the status answer’s DEBITS when a webhook was missed.',
    body: html`<section class="card" aria-labelledby="plan-heading">
        <h2 id="plan-heading">Monthly plan</h2>
        ${planNotice(plan)} ${labelledRows(rows)}
        <div class="actions">${check} ${cancel}</div>
      </section>
      <section class="card" aria-labelledby="debits-heading">
        <h2 id="debits-heading">Debits recorded</h2>
        ${debitsTable(plan.debits)}
      </section>
      <p>
        <a class="button secondary" href="/subscriptions">All subscriptions</a>
        <a class="button secondary" href="/">Back</a>
      </p>`,
  }
}

/**
 * GET /subscriptions: the "Subscribe monthly" form (POST /subscriptions) and the plans so far.
 * @param {{ plans: import('./plans.js').StoredPlan[], webhookSecret: string,
 *   plan: { DESCRIPTION: string, AMOUNT: string } }} options
 * @returns {Page}
 */
export function subscriptionsPage({ plans, webhookSecret, plan }) {
  const rows = plans.map(
    (stored) =>
      html`<tr>
        <td>
          <a class="mono" href="/subscriptions/${encodeURIComponent(stored.subscription_id)}"
            >${stored.subscription_id}</a
          >
        </td>
        <td>${stored.description}</td>
        <td>
          <span class="status ${PLAN_TONES[stored.status] ?? 'wait'}"
            >${planStatusText(stored)}</span
          >
        </td>
        <td>${stored.debits.length}</td>
        <td>${stored.next_debit?.debit_at ?? ''}</td>
      </tr>`,
  )
  const list = listTable(['Subscription', 'Plan', 'Status', 'Debits', 'Next debit (IST)'], rows)
  const webhooksOff = webhookSecret
    ? ''
    : html`<p class="notice wait" role="status">
        PAYSTRA_WEBHOOK_SECRET is not set, so subscriptions carry no NOTIFY_URL and no
        subscription.* webhook reaches this app: a plan’s “Check with the gateway” updates it.
      </p>`
  return {
    title: 'Subscriptions',
    lead: 'A monthly plan paid by UPI AutoPay: the customer approves the mandate once on Paystra’s page, and each month’s debit is taken on its own, announced and recorded by signed webhooks.',
    body: html`<section class="card" aria-labelledby="subscribe-heading">
        <h2 id="subscribe-heading">Subscribe monthly</h2>
        <p>
          ${plan.DESCRIPTION}: <strong>${rupees(plan.AMOUNT)} a month</strong> by UPI AutoPay. This
          app asks the gateway for a subscription (METHOD UPI, FREQUENCY MONTHLY, START_DATE the
          account clock’s today in IST) and sends the customer to its AUTH_URL to approve the
          mandate; the first month is taken with the approval.
        </p>
        ${webhooksOff}
        <form method="post" action="/subscriptions">
          ${input({ label: 'Customer name', name: 'CUST_NAME', value: 'Asha Verma', required: true, autocomplete: 'name' })}
          <div class="grid two">
            ${input({ label: 'E-mail', name: 'CUST_EMAIL', value: 'asha.verma@example.com', type: 'email', required: true, autocomplete: 'email' })}
            ${input({ label: 'Mobile', name: 'CUST_PHONE', value: '9876543210', inputmode: 'numeric', pattern: '[0-9]{10}', hint: '10 digits', required: true, autocomplete: 'tel-national' })}
          </div>
          <button type="submit">Subscribe monthly</button>
        </form>
        <p class="hint">
          On the sandbox’s mandate page, approve with the UPI ID
          <span class="mono">success@upi</span> and any 4- or 6-digit UPI PIN;
          <span class="mono">nofunds@upi</span> registers but every later debit fails (020),
          <span class="mono">failure@upi</span> declines (004).
        </p>
      </section>
      <section class="card" aria-labelledby="plans-heading">
        <h2 id="plans-heading">Subscriptions made</h2>
        ${list}
      </section>
      <p><a class="button secondary" href="/">Back</a></p>`,
  }
}

/**
 * POST /subscriptions/return, the RETURN_URL: what the mandate page posted, its HASH verified.
 * It says how the subscription stood then; the plan itself is moved by the webhooks only.
 * @param {Record<string, string>} fields verified
 * @param {import('./plans.js').StoredPlan | undefined} plan as this app recorded it
 * @returns {Page}
 */
export function subscriptionReturnPage(fields, plan) {
  const id = fields.SUBSCRIPTION_ID ?? ''
  // DEBITS travels in no mandate page's post; a table of fields has no room for a list.
  const shown = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'DEBITS'))
  const recorded = plan
    ? html`<p>
        This app has recorded the plan as
        <span class="status ${PLAN_TONES[plan.status] ?? 'wait'}">${planStatusText(plan)}</span>
        with ${plan.debits.length} debit${plan.debits.length === 1 ? '' : 's'}; the webhooks move
        it, not this page.
      </p>`
    : html`<p class="notice bad" role="status">This app made no subscription ${id}.</p>`
  return {
    title: `Subscription ${id}: ${fields.STATUS ?? ''}`,
    lead: 'What the mandate page posted back, its HASH verified with your salt. It tells the customer how the subscription stands; it moves nothing, as the signed webhooks do.',
    body: html`${outcomeNotice(fields, `Mandate ${fields.STATUS ?? ''}`)}
      <div class="card">
        ${recorded} ${fieldsTable(shown, 'Subscription as the mandate page posted it')}
        <div class="actions">
          ${
            plan
              ? html`<a class="button" href="/subscriptions/${encodeURIComponent(id)}"
                  >See the plan</a
                >`
              : ''
          }
          <a class="button secondary" href="/">Back</a>
        </div>
      </div>`,
  }
}

/**
 * An AMOUNT in a currency: rupees as amountText shows them, "USD 12.34 (AMOUNT 1234)" otherwise.
 * @param {string} amount minor units
 * @param {string} currencyCode
 */
export function money(amount, currencyCode) {
  const currency = currencyByNumber(currencyCode)
  if (!currency || currency.code === 'INR' || !/^\d+$/.test(amount)) return amountText(amount)
  return `${currency.code} ${fromMinorUnits(amount, currency.code)} (AMOUNT ${amount})`
}

/**
 * An order's dispute, and while it is OPEN the forms that accept it or contest it (POST
 * /dispute). In a shop, only its staff see this.
 * @param {string} orderId
 * @param {import('./order-store.js').RecordedDispute} dispute
 */
export function disputeSection(orderId, dispute) {
  const tone = { OPEN: 'wait', UNDER_REVIEW: 'wait', WON: 'ok', LOST: 'bad' }[dispute.STATUS]
  const rows = [
    ['Dispute ID', html`<span class="mono">${dispute.DISPUTE_ID}</span>`],
    ['Status', html`<span class="status ${tone}">${dispute.STATUS}</span>`],
    ['Reason', `${dispute.REASON_CODE} ${dispute.REASON}`],
    ['Amount disputed', money(dispute.AMOUNT, dispute.CURRENCY_CODE)],
    ['Deadline', `Respond by ${dispute.RESPOND_BY} (end of the day, IST)`],
    ...(dispute.RESOLUTION ? [['Resolution', dispute.RESOLUTION]] : []),
  ]
  const answerForms =
    dispute.STATUS === 'OPEN'
      ? html`<p>
            The customer’s bank disputes this payment and holds its amount. Accept it (the customer
            keeps the money) or contest it with evidence before the deadline; unanswered, it is
            lost.
          </p>
          <form method="post" action="/dispute">
            <input type="hidden" name="ORDER_ID" value="${orderId}" />
            <input type="hidden" name="ACTION" value="ACCEPT" />
            <button type="submit" class="button secondary">Accept dispute</button>
          </form>
          <form method="post" action="/dispute">
            <input type="hidden" name="ORDER_ID" value="${orderId}" />
            <input type="hidden" name="ACTION" value="CONTEST" />
            <label
              >Evidence
              <textarea
                name="EVIDENCE"
                rows="4"
                maxlength="5000"
                required
                aria-describedby="evidence-hint"
              ></textarea>
              <span class="hint" id="evidence-hint"
                >Why the payment is valid, 1 to 5,000 characters. A document (PDF, JPEG or PNG, 2 MB
                at most) wins a 13.1 dispute: send it with client.contestDispute(id, text, { bytes,
                name }).</span
              ></label
            >
            <button type="submit">Contest dispute</button>
          </form>`
      : ''
  return html`<section class="card" aria-labelledby="dispute-heading">
    <h2 id="dispute-heading">Dispute</h2>
    ${labelledRows(rows)} ${answerForms}
  </section>`
}

/**
 * A settlement as the settlement.processed webhook recorded it.
 * @param {import('./order-store.js').RecordedSettlement} settlement
 * @returns {Page}
 */
export function settlementPage(settlement) {
  return {
    title: `Settlement ${settlement.SETTLEMENT_ID}: ${settlement.STATUS}`,
    lead: 'As the gateway’s settlement.processed webhook announced it. Its lines, order by order, come from the settlement call (node server/reconcile.js reconciles them).',
    body: html`<div class="card">
      ${fieldsTable({ ...settlement }, 'Recorded settlement')}
      <div class="actions"><a class="button secondary" href="/">Back</a></div>
    </div>`,
  }
}

/**
 * The home page's word on webhooks: where the app listens and where NOTIFY_URL points; in an app
 * that serves the payment-link and subscription pages (orderRoutes), cards that lead to them.
 * @param {{ appUrl: string, webhookSecret: string }} config
 * @param {{ paylinks?: boolean, subscriptions?: boolean }} [serves] whether the app serves GET
 *   /paylinks and GET /subscriptions
 */
export function webhookNote({ appUrl, webhookSecret }, serves = {}) {
  const url = html`<span class="mono">NOTIFY_URL=${appUrl}/webhook</span>`
  const notify = webhookSecret
    ? html`The requests it sends carry ${url}.`
    : html`Set PAYSTRA_WEBHOOK_SECRET (from the merchant portal, not the salt) and the requests it
      sends carry ${url}.`
  return html`<section class="card" aria-labelledby="webhook-heading">
      <h2 id="webhook-heading">Webhooks</h2>
      <p>
        This server also listens at <span class="mono">/webhook</span> for the gateway’s signed
        events, which tell it each outcome even when the customer’s browser never comes back.
        ${notify} APP_URL must be an address the gateway can reach. See an order as this app
        recorded it at <span class="mono">/orders/&lt;ORDER_ID&gt;</span>.
      </p>
    </section>
    ${serves.paylinks ? paylinkNote() : ''} ${serves.subscriptions ? subscriptionNote() : ''}`
}

/** The home page's card that leads to the monthly plan (GET /subscriptions). */
function subscriptionNote() {
  return html`<section class="card" aria-labelledby="subscriptions-heading">
    <h2 id="subscriptions-heading">Monthly plan</h2>
    <p>
      Charge a customer every month by UPI AutoPay: they approve the mandate once on Paystra’s page,
      and the signed subscription.* webhooks record each month’s debit here.
    </p>
    <p><a class="button" href="/subscriptions">Subscribe monthly</a></p>
  </section>`
}

/** The home page's card that leads to the payment links (GET /paylinks). */
function paylinkNote() {
  return html`<section class="card" aria-labelledby="paylinks-heading">
    <h2 id="paylinks-heading">Pay by link</h2>
    <p>
      No checkout needed: send the customer a payment link for an order, by e-mail, SMS or chat.
      They pay on Paystra’s page, and the signed paylink.paid webhook marks the order paid here.
    </p>
    <p><a class="button" href="/paylinks">Send a payment link</a></p>
  </section>`
}

/**
 * @param {string} title
 * @param {string} message
 * @returns {Page}
 */
export function errorPage(title, message) {
  return {
    title,
    body: html`<p class="notice bad" role="alert">${message}</p>
      <p><a class="button secondary" href="/">Back to the start</a></p>`,
  }
}

/**
 * One labelled input with an optional hint.
 * @param {{ label: string, name: string, value?: string, type?: string, hint?: string,
 *   required?: boolean, inputmode?: string, pattern?: string, autocomplete?: string }} options
 */
export function input(options) {
  const {
    label,
    name,
    value = '',
    type = 'text',
    hint,
    required,
    inputmode,
    pattern,
    autocomplete,
  } = options
  const hintId = hint ? `${name}-hint` : undefined
  return html`<label
    >${label}
    <input
      type="${type}"
      name="${name}"
      value="${value}"
      ${required ? raw(' required') : ''}${inputmode ? html` inputmode="${inputmode}"` : ''}${pattern ? html` pattern="${pattern}"` : ''}${autocomplete ? html` autocomplete="${autocomplete}"` : ''}${hintId ? html` aria-describedby="${hintId}"` : ''}
    />
    ${hint ? html`<span class="hint" id="${hintId}">${hint}</span>` : ''}</label
  >`
}

/**
 * @param {{ label: string, name: string, options: Array<{ value: string, label: string }>,
 *   value?: string, hint?: string }} options
 */
export function select({ label, name, options, value, hint }) {
  return html`<label
    >${label}
    <select name="${name}">
      ${options.map(
        (option) =>
          html`<option value="${option.value}" ${option.value === value ? raw(' selected') : ''}>
            ${option.label}
          </option>`,
      )}
    </select>
    ${hint ? html`<span class="hint">${hint}</span>` : ''}</label
  >`
}

/**
 * Radio buttons in a fieldset; the first option is chosen unless `value` names another.
 * @param {{ legend: string, name: string, options: Array<{ value: string, label: string,
 *   hint?: string }>, value?: string }} options
 */
export function radioGroup({ legend, name, options, value }) {
  const chosen = options.some((option) => option.value === value) ? value : options[0]?.value
  const radios = options.map(
    (option) =>
      html`<label class="choice"
        ><input
          type="radio"
          name="${name}"
          value="${option.value}"
          ${option.value === chosen ? raw('checked') : ''}
        />
        ${option.label} ${option.hint ? html`<span class="hint">${option.hint}</span>` : ''}</label
      >`,
  )
  return html`<fieldset class="choices">
    <legend>${legend}</legend>
    ${radios}
  </fieldset>`
}

/**
 * The amount field every example asks for: paise, with the conversion spelled out.
 * @param {string} [value]
 * @param {string} [name]
 */
export function amountInput(value = '100', name = 'AMOUNT') {
  return input({
    label: 'Amount in paise',
    name,
    value,
    required: true,
    inputmode: 'numeric',
    pattern: '[1-9][0-9]{0,9}',
    hint: 'AMOUNT is in paise: 100 = ₹1.00, 24900 = ₹249.00.',
  })
}

/** The customer's details that travel with a payment request. */
export function customerInputs() {
  return html`<div class="grid two">
    ${input({ label: 'Name', name: 'CUST_NAME', value: 'Asha Verma', autocomplete: 'name' })}
    ${input({ label: 'E-mail', name: 'CUST_EMAIL', value: 'asha.verma@example.com', type: 'email', autocomplete: 'email' })}
    ${input({ label: 'Mobile', name: 'CUST_MOBILE', value: '9876543210', inputmode: 'numeric', pattern: '[0-9]{10}', hint: '10 digits', autocomplete: 'tel-national' })}
  </div>`
}

/** A status enquiry form (GET /status). */
export function statusForm() {
  return html`<section class="card" aria-labelledby="status-heading">
    <h2 id="status-heading">Status enquiry</h2>
    <p>
      Ask the gateway what it knows of an order. The request is signed with your salt and the answer
      is trusted only when its HASH verifies.
    </p>
    <form method="get" action="/status">
      ${input({ label: 'Order ID', name: 'order_id', required: true, pattern: '[A-Za-z0-9:/@_\\-]{1,50}' })}
      <button type="submit">Check status</button>
    </form>
  </section>`
}

const TEST_DATA = {
  card: html`<h3>Cards</h3>
    <ul class="steps">
      <li><span class="mono">4111 1111 1111 1111</span>: paid (000, Captured)</li>
      <li><span class="mono">4000 0000 0000 0002</span>: declined (004)</li>
      <li><span class="mono">4000 0000 0000 9995</span>: insufficient funds (020)</li>
      <li>
        <span class="mono">4000 0000 0000 1976</span>: paid (000), then disputed at settlement,
        13.1: evidence with a document wins
      </li>
      <li>
        <span class="mono">4000 0000 0000 0259</span>: paid (000), then disputed at settlement, 10.4
        (fraud): evidence cannot win
      </li>
      <li>Any future expiry (MM/YY), any 3-digit CVV, any name.</li>
    </ul>`,
  upi: html`<h3>UPI IDs</h3>
    <ul class="steps">
      <li><span class="mono">success@upi</span>: paid (000)</li>
      <li><span class="mono">failure@upi</span>: failed (004)</li>
      <li><span class="mono">pending@upi</span>: stays pending (026)</li>
    </ul>`,
  bank: html`<h3>Net banking and wallets</h3>
    <p>
      Any bank or wallet opens the sandbox bank page: <strong>Success</strong> pays (000),
      <strong>Failure</strong> declines (004). <strong>Cancel payment</strong> on the payment page
      answers 010.
    </p>`,
  payout: html`<h3>Payouts</h3>
    <ul class="steps">
      <li>
        UPI: <span class="mono">success@upi</span> processed (000),
        <span class="mono">failure@upi</span> failed (004),
        <span class="mono">pending@upi</span> pending (026).
      </li>
      <li>
        Bank account <span class="mono">000000000004</span>: declined by the beneficiary bank (004);
        <span class="mono">000000000026</span>: pending (026); any other 9–18 digit account with a
        valid IFSC (e.g. <span class="mono">HDFC0001234</span>): processed (000).
      </li>
      <li>Limits: RTGS from ₹2,00,000; IMPS up to ₹5,00,000; UPI up to ₹1,00,000.</li>
    </ul>`,
}

/**
 * What to type on the sandbox's pages to reach each outcome.
 * @param {Array<keyof typeof TEST_DATA>} kinds
 */
export function sandboxTestData(kinds) {
  return html`<section class="card" aria-labelledby="test-data-heading">
    <h2 id="test-data-heading">Sandbox test data</h2>
    <p>The sandbox never moves money. These values pick the outcome:</p>
    ${kinds.map((kind) => TEST_DATA[kind])}
  </section>`
}
