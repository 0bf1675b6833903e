/**
 * Reconciliation, the same in every Paystra kit and checked against the `reconciliation` cases of
 * the shared vectors (tests/vectors.json): your paid orders against the settlements you fetched
 * (with their LINES) and, for an order with no PAYMENT line there, the gateway's recon entries.
 *
 * One row per order, in the order given, then one UNKNOWN row per ORDER_ID of a PAYMENT or REFUND
 * line that is not yours, in order of first appearance. An order's payment is its first PAYMENT
 * line; without one, its recon PAYMENT entry: SETTLED stands for the line, UNSETTLED makes the row
 * UNSETTLED, or OVERDUE once today (IST) is after its EXPECTED_SETTLEMENT_DATE; no entry: MISSING.
 * Its refunds are its REFUND lines, then its recon REFUND entries whose TXN_ID no line has. With a
 * payment: AMOUNT_MISMATCH when the payment's AMOUNT is not the order's, else REFUNDED when the
 * refunds add up to more than 0, else MATCHED.
 *
 * Amounts are paise as digit strings and are added as BigInt, never as floats.
 */
import { InvalidInputError } from './errors.js'

/** @typedef {import('./client.js').Settlement} Settlement */
/** @typedef {import('./client.js').SettlementLine} SettlementLine */
/** @typedef {import('./client.js').ReconEntry} ReconEntry */

/**
 * @typedef {'MATCHED' | 'REFUNDED' | 'AMOUNT_MISMATCH' | 'UNSETTLED' | 'OVERDUE' | 'MISSING' | 'UNKNOWN'} Result
 */

/**
 * A paid order of yours: its id and the amount you charged, in paise.
 * @typedef {{ ORDER_ID: string, AMOUNT: string }} PaidOrder
 */

/**
 * A settlement with its lines, as `client.settlement()` answers it.
 * @typedef {Pick<Settlement, 'SETTLEMENT_ID' | 'UTR' | 'SETTLEMENT_DATE' | 'STATUS'> & { LINES: SettlementLine[] }} SettlementWithLines
 */

/**
 * One row of the report; every value a string, '' where there is nothing to say.
 * @typedef {object} ReportRow
 * @property {string} ORDER_ID
 * @property {Result} RESULT
 * @property {string} AMOUNT the order's amount ('' on an UNKNOWN row)
 * @property {string} SETTLED_AMOUNT the payment's AMOUNT ('' without a settled payment)
 * @property {string} REFUNDED_AMOUNT the refunds' AMOUNT summed
 * @property {string} NET the NET of the payment (settled or not) and of the refunds, summed
 * @property {string} SETTLEMENT_ID the payment's settlement
 * @property {string} UTR '' when that settlement was carried forward
 * @property {string} SETTLEMENT_DATE
 * @property {string} EXPECTED_SETTLEMENT_DATE only on UNSETTLED and OVERDUE rows
 */

/** Every result a row can have. */
export const RESULTS = Object.freeze(
  /** @type {const} */ ([
    'MATCHED',
    'REFUNDED',
    'AMOUNT_MISMATCH',
    'UNSETTLED',
    'OVERDUE',
    'MISSING',
    'UNKNOWN',
  ]),
)

const DATE = /^\d{4}-\d{2}-\d{2}$/
const PAISE = /^-?\d+$/

/**
 * @typedef {object} Payment
 * @property {string} AMOUNT
 * @property {string} NET
 * @property {string} SETTLEMENT_ID
 * @property {string} UTR
 * @property {string} SETTLEMENT_DATE
 */

/**
 * @typedef {{ line: SettlementLine, settlement: SettlementWithLines }} PlacedLine
 */

/**
 * The report of your paid orders against what the gateway settled.
 * @param {PaidOrder[]} orders your paid orders
 * @param {SettlementWithLines[]} settlements as fetched, each with its LINES
 * @param {Record<string, ReconEntry[]>} recon RECON by ORDER_ID, for orders with no PAYMENT line
 *   in the settlements (an order without a key has no entries)
 * @param {string} today YYYY-MM-DD in IST
 * @returns {ReportRow[]}
 * @throws {InvalidInputError} when an input is not shaped as the gateway answers it
 */
export function reconcile(orders, settlements, recon, today) {
  if (typeof today !== 'string' || !DATE.test(today)) {
    throw new InvalidInputError('today must be a date as YYYY-MM-DD (in IST)')
  }
  if (!Array.isArray(orders)) throw new InvalidInputError('orders must be a list')
  if (typeof recon !== 'object' || recon === null) {
    throw new InvalidInputError('recon must be an object of RECON lists by ORDER_ID')
  }
  const lines = placedLines(settlements)
  const lineTxnIds = new Set(lines.map(({ line }) => line.TXN_ID).filter((id) => id !== ''))

  const rows = orders.map((order, index) => {
    if (typeof order?.ORDER_ID !== 'string') {
      throw new InvalidInputError(`orders[${index}] has no ORDER_ID`)
    }
    paise(order.AMOUNT, `the AMOUNT of order ${order.ORDER_ID}`)
    const entries = recon[order.ORDER_ID] ?? []
    if (!Array.isArray(entries)) {
      throw new InvalidInputError(`recon["${order.ORDER_ID}"] must be a list of RECON entries`)
    }
    return orderRow(order, lines, entries, lineTxnIds, today)
  })

  const yours = new Set(orders.map((order) => order.ORDER_ID))
  /** @type {Set<string>} */
  const unknown = new Set()
  for (const { line } of lines) {
    if ((line.TYPE === 'PAYMENT' || line.TYPE === 'REFUND') && !yours.has(line.ORDER_ID)) {
      unknown.add(line.ORDER_ID)
    }
  }
  for (const orderId of unknown) rows.push(unknownRow(orderId, lines))
  return rows
}

/**
 * Every line of every settlement, in order, beside its settlement.
 * @param {SettlementWithLines[]} settlements
 * @returns {PlacedLine[]}
 */
function placedLines(settlements) {
  if (!Array.isArray(settlements)) throw new InvalidInputError('settlements must be a list')
  return settlements.flatMap((settlement, index) => {
    if (!Array.isArray(settlement?.LINES)) {
      throw new InvalidInputError(
        `settlements[${index}] has no LINES: fetch each settlement with client.settlement()`,
      )
    }
    return settlement.LINES.map((line) => ({ line, settlement }))
  })
}

/**
 * @param {PaidOrder} order
 * @param {PlacedLine[]} lines
 * @param {ReconEntry[]} entries
 * @param {Set<string>} lineTxnIds
 * @param {string} today
 * @returns {ReportRow}
 */
function orderRow(order, lines, entries, lineTxnIds, today) {
  const own = lines.filter(({ line }) => line.ORDER_ID === order.ORDER_ID)
  const refunds = [
    ...own.filter(({ line }) => line.TYPE === 'REFUND').map(({ line }) => line),
    ...entries.filter((entry) => entry.TYPE === 'REFUND' && !lineTxnIds.has(entry.TXN_ID)),
  ]
  const paymentLine = own.find(({ line }) => line.TYPE === 'PAYMENT')
  const entry = paymentLine ? undefined : entries.find((item) => item.TYPE === 'PAYMENT')

  /** @type {Payment | undefined} */
  let payment
  if (paymentLine) payment = linePayment(paymentLine)
  else if (entry?.STATE === 'SETTLED') payment = entry
  // Anything but SETTLED has not been paid out yet.
  const unsettled = !payment && entry ? entry : undefined

  const refunded = sum(refunds.map((refund) => refund.AMOUNT))
  /** @type {Result} */
  let result
  if (payment) {
    if (paise(payment.AMOUNT, `the settled AMOUNT of ${order.ORDER_ID}`) !== BigInt(order.AMOUNT)) {
      result = 'AMOUNT_MISMATCH'
    } else result = refunded > 0n ? 'REFUNDED' : 'MATCHED'
  } else if (unsettled) {
    if (!DATE.test(unsettled.EXPECTED_SETTLEMENT_DATE ?? '')) {
      throw new InvalidInputError(
        `The recon entry of ${order.ORDER_ID} has no EXPECTED_SETTLEMENT_DATE`,
      )
    }
    result = today > unsettled.EXPECTED_SETTLEMENT_DATE ? 'OVERDUE' : 'UNSETTLED'
  } else result = 'MISSING'

  return row(order.ORDER_ID, result, order.AMOUNT, payment ?? unsettled, payment, refunds, {
    expected: unsettled?.EXPECTED_SETTLEMENT_DATE ?? '',
  })
}

/**
 * A row for an order that is not yours but has lines in your settlements.
 * @param {string} orderId
 * @param {PlacedLine[]} lines
 * @returns {ReportRow}
 */
function unknownRow(orderId, lines) {
  const own = lines.filter(({ line }) => line.ORDER_ID === orderId)
  const paymentLine = own.find(({ line }) => line.TYPE === 'PAYMENT')
  const payment = paymentLine ? linePayment(paymentLine) : undefined
  const refunds = own.filter(({ line }) => line.TYPE === 'REFUND').map(({ line }) => line)
  return row(orderId, 'UNKNOWN', '', payment, payment, refunds, { expected: '' })
}

/**
 * @param {string} orderId
 * @param {Result} result
 * @param {string} amount
 * @param {{ NET: string } | undefined} counted the payment line or entry whose NET counts
 * @param {Payment | undefined} payment the settled payment
 * @param {Array<{ AMOUNT: string, NET: string }>} refunds
 * @param {{ expected: string }} dates
 * @returns {ReportRow}
 */
function row(orderId, result, amount, counted, payment, refunds, { expected }) {
  const net = sum([...(counted ? [counted.NET] : []), ...refunds.map((refund) => refund.NET)])
  return {
    ORDER_ID: orderId,
    RESULT: result,
    AMOUNT: amount,
    SETTLED_AMOUNT: payment?.AMOUNT ?? '',
    REFUNDED_AMOUNT: String(sum(refunds.map((refund) => refund.AMOUNT))),
    NET: String(net),
    SETTLEMENT_ID: payment?.SETTLEMENT_ID ?? '',
    UTR: payment?.UTR ?? '',
    SETTLEMENT_DATE: payment?.SETTLEMENT_DATE ?? '',
    EXPECTED_SETTLEMENT_DATE: expected,
  }
}

/**
 * A PAYMENT line as the payment of its order, with its settlement's id, UTR and date.
 * @param {PlacedLine} placed
 * @returns {Payment}
 */
function linePayment({ line, settlement }) {
  return {
    AMOUNT: line.AMOUNT,
    NET: line.NET,
    SETTLEMENT_ID: settlement.SETTLEMENT_ID ?? '',
    // A carried-forward settlement paid nothing, so there is no bank transfer to name.
    UTR: settlement.STATUS === 'CARRIED_FORWARD' ? '' : (settlement.UTR ?? ''),
    SETTLEMENT_DATE: settlement.SETTLEMENT_DATE ?? '',
  }
}

/**
 * @param {string[]} amounts
 * @returns {bigint}
 */
function sum(amounts) {
  return amounts.reduce(
    (total, amount) => total + paise(amount, 'Every AMOUNT and NET of the lines and entries'),
    0n,
  )
}

/**
 * @param {unknown} value
 * @param {string} what
 * @returns {bigint}
 */
function paise(value, what) {
  if (typeof value !== 'string' || !PAISE.test(value)) {
    throw new InvalidInputError(`${what} must be paise as digits (e.g. "100" or "-5000")`)
  }
  return BigInt(value)
}
