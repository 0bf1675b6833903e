/**
 * The examples' monthly plan: a UPI AutoPay subscription of ₹499 a month (createSubscription),
 * and the rules that move it as the gateway reports on it, whatever arrives late or twice:
 *
 * - its status only moves forward: a webhook or an answer older (on the account's clock, its
 *   RESPONSE_DATE_TIME) than the status it holds changes nothing, and cancelled, completed and
 *   failed are final;
 * - subscription.charged records the debit of its CYCLE once (CYCLE, ATTEMPT, AMOUNT, ORDER_ID,
 *   TXN_ID), never one charged after the plan ended: a revoke (subscription.cancelled with
 *   CANCELLED_BY CUSTOMER) or a merchant's cancel stops it;
 * - subscription.notified shows the next debit (DEBIT_AT, AMOUNT) until it is made or stopped;
 * - a subscription status answer (Check) reconciles all of that from its STATUS and DEBITS, for a
 *   webhook that never arrived.
 *
 * The store (order-store.js) keeps the plans beside the orders and applies each event id once.
 */

/** @typedef {import('../core/src/hash.js').Fields} Fields */
/** @typedef {import('../core/src/webhook.js').WebhookEvent} WebhookEvent */

/**
 * A plan's status: the gateway's STATUS in lower case. created until the customer registers the
 * mandate on its AUTH_URL page.
 * @typedef {'created' | 'active' | 'pending' | 'halted' | 'paused' | 'cancelled' | 'completed' | 'failed'} PlanStatus
 */
/**
 * What last moved a plan: a webhook, a status answer (Check), or the answer to cancelling it.
 * @typedef {'webhook' | 'status' | 'cancel'} PlanSource
 */

/**
 * One debit the plan recorded: a captured attempt of its cycle.
 * @typedef {object} RecordedDebit
 * @property {string} cycle 0 is taken with the registration
 * @property {string} attempt 1 to 4
 * @property {string} amount paise
 * @property {string} order_id the debit's payment, <SUBSCRIPTION_ID>-<cycle>-<attempt>
 * @property {string} txn_id
 * @property {string} debit_id
 * @property {string} charged_at IST, on the account's clock
 * @property {'webhook' | 'status' | 'cancel'} recorded_by subscription.charged, or a status
 *   answer's DEBITS that the webhook had not brought
 */

/**
 * The debit a subscription.notified announced and that has not been made yet.
 * @typedef {object} NextDebit
 * @property {string} debit_id
 * @property {string} cycle
 * @property {string} attempt
 * @property {string} amount paise
 * @property {string} debit_at IST, on the account's clock
 * @property {string} notified_at
 * @property {string} approval_required Y or N
 */

/**
 * A plan as the example keeps it (and GET /subscriptions/<SUBSCRIPTION_ID> answers it in JSON).
 * @typedef {object} StoredPlan
 * @property {string} subscription_id
 * @property {string} subscription_ref the example's own reference
 * @property {string} description the plan's name
 * @property {string} amount paise, each month
 * @property {string} method UPI
 * @property {string} frequency MONTHLY
 * @property {string} start_date YYYY-MM-DD, IST
 * @property {string} auth_url the mandate page the customer registers on, and keeps
 * @property {PlanStatus} status
 * @property {string} status_at when the gateway reported that status (IST, account clock)
 * @property {string} cancelled_by CUSTOMER (a revoke) or MERCHANT, once cancelled; '' before
 * @property {string} ended_at when it was cancelled, completed or failed; '' before
 * @property {RecordedDebit[]} debits one a cycle, by cycle
 * @property {NextDebit | null} next_debit
 * @property {string[]} events the ids of the webhook events that named it
 * @property {PlanSource | null} updated_by what last moved it; null until anything did
 */

/** The example's one plan: ₹499 a month by UPI AutoPay. */
export const MONTHLY_PLAN = Object.freeze({
  DESCRIPTION: 'Monthly plan',
  AMOUNT: '49900',
  METHOD: 'UPI',
  FREQUENCY: 'MONTHLY',
})

/** Every event of a subscription: its data is the subscription's answer, SUBSCRIPTION_ID first. */
export const SUBSCRIPTION_EVENTS = 'subscription.'

/** The statuses a plan never leaves. */
const ENDED = ['cancelled', 'completed', 'failed']

/** The status each event reports; notified and skipped report none. */
const EVENT_STATUS = /** @type {Record<string, PlanStatus>} */ ({
  'subscription.activated': 'active',
  'subscription.charged': 'active',
  'subscription.pending': 'pending',
  'subscription.halted': 'halted',
  'subscription.paused': 'paused',
  'subscription.resumed': 'active',
  'subscription.cancelled': 'cancelled',
  'subscription.completed': 'completed',
  'subscription.failed': 'failed',
})

/** The gateway's STATUS words, as a plan's status. */
const STATUSES = /** @type {Record<string, PlanStatus>} */ ({
  CREATED: 'created',
  ACTIVE: 'active',
  PENDING: 'pending',
  HALTED: 'halted',
  PAUSED: 'paused',
  CANCELLED: 'cancelled',
  COMPLETED: 'completed',
  FAILED: 'failed',
})

/**
 * A new plan from the gateway's verified answer to createSubscription (STATUS CREATED).
 * @param {Fields} fields
 * @returns {StoredPlan}
 */
export function newPlan(fields) {
  return {
    subscription_id: fields.SUBSCRIPTION_ID ?? '',
    subscription_ref: fields.SUBSCRIPTION_REF ?? '',
    description: fields.DESCRIPTION ?? '',
    amount: fields.AMOUNT ?? '',
    method: fields.METHOD ?? '',
    frequency: fields.FREQUENCY ?? '',
    start_date: fields.START_DATE ?? '',
    auth_url: fields.AUTH_URL ?? '',
    status: 'created',
    status_at: fields.RESPONSE_DATE_TIME ?? '',
    cancelled_by: '',
    ended_at: '',
    debits: [],
    next_debit: null,
    events: [],
    updated_by: null,
  }
}

/** @param {PlanStatus} status */
export function hasEnded(status) {
  return ENDED.includes(status)
}

/**
 * Applies a verified subscription.* event to its plan (the store has checked the event id is
 * new and the SUBSCRIPTION_ID is the plan's).
 * @param {StoredPlan} plan
 * @param {WebhookEvent} event
 * @returns {string | undefined} why it changed nothing, or undefined when it moved the plan
 */
export function applyPlanEvent(plan, event) {
  const data = event.data
  const at = data.RESPONSE_DATE_TIME ?? ''
  /** @type {string[]} */
  const unchanged = []
  if (event.type === 'subscription.charged') {
    const skipped = recordDebit(plan, data, data.CHARGED_AT ?? at, 'webhook')
    if (skipped) unchanged.push(skipped)
  }
  const status = EVENT_STATUS[event.type]
  if (status) {
    const moved = moveTo(plan, status, at, data, 'webhook')
    if (!moved && event.type !== 'subscription.charged') {
      unchanged.push(`the plan is ${plan.status} already, or was reported later`)
    }
  }
  if (event.type === 'subscription.notified') {
    const skipped = recordNotice(plan, data)
    if (skipped) unchanged.push(skipped)
  }
  // The notice of an attempt that failed, was skipped, or was stopped by a pause is not the next debit.
  const endsNotice = ['subscription.pending', 'subscription.halted', 'subscription.skipped']
  if (endsNotice.includes(event.type) && plan.next_debit?.debit_id === data.DEBIT_ID) {
    plan.next_debit = null
  } else if (event.type === 'subscription.paused' && plan.status === 'paused') {
    plan.next_debit = null
  } else if (event.type === 'subscription.skipped') {
    unchanged.push('no notice of that debit is shown')
  }
  if (!status && !['subscription.notified', 'subscription.skipped'].includes(event.type)) {
    unchanged.push(`${event.type} events are not recorded here`)
  }
  return unchanged.length ? unchanged.join('; ') : undefined
}

/**
 * Applies the gateway's verified answer to subscriptionStatus or cancelSubscription: its STATUS
 * forward only, its DEBITS' CHARGED attempts not recorded yet (a subscription.charged that never
 * arrived), and its open notice. A refusal says nothing of the plan.
 * @param {StoredPlan} plan
 * @param {Fields | Record<string, unknown>} fields
 * @param {PlanSource} source
 */
export function applyPlanAnswer(plan, fields, source) {
  const answer = /** @type {Record<string, unknown>} */ (fields)
  if (answer.RESPONSE_CODE !== '000' || answer.SUBSCRIPTION_ID !== plan.subscription_id) return
  const text = (/** @type {string} */ key) =>
    typeof answer[key] === 'string' ? /** @type {string} */ (answer[key]) : ''
  const at = text('RESPONSE_DATE_TIME')
  const debits = debitsOf(answer.DEBITS)
  // Oldest first, so the cycles are recorded in their order.
  for (const debit of [...debits].reverse()) {
    if (debit.STATUS === 'CHARGED') recordDebit(plan, debit, debit.DEBIT_AT ?? '', source)
  }
  const status = STATUSES[text('STATUS')]
  if (status && status !== 'created') {
    moveTo(
      plan,
      status,
      at,
      { ENDED_AT: text('ENDED_AT'), CANCELLED_BY: text('CANCELLED_BY') },
      source,
    )
  }
  // The answer tells the open notice as it stands at its time: none, or the NOTIFIED attempt.
  const open = debits.find((debit) => debit.STATUS === 'NOTIFIED')
  if (open && !hasEnded(plan.status) && !cycleRecorded(plan, open.CYCLE ?? '')) {
    plan.next_debit = noticeOf(open)
  } else if (!plan.next_debit || plan.next_debit.notified_at <= at) {
    plan.next_debit = null
  }
}

/**
 * A status a plan takes only forward: never out of an ending, never back to created, and never
 * from a report older than the one it holds.
 * @param {StoredPlan} plan
 * @param {PlanStatus} status
 * @param {string} at the report's time, IST on the account's clock
 * @param {Fields} data the report's fields (ENDED_AT, CANCELLED_BY)
 * @param {PlanSource} source
 * @returns {boolean} whether the status changed
 */
function moveTo(plan, status, at, data, source) {
  if (hasEnded(plan.status)) return false
  if (plan.status !== 'created' && at < plan.status_at) return false
  if (at > plan.status_at) plan.status_at = at
  if (status === plan.status) return false
  plan.status = status
  plan.updated_by = source
  if (hasEnded(status)) {
    plan.ended_at = data.ENDED_AT || at
    plan.cancelled_by = status === 'cancelled' ? (data.CANCELLED_BY ?? '') : ''
    plan.next_debit = null
  }
  return true
}

/**
 * Records a captured attempt once for its cycle, unless it was charged after the plan ended.
 * @param {StoredPlan} plan
 * @param {Fields} fields CYCLE, ATTEMPT, AMOUNT, ORDER_ID, TXN_ID, DEBIT_ID
 * @param {string} chargedAt
 * @param {RecordedDebit['recorded_by']} source
 * @returns {string | undefined} why it was not recorded
 */
function recordDebit(plan, fields, chargedAt, source) {
  const cycle = fields.CYCLE ?? ''
  if (!/^\d{1,4}$/.test(cycle)) return 'a debit without a CYCLE'
  if (cycleRecorded(plan, cycle)) return `cycle ${cycle} is recorded already`
  if (hasEnded(plan.status) && !(chargedAt && plan.ended_at && chargedAt <= plan.ended_at)) {
    return `the plan is ${plan.status}: no debit after it is recorded`
  }
  plan.debits.push({
    cycle,
    attempt: fields.ATTEMPT ?? '',
    amount: fields.AMOUNT ?? '',
    order_id: fields.ORDER_ID ?? '',
    txn_id: fields.TXN_ID ?? '',
    debit_id: fields.DEBIT_ID ?? '',
    charged_at: chargedAt,
    recorded_by: source,
  })
  plan.debits.sort((a, b) => Number(a.cycle) - Number(b.cycle))
  if (plan.next_debit && Number(plan.next_debit.cycle) <= Number(cycle)) plan.next_debit = null
  plan.updated_by = source
  return undefined
}

/**
 * Shows a notice's debit as the next one, unless its cycle is paid, the plan ended, or a later
 * notice is shown already.
 * @param {StoredPlan} plan
 * @param {Fields} data
 * @returns {string | undefined} why it is not shown
 */
function recordNotice(plan, data) {
  if (hasEnded(plan.status)) return `the plan is ${plan.status}: no debit is coming`
  const cycle = data.CYCLE ?? ''
  if (cycleRecorded(plan, cycle)) return `cycle ${cycle} is recorded already`
  const shown = plan.next_debit
  const later = (/** @type {NextDebit} */ notice) =>
    Number(notice.cycle) > Number(cycle) ||
    (notice.cycle === cycle && Number(notice.attempt) >= Number(data.ATTEMPT ?? ''))
  if (shown && later(shown)) return 'a later notice is shown already'
  plan.next_debit = noticeOf(data)
  plan.updated_by = 'webhook'
  return undefined
}

/**
 * @param {StoredPlan} plan
 * @param {string} cycle
 */
function cycleRecorded(plan, cycle) {
  return plan.debits.some((debit) => debit.cycle === cycle)
}

/**
 * @param {Fields} fields a notice's fields (an event's data, or a DEBITS entry)
 * @returns {NextDebit}
 */
function noticeOf(fields) {
  return {
    debit_id: fields.DEBIT_ID ?? '',
    cycle: fields.CYCLE ?? '',
    attempt: fields.ATTEMPT ?? '',
    amount: fields.AMOUNT ?? '',
    debit_at: fields.DEBIT_AT ?? '',
    notified_at: fields.NOTIFIED_AT ?? '',
    approval_required: fields.APPROVAL_REQUIRED ?? '',
  }
}

/**
 * An answer's DEBITS: parsed already (subscriptionStatus), or the JSON text the cancel answer
 * carries; anything else is no debits.
 * @param {unknown} value
 * @returns {Fields[]}
 */
function debitsOf(value) {
  let list = value
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value)
    } catch {
      return []
    }
  }
  if (!Array.isArray(list)) return []
  return list.filter(
    (item) =>
      typeof item === 'object' &&
      item !== null &&
      Object.values(item).every((entry) => typeof entry === 'string'),
  )
}
