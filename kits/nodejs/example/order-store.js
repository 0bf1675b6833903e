/**
 * The example apps' orders, in one JSON file per example: the core's forward-only rule
 * (OrderStatus, core/src/order-status.js) applied to whatever reports an outcome, each webhook
 * event counted once, the settlements the gateway announced (settlement.processed), and the
 * monthly plans (subscriptions) moved by their subscription.* events as plans.js says. A real
 * store keeps these in its database; the rule is the same.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { OrderStatus } from '../core/index.js'
import { SUBSCRIPTION_EVENTS, applyPlanAnswer, applyPlanEvent, newPlan } from './plans.js'

/** @typedef {import('../core/src/hash.js').Fields} Fields */
/** @typedef {import('../core/src/webhook.js').WebhookEvent} WebhookEvent */
/**
 * An order's status: the core's (created, pending, paid, failed), and for an order paid by link
 * also expired or cancelled, as the gateway ends a link that nobody paid.
 * @typedef {import('../core/src/order-status.js').Status | 'expired' | 'cancelled'} Status
 */
/**
 * What last reported on an order: the browser's return, a webhook, a status enquiry (of the
 * payment, or of its payment link), or the answer to cancelling its link.
 * @typedef {'return' | 'webhook' | 'status' | 'cancel'} OrderSource
 */

/**
 * @typedef {object} StoredOrder
 * @property {string} order_id
 * @property {string} amount paise
 * @property {Status} status
 * @property {string[]} events the ids of the webhook events applied to it
 * @property {OrderSource | null} updated_by what last reported on it; null until anything did
 * @property {RecordedDispute} [dispute] the dispute of its payment, once the gateway opened one
 * @property {RecordedPaylink} [paylink] the payment link it is paid by, for an order the app sent
 *   as a link (POST /paylinks)
 */

/**
 * A payment link as the gateway's answers and paylink.* events told it. The link's REFERENCE_ID
 * is the order's ORDER_ID; the payment that paid it has an ORDER_ID of its own, PAYLINK_ID-n.
 * @typedef {object} RecordedPaylink
 * @property {string} PAYLINK_ID
 * @property {string} SHORT_URL the page the customer pays on
 * @property {'CREATED' | 'PAID' | 'EXPIRED' | 'CANCELLED'} STATUS
 * @property {string} DESCRIPTION
 * @property {string} CURRENCY_CODE
 * @property {string} EXPIRE_BY '' when it never expires
 * @property {string} ORDER_ID once PAID: the paying attempt's ORDER_ID (refunds and
 *   settlement lines name the payment by it); '' before
 * @property {string} TXN_ID once PAID; '' before
 */

/**
 * A dispute as its dispute.* events and the answers to accept and contest told it.
 * @typedef {object} RecordedDispute
 * @property {string} DISPUTE_ID
 * @property {'OPEN' | 'UNDER_REVIEW' | 'WON' | 'LOST'} STATUS
 * @property {string} REASON_CODE
 * @property {string} REASON
 * @property {string} AMOUNT minor units of CURRENCY_CODE
 * @property {string} CURRENCY_CODE
 * @property {string} RESPOND_BY YYYY-MM-DD
 * @property {string} RESOLUTION '' while undecided
 */

/**
 * A settlement as the settlement.processed webhook announced it; its lines stay with the gateway
 * (client.settlement).
 * @typedef {object} RecordedSettlement
 * @property {string} SETTLEMENT_ID
 * @property {string} UTR '' when it was carried forward
 * @property {string} SETTLEMENT_DATE
 * @property {string} NET_AMOUNT paise, signed
 * @property {string} STATUS PROCESSED or CARRIED_FORWARD
 */

/** @typedef {import('./plans.js').StoredPlan} StoredPlan */
/** @typedef {import('./plans.js').PlanSource} PlanSource */

/**
 * @typedef {object} OrderBook
 * @property {Record<string, StoredOrder>} orders
 * @property {string[]} events
 * @property {Record<string, RecordedSettlement>} settlements
 * @property {Record<string, StoredPlan>} subscriptions the monthly plans, by SUBSCRIPTION_ID
 */

/**
 * The webhook's answer to a verified event.
 * @typedef {object} WebhookReceipt
 * @property {true} received
 * @property {boolean} duplicate the event id was seen before: nothing changed
 * @property {string} event_id
 * @property {string} [order_id]
 * @property {string} [subscription_id] the plan a subscription.* event named
 * @property {Status | import('./plans.js').PlanStatus} [status] the order's (or the plan's)
 *   status now
 * @property {string} [settlement_id] the settlement a settlement.processed event recorded
 * @property {string} [dispute_status] the order's dispute's status now, after a dispute event
 * @property {string} [paylink_status] the order's payment link's STATUS now, after a paylink event
 * @property {number} [debits] how many debits the plan has recorded, after a subscription event
 * @property {string} [ignored] why the event changed no order (or plan)
 */

const NO_SUCH_ORDER = '328'
const SETTLEMENT_PROCESSED = 'settlement.processed'
const SETTLEMENT_ID_PATTERN = /^setl_[0-9a-f]{20}$/
/** How far a dispute has come: it never goes back, whatever arrives late or twice. */
const DISPUTE_STAGES = { OPEN: 0, UNDER_REVIEW: 1, WON: 2, LOST: 2 }
/** paylink.paid, paylink.expired and paylink.cancelled: their data is the link, REFERENCE_ID the order. */
const PAYLINK_EVENTS = 'paylink.'
/**
 * A link order's status for each STATUS of its link: created (awaiting payment) until the link
 * is paid, expires or is cancelled, each of them final, as the gateway ends a link only once.
 */
const LINK_ORDER_STATUS = /** @type {const} */ ({
  CREATED: 'created',
  PAID: 'paid',
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
})

/** One example's orders and the webhook events it has seen, kept in a JSON file. */
export class OrderStore {
  /** @type {string} */
  #file
  /** @type {Promise<unknown>} */
  #queue = Promise.resolve()

  /** @param {string} file e.g. data/server-orders.json */
  constructor(file) {
    this.#file = file
  }

  /**
   * The store of an example: `<dataDir>/<example>-orders.json`.
   * @param {{ dataDir: string }} config
   * @param {string} example e.g. "server"
   */
  static forExample(config, example) {
    return new OrderStore(join(config.dataDir, `${example}-orders.json`))
  }

  /** @param {string} orderId */
  async get(orderId) {
    return this.#transaction((book) => book.orders[orderId])
  }

  /**
   * A settlement the settlement.processed webhook recorded, or undefined.
   * @param {string} settlementId
   * @returns {Promise<RecordedSettlement | undefined>}
   */
  async settlement(settlementId) {
    return this.#transaction((book) =>
      Object.hasOwn(book.settlements, settlementId) ? book.settlements[settlementId] : undefined,
    )
  }

  /**
   * Records an order the app has just created (POST /pay, /qr), status created.
   * @param {string} orderId
   * @param {string} amount paise
   */
  async create(orderId, amount) {
    return this.#transaction((book) => {
      /** @type {StoredOrder} */
      const order = { order_id: orderId, amount, status: 'created', events: [], updated_by: null }
      book.orders[orderId] = order
      return order
    }, true)
  }

  /**
   * Records an order the app has just sent as a payment link: the gateway's verified answer to
   * createPaylink (STATUS CREATED, REFERENCE_ID the order's id). Status created: awaiting payment.
   * @param {string} orderId the link's REFERENCE_ID
   * @param {Fields} link
   */
  async paylinkCreated(orderId, link) {
    return this.#transaction((book) => {
      /** @type {StoredOrder} */
      const order = {
        order_id: orderId,
        amount: link.AMOUNT ?? '',
        status: 'created',
        events: [],
        updated_by: null,
        paylink: {
          PAYLINK_ID: link.PAYLINK_ID ?? '',
          SHORT_URL: link.SHORT_URL ?? '',
          STATUS: 'CREATED',
          DESCRIPTION: link.DESCRIPTION ?? '',
          CURRENCY_CODE: link.CURRENCY_CODE ?? '',
          EXPIRE_BY: link.EXPIRE_BY ?? '',
          ORDER_ID: '',
          TXN_ID: '',
        },
      }
      book.orders[orderId] = order
      return order
    }, true)
  }

  /**
   * Applies the gateway's verified answer to paylinkStatus or cancelPaylink (the link's fields)
   * to the order its REFERENCE_ID names, forward only.
   * @param {Fields} link
   * @param {OrderSource} source
   * @returns {Promise<StoredOrder | undefined>} the order, or undefined when it is not ours
   */
  async paylinkAnswered(link, source) {
    return this.#transaction((book) => {
      const order = linkOrder(book, link)
      if (order) advanceLink(order, link, source)
      return order
    }, true)
  }

  /**
   * The orders this app sent as payment links, the newest first.
   * @param {number} [limit]
   * @returns {Promise<StoredOrder[]>}
   */
  async paylinks(limit = 20) {
    return this.#transaction((book) =>
      Object.values(book.orders)
        .filter((order) => order.paylink)
        .reverse()
        .slice(0, limit),
    )
  }

  /**
   * Records a monthly plan the app has just created: the gateway's verified answer to
   * createSubscription (STATUS CREATED), waiting for the customer's mandate on its AUTH_URL.
   * @param {Fields} fields
   * @returns {Promise<StoredPlan>}
   */
  async planCreated(fields) {
    return this.#transaction((book) => {
      const plan = newPlan(fields)
      book.subscriptions[plan.subscription_id] = plan
      return plan
    }, true)
  }

  /**
   * A plan by its SUBSCRIPTION_ID, or undefined.
   * @param {string} subscriptionId
   * @returns {Promise<StoredPlan | undefined>}
   */
  async plan(subscriptionId) {
    return this.#transaction((book) => planOf(book, subscriptionId))
  }

  /**
   * The plans this app created, the newest first.
   * @param {number} [limit]
   * @returns {Promise<StoredPlan[]>}
   */
  async plans(limit = 20) {
    return this.#transaction((book) => Object.values(book.subscriptions).reverse().slice(0, limit))
  }

  /**
   * Applies the gateway's verified answer to subscriptionStatus (Check) or cancelSubscription to
   * the plan its SUBSCRIPTION_ID names, forward only (plans.js applyPlanAnswer).
   * @param {Fields | Record<string, unknown>} fields
   * @param {PlanSource} source
   * @returns {Promise<StoredPlan | undefined>} the plan, or undefined when it is not ours
   */
  async planAnswered(fields, source) {
    return this.#transaction((book) => {
      const plan = planOf(book, String(fields.SUBSCRIPTION_ID ?? ''))
      if (plan) applyPlanAnswer(plan, fields, source)
      return plan
    }, true)
  }

  /**
   * Applies what the browser's return or a status enquiry says of a known order, forward only.
   * @param {Fields} fields verified gateway fields with ORDER_ID
   * @param {OrderSource} source
   * @returns {Promise<StoredOrder | undefined>} the order, or undefined when it is not ours
   */
  async record(fields, source) {
    // 328: the gateway has not seen the order (the customer has not reached it yet), no outcome.
    if (fields.RESPONSE_CODE === NO_SUCH_ORDER) return this.get(fields.ORDER_ID ?? '')
    return this.#transaction((book) => {
      const order = book.orders[fields.ORDER_ID ?? '']
      if (order) advance(order, fields, source)
      return order
    }, true)
  }

  /**
   * Takes a verified webhook event once: a repeated id changes nothing; a payment event moves its
   * order forward; a paylink event moves the order its REFERENCE_ID names (paid, expired or
   * cancelled), forward only; a dispute event records the dispute on its order, forward only;
   * a subscription event moves the plan its SUBSCRIPTION_ID names (plans.js applyPlanEvent);
   * settlement.processed records the settlement (no order changes: which orders it paid out is
   * in its lines); anything else is remembered and ignored. The answer is the webhook's JSON.
   * @param {WebhookEvent} event
   * @returns {Promise<WebhookReceipt>}
   */
  async receive(event) {
    return this.#transaction((book) => {
      if (event.type.startsWith(SUBSCRIPTION_EVENTS)) return receivePlanEvent(book, event)
      const isLinkEvent = event.type.startsWith(PAYLINK_EVENTS)
      // A link's events name the order by REFERENCE_ID: their ORDER_ID is the paying attempt's.
      const orderId = (isLinkEvent ? event.data.REFERENCE_ID : event.data.ORDER_ID) ?? ''
      const order = isLinkEvent ? linkOrder(book, event.data) : book.orders[orderId]
      /** @param {boolean} duplicate */
      const answer = (duplicate) => ({
        received: /** @type {const} */ (true),
        duplicate,
        event_id: event.id,
        order_id: orderId || undefined,
      })
      if (book.events.includes(event.id)) return { ...answer(true), status: order?.status }
      book.events.push(event.id)
      if (event.type === SETTLEMENT_PROCESSED) return recordSettlement(book, event)
      if (isLinkEvent) {
        if (!order?.paylink) return { ...answer(false), ignored: `No payment link ${orderId} here` }
        advanceLink(order, event.data, 'webhook')
        order.events.push(event.id)
        return { ...answer(false), status: order.status, paylink_status: order.paylink.STATUS }
      }
      if (event.type.startsWith('dispute.') && order) {
        recordDispute(order, event.data)
        order.events.push(event.id)
        return { ...answer(false), status: order.status, dispute_status: order.dispute?.STATUS }
      }
      if (!event.type.startsWith('payment.') && !event.type.startsWith('dispute.')) {
        return { ...answer(false), ignored: `${event.type} events are not recorded here` }
      }
      if (!order) return { ...answer(false), ignored: `No order ${orderId} here` }
      advance(order, event.data, 'webhook')
      order.events.push(event.id)
      return { ...answer(false), status: order.status }
    }, true)
  }

  /**
   * The gateway's verified answer to accepting or contesting a dispute (the dispute's fields),
   * recorded at once: no event announces UNDER_REVIEW.
   * @param {Fields} fields
   * @returns {Promise<StoredOrder | undefined>} the order, or undefined when it is not ours
   */
  async disputeAnswered(fields) {
    return this.#transaction((book) => {
      const order = book.orders[fields.ORDER_ID ?? '']
      if (order) recordDispute(order, fields)
      return order
    }, true)
  }

  /**
   * Runs `change` on the book with no other change in between (node:http serves requests
   * concurrently), and writes the book back when it may have changed: `writes` is set and the
   * change returned something (undefined means it found nothing to change).
   * @template T
   * @param {(book: OrderBook) => T} change
   * @param {boolean} [writes]
   * @returns {Promise<T>}
   */
  #transaction(change, writes = false) {
    const run = this.#queue.then(async () => {
      const book = await this.#read()
      const result = change(book)
      if (writes && result !== undefined) await this.#write(book)
      return result
    })
    this.#queue = run.catch(() => undefined)
    return run
  }

  /** @returns {Promise<OrderBook>} */
  async #read() {
    let text
    try {
      text = await readFile(this.#file, 'utf8')
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') {
        return { orders: {}, events: [], settlements: {}, subscriptions: {} }
      }
      throw error
    }
    const book = JSON.parse(text)
    return {
      orders: book.orders ?? {},
      events: book.events ?? [],
      settlements: book.settlements ?? {},
      subscriptions: book.subscriptions ?? {},
    }
  }

  /**
   * A temporary file renamed over the old one: a crash mid-write never leaves half a file.
   * @param {OrderBook} book
   */
  async #write(book) {
    await mkdir(dirname(this.#file), { recursive: true })
    const temporary = `${this.#file}.${process.pid}.tmp`
    await writeFile(temporary, `${JSON.stringify(book, null, 2)}\n`)
    await rename(temporary, this.#file)
  }
}

/**
 * @param {StoredOrder} order
 * @param {Fields} fields
 * @param {OrderSource} source
 */
function advance(order, fields, source) {
  const status = OrderStatus.advance(order.status, OrderStatus.of(fields))
  if (status === order.status) return
  order.status = status
  order.updated_by = source
}

/**
 * The order a link's fields name by REFERENCE_ID, when it is the order of that very link.
 * @param {OrderBook} book
 * @param {Fields} link
 * @returns {StoredOrder | undefined}
 */
function linkOrder(book, link) {
  const orderId = link.REFERENCE_ID ?? ''
  const order = Object.hasOwn(book.orders, orderId) ? book.orders[orderId] : undefined
  return order?.paylink && order.paylink.PAYLINK_ID === link.PAYLINK_ID ? order : undefined
}

/**
 * Moves a link order as its link's verified fields say: from created (awaiting payment) to paid,
 * expired or cancelled, never from one of them to another, so a late or repeated event changes
 * nothing. A refusal (RESPONSE_CODE other than 000) says nothing of the link.
 * @param {StoredOrder} order
 * @param {Fields} link
 * @param {OrderSource} source
 */
function advanceLink(order, link, source) {
  const paylink = order.paylink
  const linkStatus = /** @type {keyof typeof LINK_ORDER_STATUS} */ (link.STATUS ?? '')
  if (!paylink || link.RESPONSE_CODE !== '000' || !Object.hasOwn(LINK_ORDER_STATUS, linkStatus)) {
    return
  }
  if (order.status !== 'created' || linkStatus === 'CREATED') return
  order.status = LINK_ORDER_STATUS[linkStatus]
  order.updated_by = source
  paylink.STATUS = linkStatus
  if (linkStatus === 'PAID') {
    paylink.ORDER_ID = link.ORDER_ID ?? ''
    paylink.TXN_ID = link.TXN_ID ?? ''
  }
}

/**
 * The plan of a SUBSCRIPTION_ID, only when this app made it.
 * @param {OrderBook} book
 * @param {string} subscriptionId
 * @returns {StoredPlan | undefined}
 */
function planOf(book, subscriptionId) {
  return Object.hasOwn(book.subscriptions, subscriptionId)
    ? book.subscriptions[subscriptionId]
    : undefined
}

/**
 * A verified subscription.* event, once: a repeated id changes nothing; otherwise it moves the
 * plan its SUBSCRIPTION_ID names, forward only (plans.js), and says why when it changed nothing.
 * @param {OrderBook} book
 * @param {WebhookEvent} event
 * @returns {WebhookReceipt}
 */
function receivePlanEvent(book, event) {
  const subscriptionId = event.data.SUBSCRIPTION_ID ?? ''
  const plan = planOf(book, subscriptionId)
  const answer = {
    received: /** @type {const} */ (true),
    duplicate: book.events.includes(event.id),
    event_id: event.id,
    subscription_id: subscriptionId || undefined,
  }
  if (answer.duplicate) return { ...answer, status: plan?.status }
  book.events.push(event.id)
  if (!plan) return { ...answer, ignored: `No subscription ${subscriptionId} here` }
  const unchanged = applyPlanEvent(plan, event)
  plan.events.push(event.id)
  return {
    ...answer,
    status: plan.status,
    debits: plan.debits.length,
    ...(unchanged ? { ignored: unchanged } : {}),
  }
}

/**
 * @param {OrderBook} book
 * @param {WebhookEvent} event a verified settlement.processed
 * @returns {WebhookReceipt}
 */
function recordSettlement(book, event) {
  const answer = { received: /** @type {const} */ (true), duplicate: false, event_id: event.id }
  const {
    SETTLEMENT_ID = '',
    UTR = '',
    SETTLEMENT_DATE = '',
    NET_AMOUNT = '',
    STATUS = '',
  } = event.data
  if (!SETTLEMENT_ID_PATTERN.test(SETTLEMENT_ID)) {
    return { ...answer, ignored: `${SETTLEMENT_PROCESSED} without a valid SETTLEMENT_ID` }
  }
  book.settlements[SETTLEMENT_ID] = { SETTLEMENT_ID, UTR, SETTLEMENT_DATE, NET_AMOUNT, STATUS }
  return { ...answer, settlement_id: SETTLEMENT_ID }
}

/**
 * Keeps a dispute's fields on its order, unless the order holds a later stage already.
 * @param {StoredOrder} order
 * @param {Fields} fields
 */
function recordDispute(order, fields) {
  const status = /** @type {keyof typeof DISPUTE_STAGES} */ (fields.STATUS ?? '')
  if (!Object.hasOwn(DISPUTE_STAGES, status)) return
  const current = order.dispute ? DISPUTE_STAGES[order.dispute.STATUS] : -1
  if (DISPUTE_STAGES[status] <= current) return
  order.dispute = {
    DISPUTE_ID: fields.DISPUTE_ID ?? '',
    STATUS: status,
    REASON_CODE: fields.REASON_CODE ?? '',
    REASON: fields.REASON ?? '',
    AMOUNT: fields.AMOUNT ?? '',
    CURRENCY_CODE: fields.CURRENCY_CODE ?? '',
    RESPOND_BY: fields.RESPOND_BY ?? '',
    RESOLUTION: fields.RESOLUTION ?? '',
  }
}
