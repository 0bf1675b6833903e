/**
 * The forward-only order rule. Three messengers report a payment's outcome (the browser's
 * return, the status enquiry and the webhook), in any order and some of them twice; a store
 * that follows this rule ends in the same status whatever order they arrive in.
 */

/** @typedef {import('./hash.js').Fields} Fields */
/** @typedef {'created' | 'pending' | 'paid' | 'failed'} OrderStatus */

/** Every status an order can be in, the first one where it starts. */
export const ORDER_STATUSES = Object.freeze(
  /** @type {const} */ (['created', 'pending', 'paid', 'failed']),
)

/**
 * An order's status only moves forward: created, then pending, paid or failed; pending, then
 * paid or failed; paid and failed are final, so a late, repeated or out-of-order message never
 * moves it back.
 */
const FORWARD = Object.freeze({
  created: Object.freeze(['pending', 'paid', 'failed']),
  pending: Object.freeze(['paid', 'failed']),
  paid: Object.freeze([]),
  failed: Object.freeze([]),
})

/**
 * The status a verified gateway answer asks for: RESPONSE_CODE 000 paid, STATUS Pending pending,
 * anything else failed.
 * @param {Fields} fields the response at RETURN_URL, a status enquiry's answer or an event's data
 * @returns {OrderStatus}
 */
export function statusOf(fields) {
  if (fields.RESPONSE_CODE === '000') return 'paid'
  if (fields.STATUS === 'Pending') return 'pending'
  return 'failed'
}

/**
 * Whether an order in status `from` moves to `to` (staying put is not a move).
 * @param {OrderStatus} from
 * @param {OrderStatus} to
 */
export function canMove(from, to) {
  return /** @type {readonly string[]} */ (FORWARD[from] ?? []).includes(to)
}

/**
 * The status after an outcome is reported: the outcome when it is a step forward, else the
 * current one (a late payment.failed never undoes a capture).
 * @param {OrderStatus} current
 * @param {OrderStatus} outcome
 * @returns {OrderStatus}
 */
export function nextStatus(current, outcome) {
  return canMove(current, outcome) ? outcome : current
}
