/**
 * Reconciliation, the same in every Paystra kit and checked against the `reconciliation` cases of
 * the shared vectors (tests/vectors.json): your paid orders against the settlements you fetched
 * (with all their LINES) and the gateway's recon entries of the orders you asked about (those
 * with no PAYMENT line there, and those with a dispute). Money is MATCHED or REFUNDED only once a
 * settlement paid it out under a UTR.
 *
 * One row per order, in the order given, then one UNKNOWN row per ORDER_ID of a PAYMENT, REFUND,
 * DISPUTE_HOLD or DISPUTE_RELEASE line that is not yours, in order of first appearance
 * (CARRY_FORWARD and FEE lines are no order's).
 *
 * A settlement is paid out by itself when its STATUS is PROCESSED; a CARRIED_FORWARD one by what
 * pays out the settlement (among those given) whose CARRY_FORWARD line names it as
 * SOURCE_SETTLEMENT_ID, and by nothing while none does. An order's movements are its lines, then
 * its recon entries of a TYPE, TXN_ID and DISPUTE_ID that none of its lines has. Its payment is
 * the first PAYMENT among them: a line is paid out when its settlement is, else carried forward;
 * an entry is paid out when its STATE is SETTLED (by PAID_BY_SETTLEMENT_ID, under its UTR),
 * carried forward when CARRIED_FORWARD, unsettled when UNSETTLED. A DISPUTE_HOLD is open until a
 * DISPUTE_RELEASE of its DISPUTE_ID among the movements is paid out (a release not paid out yet
 * has given nothing back).
 *
 * RESULT, the first that applies: AMOUNT_MISMATCH, HELD, CARRIED_FORWARD, REFUNDED, MATCHED,
 * OVERDUE, UNSETTLED, MISSING. AMOUNT_MISMATCH: the payment is paid out or carried forward at
 * another AMOUNT than the order's. HELD: an open hold (a dispute's amount is held back).
 * CARRIED_FORWARD: the payment is carried forward. REFUNDED: paid out, and the refunds add up to
 * more than 0. MATCHED: paid out. OVERDUE: unsettled, and today (IST) is after its
 * EXPECTED_SETTLEMENT_DATE. UNSETTLED: unsettled. MISSING: no payment at all.
 *
 * SETTLED_AMOUNT is the payment's AMOUNT when paid out or carried forward; REFUNDED_AMOUNT the
 * refunds' AMOUNT summed; HELD_AMOUNT the open holds' NET summed, as a positive amount; NET the
 * payment's NET and every refund's, hold's and release's, summed. SETTLEMENT_ID, UTR and SETTLEMENT_DATE say where the money is: on a HELD
 * row, where its first open hold is, else where its payment is: the settlement that paid it out
 * (its date from the settlements given, else from the entry when it is the entry's own
 * settlement), or the one it is carried forward in, with an empty UTR; empty when unsettled. An
 * unsettled hold has none. EXPECTED_SETTLEMENT_DATE is only on UNSETTLED and OVERDUE rows.
 *
 * Amounts are paise as digit strings and are added as BigInt, never as floats.
 */
import { InvalidInputError } from './errors.js'

/** @typedef {import('./client.js').Settlement} Settlement */
/** @typedef {import('./client.js').SettlementLine} SettlementLine */
/** @typedef {import('./client.js').ReconEntry} ReconEntry */

/**
 * @typedef {'MATCHED' | 'REFUNDED' | 'AMOUNT_MISMATCH' | 'HELD' | 'CARRIED_FORWARD' | 'UNSETTLED' | 'OVERDUE' | 'MISSING' | 'UNKNOWN'} Result
 */

/**
 * A paid order of yours: its id and the amount you charged, in paise.
 * @typedef {{ ORDER_ID: string, AMOUNT: string }} PaidOrder
 */

/**
 * A settlement with all its lines, as `client.settlementWithAllLines()` answers it.
 * @typedef {Pick<Settlement, 'SETTLEMENT_ID' | 'UTR' | 'SETTLEMENT_DATE' | 'STATUS'> & { LINES: SettlementLine[] }} SettlementWithLines
 */

/**
 * One row of the report; every value a string, '' where there is nothing to say.
 * @typedef {object} ReportRow
 * @property {string} ORDER_ID
 * @property {Result} RESULT
 * @property {string} AMOUNT the order's amount ('' on an UNKNOWN row)
 * @property {string} SETTLED_AMOUNT the payment's AMOUNT, paid out or carried forward
 * @property {string} REFUNDED_AMOUNT the refunds' AMOUNT summed
 * @property {string} HELD_AMOUNT what open dispute holds keep back, in paise
 * @property {string} NET the payment's NET and every refund's, hold's and release's, summed
 * @property {string} SETTLEMENT_ID where the money is: the paying settlement, or the one carrying it
 * @property {string} UTR '' unless a processed settlement paid it out
 * @property {string} SETTLEMENT_DATE
 * @property {string} EXPECTED_SETTLEMENT_DATE only on UNSETTLED and OVERDUE rows
 */

/** Every result a row can have. */
export const RESULTS = Object.freeze(
  /** @type {const} */ ([
    'MATCHED',
    'REFUNDED',
    'AMOUNT_MISMATCH',
    'HELD',
    'CARRIED_FORWARD',
    'UNSETTLED',
    'OVERDUE',
    'MISSING',
    'UNKNOWN',
  ]),
)

/** The lines of these types belong to an order; CARRY_FORWARD and FEE lines to none. */
const ORDER_TYPES = new Set(['PAYMENT', 'REFUND', 'DISPUTE_HOLD', 'DISPUTE_RELEASE'])
const STATES = new Set(['SETTLED', 'CARRIED_FORWARD', 'UNSETTLED'])
const DATE = /^\d{4}-\d{2}-\d{2}$/
const PAISE = /^-?\d+$/

/**
 * Where a movement's money is: paid out, carried forward, or in no settlement yet.
 * @typedef {'paid' | 'carried' | 'waiting'} State
 * @typedef {{ SETTLEMENT_ID: string, UTR: string, SETTLEMENT_DATE: string }} Place
 * @typedef {{ fields: Record<string, string>, state: State, place: Place, fromRecon: boolean }} Movement
 */

/** @type {Place} */
const NOWHERE = Object.freeze({ SETTLEMENT_ID: '', UTR: '', SETTLEMENT_DATE: '' })

/**
 * The report of your paid orders against what the gateway settled.
 * @param {PaidOrder[]} orders your paid orders
 * @param {SettlementWithLines[]} settlements as fetched, each with all its LINES
 * @param {Record<string, ReconEntry[]>} recon RECON by ORDER_ID, for orders with no PAYMENT line
 *   in the settlements and orders with a dispute (an order without a key has no entries)
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
  const books = new Books(settlements)

  const rows = orders.map((order, index) => {
    if (typeof order?.ORDER_ID !== 'string') {
      throw new InvalidInputError(`orders[${index}] has no ORDER_ID`)
    }
    paise(order.AMOUNT, `the AMOUNT of order ${order.ORDER_ID}`)
    const entries = recon[order.ORDER_ID] ?? []
    if (!Array.isArray(entries)) {
      throw new InvalidInputError(`recon["${order.ORDER_ID}"] must be a list of RECON entries`)
    }
    const movements = [
      ...books.movementsOf(order.ORDER_ID),
      ...entries.map((entry) => books.entry(order.ORDER_ID, entry)),
    ]
    return row(order.ORDER_ID, order.AMOUNT, distinct(movements), today)
  })

  const yours = new Set(orders.map((order) => order.ORDER_ID))
  /** @type {Set<string>} */
  const unknown = new Set()
  for (const { line } of books.lines) {
    if (ORDER_TYPES.has(line.TYPE) && !yours.has(line.ORDER_ID)) unknown.add(line.ORDER_ID)
  }
  for (const orderId of unknown)
    rows.push(row(orderId, undefined, books.movementsOf(orderId), today))
  return rows
}

/** The settlements given, their lines, and which settlement paid out which. */
class Books {
  /** @param {SettlementWithLines[]} settlements */
  constructor(settlements) {
    if (!Array.isArray(settlements)) throw new InvalidInputError('settlements must be a list')
    /** @type {Array<{ line: SettlementLine, settlement: SettlementWithLines }>} */
    this.lines = []
    /** @type {Map<string, SettlementWithLines>} */
    this.byId = new Map()
    /** A carried-forward settlement's id → the id of the one carrying its balance. */
    /** @type {Map<string, string>} */
    this.takenOverBy = new Map()
    settlements.forEach((settlement, index) => {
      if (!Array.isArray(settlement?.LINES)) {
        throw new InvalidInputError(
          `settlements[${index}] has no LINES: fetch each settlement with client.settlementWithAllLines()`,
        )
      }
      if (settlement.STATUS !== 'PROCESSED' && settlement.STATUS !== 'CARRIED_FORWARD') {
        throw new InvalidInputError(
          `settlements[${index}] has no STATUS PROCESSED or CARRIED_FORWARD`,
        )
      }
      const id = settlement.SETTLEMENT_ID ?? ''
      if (!this.byId.has(id)) this.byId.set(id, settlement)
      for (const line of settlement.LINES) {
        this.lines.push({ line, settlement })
        const source = /** @type {Record<string, string>} */ (line).SOURCE_SETTLEMENT_ID ?? ''
        if (line.TYPE === 'CARRY_FORWARD' && !this.takenOverBy.has(source)) {
          this.takenOverBy.set(source, id)
        }
      }
    })
  }

  /**
   * The processed settlement that paid this one's money out, if any has yet.
   * @param {SettlementWithLines} settlement
   * @returns {SettlementWithLines | undefined}
   */
  paidOutBy(settlement) {
    const seen = new Set()
    let current = settlement
    while (current.STATUS !== 'PROCESSED') {
      seen.add(current.SETTLEMENT_ID)
      const taker = this.takenOverBy.get(current.SETTLEMENT_ID)
      if (taker === undefined || seen.has(taker)) return undefined
      current = /** @type {SettlementWithLines} */ (this.byId.get(taker))
    }
    return current
  }

  /**
   * @param {string} orderId
   * @returns {Movement[]}
   */
  movementsOf(orderId) {
    return this.lines
      .filter(({ line }) => line.ORDER_ID === orderId && ORDER_TYPES.has(line.TYPE))
      .map(({ line, settlement }) => {
        const fields = /** @type {Record<string, string>} */ (/** @type {unknown} */ (line))
        const payer = this.paidOutBy(settlement)
        if (payer) return { fields, state: 'paid', place: placeOf(payer), fromRecon: false }
        // A carried-forward settlement paid nothing, so there is no bank transfer to name.
        return {
          fields,
          state: 'carried',
          place: { ...placeOf(settlement), UTR: '' },
          fromRecon: false,
        }
      })
  }

  /**
   * @param {string} orderId
   * @param {ReconEntry} entry
   * @returns {Movement}
   */
  entry(orderId, entry) {
    const fields = /** @type {Record<string, string>} */ (/** @type {unknown} */ (entry))
    if (!STATES.has(fields?.STATE)) {
      throw new InvalidInputError(
        `A recon entry of ${orderId} has no STATE SETTLED, CARRIED_FORWARD or UNSETTLED`,
      )
    }
    if (fields.STATE === 'SETTLED') {
      const paidBy = fields.PAID_BY_SETTLEMENT_ID ?? ''
      const payer = this.byId.get(paidBy)
      let date = ''
      if (payer) date = payer.SETTLEMENT_DATE ?? ''
      else if (paidBy === fields.SETTLEMENT_ID) date = fields.SETTLEMENT_DATE ?? ''
      const place = { SETTLEMENT_ID: paidBy, UTR: fields.UTR ?? '', SETTLEMENT_DATE: date }
      return { fields, state: 'paid', place, fromRecon: true }
    }
    if (fields.STATE === 'CARRIED_FORWARD') {
      const place = {
        SETTLEMENT_ID: fields.SETTLEMENT_ID ?? '',
        UTR: '',
        SETTLEMENT_DATE: fields.SETTLEMENT_DATE ?? '',
      }
      return { fields, state: 'carried', place, fromRecon: true }
    }
    if (fields.TYPE === 'PAYMENT' && !DATE.test(fields.EXPECTED_SETTLEMENT_DATE ?? '')) {
      throw new InvalidInputError(`The recon entry of ${orderId} has no EXPECTED_SETTLEMENT_DATE`)
    }
    return { fields, state: 'waiting', place: NOWHERE, fromRecon: true }
  }
}

/**
 * @param {SettlementWithLines} settlement
 * @returns {Place}
 */
function placeOf(settlement) {
  return {
    SETTLEMENT_ID: settlement.SETTLEMENT_ID ?? '',
    UTR: settlement.UTR ?? '',
    SETTLEMENT_DATE: settlement.SETTLEMENT_DATE ?? '',
  }
}

/** @param {Movement} movement */
const keyOf = ({ fields }) =>
  JSON.stringify([fields.TYPE, fields.TXN_ID ?? '', fields.DISPUTE_ID ?? ''])

/**
 * The lines, then the entries that are none of them (a line is what the entry stands for).
 * @param {Movement[]} movements
 * @returns {Movement[]}
 */
function distinct(movements) {
  const lineKeys = new Set(movements.filter((m) => !m.fromRecon).map(keyOf))
  return movements.filter((m) => !m.fromRecon || !lineKeys.has(keyOf(m)))
}

/**
 * @param {string} orderId
 * @param {string | undefined} amount the order's, or undefined for an order not yours (UNKNOWN)
 * @param {Movement[]} movements
 * @param {string} today
 * @returns {ReportRow}
 */
function row(orderId, amount, movements, today) {
  const ofType = (/** @type {string} */ type) => movements.filter((m) => m.fields.TYPE === type)
  const payment = ofType('PAYMENT')[0]
  const refunds = ofType('REFUND')
  const released = new Set(
    ofType('DISPUTE_RELEASE')
      .filter((m) => m.state === 'paid')
      .map((m) => m.fields.DISPUTE_ID ?? ''),
  )
  const openHolds = ofType('DISPUTE_HOLD').filter((m) => !released.has(m.fields.DISPUTE_ID ?? ''))
  const settled = payment && payment.state !== 'waiting' ? payment : undefined
  const waiting = payment && payment.state === 'waiting' ? payment : undefined
  const refunded = sum(refunds.map((m) => m.fields.AMOUNT))

  /** @type {Result} */
  let result
  if (amount === undefined) result = 'UNKNOWN'
  else if (
    settled &&
    paise(settled.fields.AMOUNT, `the settled AMOUNT of ${orderId}`) !== BigInt(amount)
  ) {
    result = 'AMOUNT_MISMATCH'
  } else if (openHolds.length > 0) result = 'HELD'
  else if (settled?.state === 'carried') result = 'CARRIED_FORWARD'
  else if (settled) result = refunded > 0n ? 'REFUNDED' : 'MATCHED'
  else if (waiting) {
    result = today > waiting.fields.EXPECTED_SETTLEMENT_DATE ? 'OVERDUE' : 'UNSETTLED'
  } else result = 'MISSING'

  const place = (result === 'HELD' ? openHolds[0] : settled)?.place ?? NOWHERE
  return {
    ORDER_ID: orderId,
    RESULT: result,
    AMOUNT: amount ?? '',
    SETTLED_AMOUNT: settled?.fields.AMOUNT ?? '',
    REFUNDED_AMOUNT: String(refunded),
    HELD_AMOUNT: String(-sum(openHolds.map((m) => m.fields.NET))),
    NET: String(
      sum(
        movements
          .filter((m) => m === payment || m.fields.TYPE !== 'PAYMENT')
          .map((m) => m.fields.NET),
      ),
    ),
    SETTLEMENT_ID: place.SETTLEMENT_ID,
    UTR: place.UTR,
    SETTLEMENT_DATE: place.SETTLEMENT_DATE,
    EXPECTED_SETTLEMENT_DATE:
      result === 'UNSETTLED' || result === 'OVERDUE'
        ? (waiting?.fields.EXPECTED_SETTLEMENT_DATE ?? '')
        : '',
  }
}

/**
 * @param {Array<string | undefined>} amounts
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
