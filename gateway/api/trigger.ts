import { type Request, Router } from 'express'
import { rupee } from '#core/currency/currencies.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import {
  checkedNotifyUrl,
  type FindMerchant,
  type NotifyPolicyFor,
  type NotifyTarget,
} from '#gateway/checks.ts'
import { type AdvanceDeps, advanceClock } from '#gateway/clock/advance.ts'
import { disputesOfOrder } from '#gateway/disputes/store.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import { disputeCards, testCardOf, testCards, testUpiIds } from '#gateway/methods.ts'
import {
  completeTransaction,
  createTransaction,
  findByOrder,
  type PaymentOutcome,
  type SandboxTransaction,
  type TransactionMode,
} from '#gateway/store.ts'
import { notifyTargetFor, queueAnswerEvent, queuePaymentEvent } from '#gateway/webhooks/events.ts'
import { jsonRoute, refusalsAt } from './json.ts'
import type { ApiLimiters } from './limits.ts'
import { payoutTestVpas } from './payout-checks.ts'
import { createPayout, storedPayoutAnswer } from './payout-store.ts'
import { refundAnswer } from './refund-checks.ts'
import { refundMade, refundPayment } from './refund-store.ts'
import {
  isTriggerEvent,
  movesClock,
  type RunEvent,
  settlementRunOf,
  type TriggerEvent,
  triggerId,
} from './trigger-events.ts'

export interface TriggerApiOptions extends AdvanceDeps {
  limits?: ApiLimiters
  findMerchant: FindMerchant
  /** Which NOTIFY_URLs a request is allowed, by where it came from. */
  notifyPolicy: NotifyPolicyFor
  /** How long late@upi stays Pending before the bank confirms it. */
  settleDelayMs: number
  /** Whose clock may not move: the demo merchant's on a public sandbox (362). */
  clockLocked: (payId: string) => boolean
  /** The page that makes a sandbox account, named in that refusal. */
  accountPage: (req: Request) => string
  log?: (line: string) => void
}

/** Every record a trigger makes is of ₹1.00. */
const AMOUNT = 100n

/** What ends a triggered payment: a test card, or late@upi (Pending, confirmed by the bank later). */
type Outcome = Omit<PaymentOutcome, 'at' | 'settleAt'> & { late?: true }

const cardOutcome = (number: string): Outcome => {
  const card = testCardOf(number)!
  return {
    code: card.code,
    paymentType: card.paymentType,
    mopType: card.mopType,
    cardNumber: card.number,
    issuedAbroad: card.issuedAbroad ?? false,
  }
}
const captured = cardOutcome(testCards.find((card) => card.code === '000')!.number)
const declined = cardOutcome(testCards.find((card) => card.code === '004')!.number)
// The winnable reason, so the dispute can be contested and won.
const disputed = cardOutcome(disputeCards.find((card) => card.reasonCode === '13.1')!.number)
const late = testUpiIds.find((upi) => upi.outcome === 'late')!
const latePending: Outcome = { code: late.code, paymentType: 'UP', mopType: 'UP', late: true }

const paymentOutcomes = {
  'payment.captured': captured,
  'payment.failed': declined,
  'payment.pending': latePending,
} as const

const payoutVpa = (outcome: 'success' | 'failure') =>
  payoutTestVpas.find((upi) => upi.outcome === outcome)!.vpa

/** What the answer names besides the event: the records made, and the clock after them. */
interface Made {
  records: Fields
  now: Date
}

/**
 * `POST /pgws/trigger` `{PAY_ID, EVENT, NOTIFY_URL?}`: makes, through the sandbox's own store,
 * real ₹1.00 records of the merchant that send EVENT, with every webhook they send on the way
 * (a refund's payment sends payment.captured first), to NOTIFY_URL or wherever the merchant's
 * events go by default. Settlement and dispute events come from the settlement run that sends
 * them, reached by moving the merchant's clock to it.
 */
export function triggerApi(options: TriggerApiOptions): Router {
  const { db } = options
  const refusal = refusalsAt(options.now)(['EVENT'])
  const clockOf = (merchant: SandboxMerchant) => merchantNow(merchant, options.now())

  /** A payment paid and ended at once, its event committed with it. */
  const pay = async (
    merchant: SandboxMerchant,
    event: TriggerEvent,
    notify: NotifyTarget,
    at: Date,
    outcome: Outcome,
  ): Promise<SandboxTransaction> => {
    const { late: isLate, ...ended } = outcome
    const mode: TransactionMode = isLate ? 'merchant-hosted' : 'hosted'
    const { payment, queued } = await db.transaction(async (tx) => {
      const created = await createTransaction(tx, {
        request: {
          payId: merchant.payId,
          orderId: triggerId(),
          amount: AMOUNT,
          currencyCode: rupee.number,
          txnType: 'SALE',
          returnUrl: '',
          custName: '',
          custEmail: '',
          custMobile: '',
          custId: '',
          productDesc: `paystra trigger ${event}`,
          notifyUrl: notify.url,
          notifyPrivate: notify.allowPrivate,
        },
        mode,
        language: 'en',
        paymentType: ended.paymentType,
        mopType: ended.mopType,
        at,
      })
      if (created === 'duplicate') throw new Error('a trigger order id was drawn twice')
      const settleAt = isLate ? new Date(at.getTime() + options.settleDelayMs) : undefined
      const completion = await completeTransaction(tx, created.id, { ...ended, settleAt, at })
      const payment = completion!.transaction
      return { payment, queued: await queuePaymentEvent(tx, payment, merchant) }
    })
    if (queued) options.onEventQueued()
    return payment
  }

  const refundWhole = async (
    merchant: SandboxMerchant,
    payment: SandboxTransaction,
  ): Promise<string> => {
    const refundOrderId = `${payment.orderId}-refund`
    const request = {
      payId: merchant.payId,
      orderId: payment.orderId,
      refundOrderId,
      amount: payment.amount,
      currencyCode: payment.currencyCode,
    }
    const asked: Fields = {
      PAY_ID: merchant.payId,
      ORDER_ID: payment.orderId,
      REFUND_ORDER_ID: refundOrderId,
      AMOUNT: String(payment.amount),
      CURRENCY_CODE: payment.currencyCode,
    }
    const at = clockOf(merchant)
    let queued = false
    const outcome = await refundPayment(db, request, at, async (tx, stored, paid) => {
      queued = await queueAnswerEvent(tx, merchant, {
        type: 'refund.processed',
        reference: stored.orderId,
        notify: notifyTargetFor(
          { url: paid.notifyUrl, allowPrivate: paid.notifyPrivate },
          merchant,
        ),
        answer: refundAnswer(asked, {
          code: '000',
          made: refundMade(stored, paid),
          dateTime: formatDateTime(at),
        }),
      })
    })
    if (queued) options.onEventQueued()
    if (outcome.code !== '000') throw new Error(`the trigger's refund answered ${outcome.code}`)
    return refundOrderId
  }

  const payout = async (
    merchant: SandboxMerchant,
    notify: NotifyTarget,
    at: Date,
    outcome: 'success' | 'failure',
  ): Promise<string> => {
    const { stored, queued } = await db.transaction(async (tx) => {
      const stored = await createPayout(
        tx,
        {
          payId: merchant.payId,
          payoutId: triggerId(),
          amount: AMOUNT,
          currencyCode: rupee.number,
          beneficiary: { mode: 'UPI', name: 'Test Beneficiary', vpa: payoutVpa(outcome) },
          remarks: 'paystra trigger',
        },
        at,
      )
      if (stored === 'duplicate') throw new Error('a trigger payout id was drawn twice')
      const queued = await queueAnswerEvent(tx, merchant, {
        type: stored.responseCode === '000' ? 'payout.processed' : 'payout.failed',
        reference: stored.payoutId,
        notify: notifyTargetFor(notify, merchant),
        answer: storedPayoutAnswer(stored),
      })
      return { stored, queued }
    })
    if (queued) options.onEventQueued()
    return stored.payoutId
  }

  /** A payment, then the clock moved to the settlement run that settles it (and disputes it). */
  const settle = async (
    merchant: SandboxMerchant,
    event: RunEvent,
    notify: NotifyTarget,
    at: Date,
    run: Date,
  ): Promise<Made> => {
    const outcome = event === 'dispute.created' ? disputed : captured
    const payment = await pay(merchant, event, notify, at, outcome)
    const advanced = await advanceClock(options, merchant, run, notify)
    const settled = await findByOrder(db, merchant.payId, payment.orderId)
    const records: Fields = {
      ORDER_ID: payment.orderId,
      SETTLEMENT_ID: settled?.settlementId ?? '',
    }
    if (event === 'dispute.created') {
      const [dispute] = await disputesOfOrder(db, merchant.payId, payment.orderId)
      records.DISPUTE_ID = dispute?.DISPUTE_ID ?? ''
    }
    return { records, now: advanced.to }
  }

  const make = async (
    merchant: SandboxMerchant,
    event: Exclude<TriggerEvent, RunEvent>,
    notify: NotifyTarget,
    at: Date,
  ): Promise<Fields> => {
    switch (event) {
      case 'payment.captured':
      case 'payment.failed':
      case 'payment.pending': {
        const payment = await pay(merchant, event, notify, at, paymentOutcomes[event])
        return { ORDER_ID: payment.orderId }
      }
      case 'refund.processed': {
        const payment = await pay(merchant, event, notify, at, captured)
        return { ORDER_ID: payment.orderId, REFUND_ORDER_ID: await refundWhole(merchant, payment) }
      }
      case 'payout.processed':
      case 'payout.failed': {
        const outcome = event === 'payout.processed' ? 'success' : 'failure'
        return { PAYOUT_ID: await payout(merchant, notify, at, outcome) }
      }
    }
  }

  const router = Router()
  router.post(
    '/pgws/trigger',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'EVENT', 'NOTIFY_URL', 'HASH'],
        refusal,
        answer: async (fields, merchant, req) => {
          const event = fields.EVENT
          if (!isTriggerEvent(event)) return refusal('368', fields)
          const notify = checkedNotifyUrl(fields.NOTIFY_URL, options.notifyPolicy(req), merchant)
          if (notify === undefined) return refusal('357', fields)
          const at = clockOf(merchant)
          let made: Made
          if (movesClock(event)) {
            if (options.clockLocked(merchant.payId)) {
              return { ...refusal('362', fields), ACCOUNT_URL: options.accountPage(req) }
            }
            const run = settlementRunOf(at, options.hour)
            if (!run.ok) return refusal(run.code, fields)
            made = await settle(merchant, event, notify, at, run.to)
          } else {
            made = { records: await make(merchant, event, notify, at), now: clockOf(merchant) }
          }
          const { records, now } = made
          options.log?.(
            `sandbox: trigger ${event} ${records.ORDER_ID ?? records.PAYOUT_ID} of ${merchant.payId}`,
          )
          return {
            PAY_ID: merchant.payId,
            EVENT: event,
            ...records,
            NOW: now.toISOString(),
            RESPONSE_CODE: '000',
            RESPONSE_MESSAGE: responseCodes['000'].message,
            RESPONSE_DATE_TIME: formatDateTime(now),
          }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  return router
}
