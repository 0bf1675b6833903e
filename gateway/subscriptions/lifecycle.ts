/**
 * Everything that moves a subscription after it is made: the customer's registration on the
 * mandate page, the notices and debits its account's clock brings due, the customer's actions
 * (skip, approve, pause, resume, revoke) and the merchant's (cancel, resume, present a charge).
 * The rules are core/recurring/rules.ts; this module applies them to the stored rows.
 *
 * Each change locks the subscription's row first and runs in one transaction with its webhooks,
 * so two instances walking one clock, or a customer and the clock at once, do each thing once.
 */
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm'
import { type IsoDate } from '#core/calendar/business-calendar.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'
import type { WebhookEventType } from '#core/protocol/webhook.ts'
import {
  anchorOf,
  type CustomerAction,
  customerActionAllowed,
  cycleDate,
  cycleEndsAt,
  cycleNoticeAt,
  cycleWithinValidity,
  debitAt,
  finalStates,
  firstCycleAfterResume,
  latestEndDate,
  needsApproval,
  nextStepAfterFailure,
  noticeWindowHolds,
  presentedDebitAt,
  RETRY_INTERVAL_HOURS,
  registrationChargeId,
  stateAfterCustomerAction,
  type HighLimitCategory,
} from '#core/recurring/rules.ts'
import { formatDateTime } from '#gateway/ids.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { recordCharge } from '#gateway/settlements/charges.ts'
import {
  completeTransaction,
  createTransaction,
  type GatewayDatabase,
  type SandboxTransaction,
} from '#gateway/store.ts'
import { queuePaymentEvent } from '#gateway/webhooks/events.ts'
import {
  debitOrderId,
  lockSubscription,
  newDebitId,
  openDebitOf,
  customerContext,
  queueSubscriptionEvent,
} from './store.ts'
import {
  type InstrumentOutcome,
  type SandboxSubscription,
  type SandboxSubscriptionDebit,
  sandboxSubscriptionDebits,
  sandboxSubscriptions,
} from './table.ts'

const HOUR_MS = 3_600_000

/** The most steps one walk of a clock takes: a year of weekly debits with every retry is about 420. */
export const MAX_STEPS_PER_WALK = 2000

/** One thing a walk did, for the clock's HAPPENED list. */
export interface SubscriptionHappening {
  at: Date
  type:
    | 'SUBSCRIPTION_NOTIFIED'
    | 'SUBSCRIPTION_CHARGED'
    | 'SUBSCRIPTION_DEBIT_FAILED'
    | 'SUBSCRIPTION_HALTED'
    | 'SUBSCRIPTION_COMPLETED'
    | 'SUBSCRIPTION_FAILED'
  /** The debit's ORDER_ID, or the SUBSCRIPTION_ID. */
  reference: string
}

/** What a change did: its happenings, and whether any webhook was queued. */
export interface Changed {
  happened: SubscriptionHappening[]
  queued: boolean
}

/** A change in progress: the row as it now stands, and what it did. */
class Change implements Changed {
  happened: SubscriptionHappening[] = []
  queued = false
  constructor(
    readonly tx: GatewayDatabase,
    readonly merchant: SandboxMerchant,
    public subscription: SandboxSubscription,
  ) {}

  async set(values: Partial<SandboxSubscription>): Promise<void> {
    const [row] = await this.tx
      .update(sandboxSubscriptions)
      .set(values)
      .where(eq(sandboxSubscriptions.id, this.subscription.id))
      .returning()
    this.subscription = row!
  }

  async event(
    type: WebhookEventType,
    at: Date,
    detail: Parameters<typeof queueSubscriptionEvent>[5] = {},
  ): Promise<void> {
    const sent = await queueSubscriptionEvent(
      this.tx,
      this.merchant,
      this.subscription,
      type,
      at,
      detail,
    )
    this.queued ||= sent
  }

  happen(type: SubscriptionHappening['type'], at: Date, reference = this.subscription.id): void {
    this.happened.push({ at, type, reference })
  }
}

/** How the customer's registration ended on the mandate page. */
export type Registration =
  | {
      ok: true
      /** As the answers show it: the UPI ID, or a masked card or account. */
      instrument: string
      outcome: InstrumentOutcome
      paymentType: string
      mopType: string
    }
  | { ok: false; code: ResponseCode }

// ---------------------------------------------------------------------------------------------
// Registration

/**
 * The customer registered the mandate (or declined it) on the mandate page. The first registration
 * of a CREATED subscription counts; a second post (a double click) changes nothing.
 */
export async function register(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  subscriptionId: string,
  registration: Registration,
  at: Date,
): Promise<Changed & { subscription: SandboxSubscription }> {
  return db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, subscriptionId)
    if (!locked) throw new RangeError(`No subscription ${subscriptionId}`)
    const change = new Change(tx, merchant, locked)
    if (locked.status !== 'CREATED') return { ...change, subscription: locked }
    if (!registration.ok) {
      await change.set({ status: 'FAILED', endedAt: at, nextDueAt: null })
      await change.event('subscription.failed', at, {
        extra: { REGISTRATION_RESPONSE_CODE: registration.code },
      })
      change.happen('SUBSCRIPTION_FAILED', at)
      return { ...change, subscription: change.subscription }
    }
    const { anchor, debitNow } = anchorOf(locked.method, locked.frequency, locked.startDate, at)
    await change.set({
      status: 'ACTIVE',
      activatedAt: at,
      anchorDate: anchor,
      endDate: locked.endDate || latestEndDate(anchor),
      instrument: registration.instrument,
      instrumentOutcome: registration.outcome,
      paymentType: registration.paymentType,
      mopType: registration.mopType,
    })
    await recordCharge(tx, {
      payId: locked.payId,
      kind: registrationChargeId(locked.method),
      sourceId: locked.id,
      reference: locked.reference,
      at,
    })
    if (!debitNow) {
      await change.event('subscription.activated', at)
      await afterCycle(change, at)
      return { ...change, subscription: change.subscription }
    }
    // Cycle 0 is taken with the registration: the customer is present and authenticated.
    const debit = await insertDebit(tx, locked, {
      cycle: 0,
      attempt: 1,
      amount: locked.amount!,
      notifiedAt: at,
      debitAt: at,
      approvalRequired: false,
    })
    const payment = await makePayment(change, debit!, '000', at)
    await settleDebit(change, debit!, 'CHARGED', '000', payment, at)
    await change.event('subscription.activated', at, {
      extra: { ORDER_ID: payment.orderId, TXN_ID: payment.txnId },
    })
    await charged(change, debit!, payment, at)
    return { ...change, subscription: change.subscription }
  })
}

// ---------------------------------------------------------------------------------------------
// The clock

/**
 * Does, in time order, every notice and attempt of a merchant's subscriptions that its clock has
 * reached by `time`, and fails registrations left too long. Each step is one transaction on one
 * locked subscription and moves its `next_due_at`, so a second walk at once finds nothing to do.
 */
export async function runDueSubscriptions(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  time: Date,
): Promise<Changed> {
  const done: Changed = { happened: [], queued: false }
  for (let step = 0; step < MAX_STEPS_PER_WALK; step++) {
    const [due] = await db
      .select({ id: sandboxSubscriptions.id })
      .from(sandboxSubscriptions)
      .where(
        and(
          eq(sandboxSubscriptions.payId, merchant.payId),
          isNotNull(sandboxSubscriptions.nextDueAt),
          lte(sandboxSubscriptions.nextDueAt, time),
        ),
      )
      .orderBy(asc(sandboxSubscriptions.nextDueAt), asc(sandboxSubscriptions.id))
      .limit(1)
    if (!due) break
    const changed = await db.transaction(async (tx) => {
      const locked = await lockSubscription(tx, due.id)
      if (!locked?.nextDueAt || locked.nextDueAt > time) return undefined
      const change = new Change(tx, merchant, locked)
      await stepOnce(change, locked.nextDueAt)
      return change
    })
    if (!changed) continue
    done.happened.push(...changed.happened)
    done.queued ||= changed.queued
  }
  return done
}

/** The one thing due at `due`: a registration's expiry, an attempt, or a cycle's notice. */
async function stepOnce(change: Change, due: Date): Promise<void> {
  const { subscription, tx } = change
  if (subscription.status === 'CREATED') {
    await change.set({ status: 'FAILED', endedAt: due, nextDueAt: null })
    await change.event('subscription.failed', due, {
      extra: { REGISTRATION_RESPONSE_CODE: '385' },
    })
    change.happen('SUBSCRIPTION_FAILED', due)
    return
  }
  const open = await openDebitOf(tx, subscription.id)
  if (open && open.debitAt <= due) return attempt(change, open)
  if (!open && subscription.status === 'ACTIVE' && subscription.frequency !== 'AS_PRESENTED') {
    return noticeCycle(change, due)
  }
  await change.set({ nextDueAt: await nextDueOf(change) })
}

/** Sends the notice of the next scheduled cycle, or completes the subscription when none is left. */
async function noticeCycle(change: Change, at: Date): Promise<void> {
  const { subscription } = change
  const cycle = subscription.nextCycle
  const date = scheduledCycleDate(subscription, cycle)
  if (!cycleWithinValidity(date, subscription.endDate)) return complete(change, at)
  const debit = await insertDebit(change.tx, subscription, {
    cycle,
    attempt: 1,
    amount: subscription.amount!,
    notifiedAt: at,
    debitAt: debitAt(date),
    approvalRequired: approvalNeeded(subscription, subscription.amount!),
  })
  if (debit) await notified(change, debit)
  await change.set({ nextDueAt: await nextDueOf(change) })
}

async function notified(change: Change, debit: SandboxSubscriptionDebit): Promise<void> {
  await change.event('subscription.notified', debit.notifiedAt, { debit })
  change.happen('SUBSCRIPTION_NOTIFIED', debit.notifiedAt, debit.id)
}

/**
 * Makes a noticed attempt at its DEBIT_AT: refused before the bank when its notice was not 24 to
 * 48 h ahead (381) or a debit above the limit was not approved (383); otherwise a payment on the
 * mandate's instrument, captured or failed (020) as the instrument decides.
 */
async function attempt(change: Change, debit: SandboxSubscriptionDebit): Promise<void> {
  const { subscription } = change
  const at = debit.debitAt
  let code: ResponseCode
  if (!noticeWindowHolds(debit.notifiedAt, debit.debitAt)) code = '381'
  else if (debit.approvalRequired && !debit.approved) code = '383'
  else code = subscription.instrumentOutcome === 'NOFUNDS' ? '020' : '000'
  const payment =
    code === '000' || code === '020' ? await makePayment(change, debit, code, at) : undefined
  const ended = await settleDebit(
    change,
    debit,
    code === '000' ? 'CHARGED' : 'FAILED',
    code,
    payment,
    at,
  )
  if (!ended) return
  if (code === '000') return charged(change, ended, payment!, at)
  change.happen('SUBSCRIPTION_DEBIT_FAILED', at, payment?.orderId ?? debit.id)
  const cycleEnd =
    subscription.frequency === 'AS_PRESENTED'
      ? undefined
      : cycleEndsAt(subscription.anchorDate, subscription.frequency, debit.cycle)
  const firstDebitAt = new Date(
    debit.debitAt.getTime() - (debit.attempt - 1) * RETRY_INTERVAL_HOURS * HOUR_MS,
  )
  const next = nextStepAfterFailure(firstDebitAt, debit.attempt, code, cycleEnd)
  const failed = { debit: ended, extra: { DEBIT_RESPONSE_CODE: code } }
  if (next.step === 'RETRY') {
    await change.set({ status: 'PENDING' })
    await change.event('subscription.pending', at, failed)
    const retry = await insertDebit(change.tx, subscription, {
      cycle: debit.cycle,
      attempt: next.attempt,
      amount: debit.amount,
      notifiedAt: at,
      debitAt: next.debitAt,
      approvalRequired: debit.approvalRequired,
    })
    if (retry) await notified(change, retry)
  } else {
    await change.set({ status: 'HALTED' })
    await change.event('subscription.halted', at, failed)
    change.happen('SUBSCRIPTION_HALTED', at)
  }
  await change.set({ nextDueAt: await nextDueOf(change) })
}

/** A captured attempt: its cycle is paid, and the subscription moves on (or completes). */
async function charged(
  change: Change,
  debit: SandboxSubscriptionDebit,
  payment: SandboxTransaction,
  at: Date,
): Promise<void> {
  const { subscription } = change
  await change.set({
    status: 'ACTIVE',
    paidCycles: subscription.paidCycles + 1,
    nextCycle: Math.max(subscription.nextCycle, debit.cycle + 1),
  })
  await change.event('subscription.charged', at, {
    debit,
    extra: {
      ORDER_ID: payment.orderId,
      TXN_ID: payment.txnId,
      CHARGED_AT: formatDateTime(at),
    },
  })
  change.happen('SUBSCRIPTION_CHARGED', at, payment.orderId)
  await afterCycle(change, at)
}

/** A cycle ended (paid or skipped): complete the subscription if no cycle is left, else go on. */
async function afterCycle(change: Change, at: Date): Promise<void> {
  const { subscription } = change
  if (
    subscription.frequency !== 'AS_PRESENTED' &&
    !cycleWithinValidity(
      scheduledCycleDate(subscription, subscription.nextCycle),
      subscription.endDate,
    )
  ) {
    return complete(change, at)
  }
  await change.set({ nextDueAt: await nextDueOf(change) })
}

async function complete(change: Change, at: Date): Promise<void> {
  await change.set({ status: 'COMPLETED', endedAt: at, nextDueAt: null })
  await change.event('subscription.completed', at)
  change.happen('SUBSCRIPTION_COMPLETED', at)
}

/** When the subscription's next step falls due, as its row and open notice now stand. */
async function nextDueOf(change: Change): Promise<Date | null> {
  const { subscription } = change
  if (subscription.status === 'CREATED') return subscription.nextDueAt
  if (subscription.status !== 'ACTIVE' && subscription.status !== 'PENDING') return null
  const open = await openDebitOf(change.tx, subscription.id)
  if (open) return open.debitAt
  if (subscription.status !== 'ACTIVE' || subscription.frequency === 'AS_PRESENTED') return null
  const date = scheduledCycleDate(subscription, subscription.nextCycle)
  return cycleNoticeAt(debitAt(date), subscription.activatedAt!)
}

function scheduledCycleDate(subscription: SandboxSubscription, cycle: number): IsoDate {
  if (subscription.frequency === 'AS_PRESENTED') {
    throw new RangeError('A presented charge has no scheduled date')
  }
  return cycleDate(subscription.anchorDate, subscription.frequency, cycle)
}

function approvalNeeded(subscription: SandboxSubscription, amount: bigint): boolean {
  const category = (subscription.category || undefined) as HighLimitCategory | undefined
  return needsApproval(subscription.method, amount, category)
}

// ---------------------------------------------------------------------------------------------
// Attempts as rows and payments

async function insertDebit(
  tx: GatewayDatabase,
  subscription: SandboxSubscription,
  debit: {
    cycle: number
    attempt: number
    amount: bigint
    notifiedAt: Date
    debitAt: Date
    approvalRequired: boolean
  },
): Promise<SandboxSubscriptionDebit | undefined> {
  const [row] = await tx
    .insert(sandboxSubscriptionDebits)
    .values({
      id: newDebitId(),
      subscriptionId: subscription.id,
      payId: subscription.payId,
      ...debit,
      status: 'NOTIFIED',
    })
    .onConflictDoNothing()
    .returning()
  return row
}

/** Ends an attempt, once: undefined when it had already ended. */
async function settleDebit(
  change: Change,
  debit: SandboxSubscriptionDebit,
  status: SandboxSubscriptionDebit['status'],
  code: string,
  payment: SandboxTransaction | undefined,
  at: Date,
): Promise<SandboxSubscriptionDebit | undefined> {
  const [row] = await change.tx
    .update(sandboxSubscriptionDebits)
    .set({ status, responseCode: code, paymentId: payment?.id ?? null, endedAt: at })
    .where(
      and(
        eq(sandboxSubscriptionDebits.id, debit.id),
        eq(sandboxSubscriptionDebits.status, 'NOTIFIED'),
      ),
    )
    .returning()
  return row
}

/** The debit as a payment on the mandate's instrument, ended with `code`, with its webhook. */
async function makePayment(
  change: Change,
  debit: SandboxSubscriptionDebit,
  code: '000' | '020',
  at: Date,
): Promise<SandboxTransaction> {
  const { subscription, tx } = change
  const created = await createTransaction(tx, {
    request: {
      payId: subscription.payId,
      orderId: debitOrderId(subscription.id, debit.cycle, debit.attempt),
      amount: debit.amount,
      currencyCode: '356',
      txnType: 'SALE',
      returnUrl: subscription.returnUrl,
      custName: subscription.custName,
      custEmail: subscription.custEmail,
      custMobile: subscription.custPhone,
      custId: subscription.reference,
      productDesc: subscription.description,
      notifyUrl: subscription.notifyUrl,
      notifyPrivate: subscription.notifyPrivate,
    },
    mode: 'subscription',
    language: 'en',
    paymentType: subscription.paymentType,
    mopType: subscription.mopType,
    at,
  })
  if (created === 'duplicate') throw new Error(`Debit ${debit.id} was already made as a payment`)
  const completion = await completeTransaction(tx, created.id, {
    code,
    paymentType: subscription.paymentType,
    mopType: subscription.mopType,
    cardNumber: debitCardNumber(subscription),
    at,
  })
  const payment = completion!.transaction
  change.queued ||= await queuePaymentEvent(tx, payment, change.merchant)
  return payment
}

/** The test card a card mandate's debits are made with (only its mask is ever shown). */
function debitCardNumber(subscription: SandboxSubscription): string | undefined {
  if (subscription.method !== 'CARD') return undefined
  return subscription.instrumentOutcome === 'NOFUNDS' ? '4000000000000341' : '4111111111111111'
}

// ---------------------------------------------------------------------------------------------
// The customer's and the merchant's actions

export type Acted = Changed & { subscription: SandboxSubscription }

/**
 * Runs `act` on the merchant's own subscription, its row locked: 387 for another account's (or
 * none), else what `act` refuses with, or the change it made.
 */
async function onOwn(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  subscriptionId: string,
  act: (change: Change) => Promise<ResponseCode | undefined>,
): Promise<Acted | { code: ResponseCode }> {
  return db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, subscriptionId)
    if (!locked || locked.payId !== merchant.payId) return { code: '387' as const }
    const change = new Change(tx, merchant, locked)
    const refused = await act(change)
    return refused ? { code: refused } : { ...change, subscription: change.subscription }
  })
}

/**
 * The customer acts on the mandate page or through the sandbox's test call. Refused with 385 on a
 * subscription that is not running (created, halted, completed, cancelled, failed; RESUME on a
 * paused one excepted), and 326 for an action the rules do not allow now (PAUSE on a card, SKIP
 * with no notice out).
 */
export async function actAsCustomer(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  subscriptionId: string,
  action: CustomerAction,
  at: Date,
): Promise<Acted | { code: ResponseCode }> {
  return onOwn(db, merchant, subscriptionId, async (change) => {
    const { tx, subscription: locked } = change
    const open = await openDebitOf(tx, locked.id)
    if (!customerActionAllowed(action, customerContext(locked, open, at))) {
      return ['ACTIVE', 'PENDING', 'PAUSED'].includes(locked.status) ? '326' : '385'
    }
    switch (action) {
      case 'APPROVE':
        await tx
          .update(sandboxSubscriptionDebits)
          .set({ approved: true })
          .where(eq(sandboxSubscriptionDebits.id, open!.id))
        break
      case 'SKIP': {
        const skipped = await settleDebit(change, open!, 'SKIPPED', '382', undefined, at)
        await change.set({
          status: stateAfterCustomerAction('SKIP', locked.status),
          nextCycle: Math.max(locked.nextCycle, open!.cycle + 1),
        })
        await change.event('subscription.skipped', at, { debit: skipped })
        await afterCycle(change, at)
        break
      }
      case 'PAUSE':
        await stopOpen(change, '384', at)
        await change.set({ status: 'PAUSED', nextDueAt: null })
        await change.event('subscription.paused', at)
        break
      case 'RESUME':
        await resume(change, at)
        break
      case 'REVOKE':
        await cancel(change, 'CUSTOMER', at)
        break
    }
    return undefined
  })
}

/** The merchant cancels (`/subscription/cancel`): 385 once it has ended. */
export async function cancelByMerchant(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  subscriptionId: string,
  at: Date,
): Promise<Acted | { code: ResponseCode }> {
  return onOwn(db, merchant, subscriptionId, async (change) => {
    if (finalStates.includes(change.subscription.status)) return '385'
    await cancel(change, 'MERCHANT', at)
    return undefined
  })
}

/** The merchant resumes a HALTED subscription (`/subscription/resume`): 385 in any other state. */
export async function resumeByMerchant(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  subscriptionId: string,
  at: Date,
): Promise<Acted | { code: ResponseCode }> {
  return onOwn(db, merchant, subscriptionId, async (change) => {
    if (change.subscription.status !== 'HALTED') return '385'
    await resume(change, at)
    return undefined
  })
}

/**
 * The merchant presents a charge on an AS_PRESENTED mandate: noticed now, debited at the first
 * 07:00 IST at least 24 h later. 385 when not active, 326 on a scheduled subscription, 386 while
 * another presented charge is open, 320 or 380 for its amount (checked by the caller).
 */
export async function presentCharge(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  subscriptionId: string,
  amount: bigint,
  at: Date,
): Promise<Acted | { code: ResponseCode }> {
  return onOwn(db, merchant, subscriptionId, async (change) => {
    const locked = change.subscription
    if (locked.status !== 'ACTIVE' && locked.status !== 'PENDING') return '385'
    if (locked.frequency !== 'AS_PRESENTED') return '326'
    if (await openDebitOf(change.tx, locked.id)) return '386'
    const debit = await insertDebit(change.tx, locked, {
      cycle: locked.nextCycle,
      attempt: 1,
      amount,
      notifiedAt: at,
      debitAt: presentedDebitAt(at),
      approvalRequired: approvalNeeded(locked, amount),
    })
    await change.set({ nextCycle: locked.nextCycle + 1 })
    if (debit) await notified(change, debit)
    await change.set({ status: 'ACTIVE', nextDueAt: await nextDueOf(change) })
    return undefined
  })
}

/** Ends the open notice's attempt without a debit (a pause 384, a revocation or cancellation 385). */
async function stopOpen(change: Change, code: '384' | '385', at: Date): Promise<void> {
  const open = await openDebitOf(change.tx, change.subscription.id)
  if (open) await settleDebit(change, open, 'STOPPED', code, undefined, at)
}

async function cancel(change: Change, by: 'CUSTOMER' | 'MERCHANT', at: Date): Promise<void> {
  await stopOpen(change, '385', at)
  // A withdrawn mandate's instrument is no longer held (RBI 2019: merchants delete its details).
  await change.set({
    status: 'CANCELLED',
    cancelledBy: by,
    endedAt: at,
    instrument: '',
    nextDueAt: null,
  })
  await change.event('subscription.cancelled', at, { extra: { CANCELLED_BY: by } })
}

/**
 * Back to ACTIVE from a pause or a halt: the next debit is the first cycle whose notice time is at
 * or after now; the cycles missed are not collected. A presented mandate simply takes charges again.
 */
async function resume(change: Change, at: Date): Promise<void> {
  const { subscription } = change
  if (subscription.frequency !== 'AS_PRESENTED') {
    const next = firstCycleAfterResume(
      subscription.anchorDate,
      subscription.frequency,
      at,
      subscription.endDate,
    )
    if (next === undefined) return complete(change, at)
    await change.set({ nextCycle: Math.max(next, subscription.nextCycle) })
  }
  await change.set({ status: 'ACTIVE' })
  await change.event('subscription.resumed', at)
  await change.set({ nextDueAt: await nextDueOf(change) })
}
