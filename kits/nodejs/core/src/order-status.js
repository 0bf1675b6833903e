/**
 * The forward-only order rule, the same in every Paystra kit and checked against the `orders`
 * table of the shared vectors (tests/vectors.json):
 *
 * An order's status only moves forward: created, then pending, paid or failed; pending, then
 * paid or failed; paid and failed are final, so a late, repeated or out-of-order message (a
 * retried webhook, a payment.failed after the capture, the browser's pending answer after the
 * webhook's capture) never moves it back.
 *
 * The browser's return, a status enquiry and a webhook event all go through `of` then
 * `advance`, in whatever order they arrive.
 */

/** @typedef {import('./hash.js').Fields} Fields */
/** @typedef {'created' | 'pending' | 'paid' | 'failed'} Status */

/** Every status an order can be in, the first one where it starts. */
export const STATUSES = Object.freeze(
  /** @type {const} */ (['created', 'pending', 'paid', 'failed']),
)

/** Where each status may go next; paid and failed are final. */
const NEXT = Object.freeze({
  created: Object.freeze(['pending', 'paid', 'failed']),
  pending: Object.freeze(['paid', 'failed']),
  paid: Object.freeze([]),
  failed: Object.freeze([]),
})

/**
 * The status a verified answer, response or event's data asks for: RESPONSE_CODE 000 paid,
 * STATUS Pending pending, anything else failed.
 * @param {Fields} fields the response at RETURN_URL, a status enquiry's answer or an event's data
 * @returns {Status}
 */
export function of(fields) {
  if (fields.RESPONSE_CODE === '000') return 'paid'
  if (fields.STATUS === 'Pending') return 'pending'
  return 'failed'
}

/**
 * True when an order in `from` moves to `to`; false for a repeat or a step back.
 * @param {Status} from
 * @param {Status} to
 */
export function moves(from, to) {
  return /** @type {readonly string[]} */ (NEXT[from] ?? []).includes(to)
}

/**
 * `to` when the order may move there from `from`, else `from`: never backwards.
 * @param {Status} from
 * @param {Status} to
 * @returns {Status}
 */
export function advance(from, to) {
  return moves(from, to) ? to : from
}
