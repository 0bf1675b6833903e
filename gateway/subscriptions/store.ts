/**
 * Subscriptions as stored: made, read by id, reference or mandate code, their answers and their
 * webhooks. What changes one after it is made (registration, the customer's and the merchant's
 * actions, the clock's notices and debits) is in mandate.ts and schedule.ts; every change that has
 * a webhook queues it in the same transaction.
 */
import { and, desc, eq } from 'drizzle-orm'
import { productCharge } from '#core/pricing/product-charges.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import type { WebhookEventType } from '#core/protocol/webhook.ts'
import {
  type CustomerActionContext,
  NOTICE_REASON,
  registrationChargeId,
} from '#core/recurring/rules.ts'
import { formatDateTime } from '#gateway/ids.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { randomAlphanumeric } from '#gateway/paylinks/store.ts'
import { type GatewayDatabase, sandboxTransactions } from '#gateway/store.ts'
import type { NotifyTarget } from '#gateway/webhooks/addresses.ts'
import { notifyTargetFor, queueAnswerEvent } from '#gateway/webhooks/events.ts'
import { methodSent, type SubscriptionRequest } from './checks.ts'
import {
  type SandboxSubscription,
  type SandboxSubscriptionDebit,
  sandboxSubscriptionDebits,
  sandboxSubscriptions,
} from './table.ts'

/** How many of a subscription's attempts an answer's DEBITS lists: its latest. */
export const MAX_ANSWER_DEBITS = 100

/** A subscription's debit is a payment with this ORDER_ID. */
export function debitOrderId(subscriptionId: string, cycle: number, attempt: number): string {
  return `${subscriptionId}-${cycle}-${attempt}`
}

export function newDebitId(): string {
  return `sdeb_${randomAlphanumeric(14)}`
}

export type SubscriptionReference = { subscriptionId: string } | { reference: string }

/**
 * Stores a checked subscription, waiting for the customer on its mandate page. 'duplicate' when
 * the merchant already used the SUBSCRIPTION_REF (374): the unique index decides, across instances.
 */
export async function createSubscription(
  tx: GatewayDatabase,
  request: SubscriptionRequest,
  urls: { returnUrl: string; notify: NotifyTarget; base: string },
  at: Date,
): Promise<SandboxSubscription | 'duplicate'> {
  const code = randomAlphanumeric(16)
  const [row] = await tx
    .insert(sandboxSubscriptions)
    .values({
      id: `sub_${randomAlphanumeric(14)}`,
      code,
      authUrl: `${urls.base}/m/${code}`,
      payId: request.payId,
      reference: request.reference,
      method: request.method,
      category: request.category ?? '',
      amount: request.amount ?? null,
      maxAmount: request.maxAmount,
      frequency: request.frequency,
      startDate: request.startDate,
      endDate: request.endDate,
      description: request.description,
      custName: request.custName,
      custEmail: request.custEmail,
      custPhone: request.custPhone,
      returnUrl: urls.returnUrl,
      notifyUrl: urls.notify.url,
      notifyPrivate: urls.notify.allowPrivate,
      status: 'CREATED',
      nextDueAt: new Date(at.getTime() + REGISTRATION_WINDOW_MS),
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning()
  return row ?? 'duplicate'
}

/** How long a mandate page waits for the customer before the subscription fails (ours). */
export const REGISTRATION_WINDOW_MS = 24 * 60 * 60 * 1000

export async function findSubscription(
  db: GatewayDatabase,
  payId: string,
  reference: SubscriptionReference,
): Promise<SandboxSubscription | undefined> {
  const [row] = await db
    .select()
    .from(sandboxSubscriptions)
    .where(
      and(
        eq(sandboxSubscriptions.payId, payId),
        'subscriptionId' in reference
          ? eq(sandboxSubscriptions.id, reference.subscriptionId)
          : eq(sandboxSubscriptions.reference, reference.reference),
      ),
    )
  return row
}

export async function findSubscriptionByCode(
  db: GatewayDatabase,
  code: string,
): Promise<SandboxSubscription | undefined> {
  const [row] = await db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.code, code))
  return row
}

/** A subscription's row, locked for the rest of the transaction: one change at a time. */
export async function lockSubscription(
  tx: GatewayDatabase,
  id: string,
): Promise<SandboxSubscription | undefined> {
  const [row] = await tx
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, id))
    .for('update')
  return row
}

/** A merchant's latest subscriptions, newest first (the console). */
export async function latestSubscriptions(
  db: GatewayDatabase,
  payId: string,
  limit: number,
): Promise<SandboxSubscription[]> {
  return db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.payId, payId))
    .orderBy(desc(sandboxSubscriptions.createdAt), desc(sandboxSubscriptions.id))
    .limit(limit)
}

/** A subscription's attempts, newest first: its latest `limit`. */
export async function debitsOf(
  db: GatewayDatabase,
  subscriptionId: string,
  limit = MAX_ANSWER_DEBITS,
): Promise<SandboxSubscriptionDebit[]> {
  return db
    .select()
    .from(sandboxSubscriptionDebits)
    .where(eq(sandboxSubscriptionDebits.subscriptionId, subscriptionId))
    .orderBy(desc(sandboxSubscriptionDebits.cycle), desc(sandboxSubscriptionDebits.attempt))
    .limit(limit)
}

/** The attempt whose notice is out and which has not been made: at most one a subscription. */
export async function openDebitOf(
  db: GatewayDatabase,
  subscriptionId: string,
): Promise<SandboxSubscriptionDebit | undefined> {
  const [row] = await db
    .select()
    .from(sandboxSubscriptionDebits)
    .where(
      and(
        eq(sandboxSubscriptionDebits.subscriptionId, subscriptionId),
        eq(sandboxSubscriptionDebits.status, 'NOTIFIED'),
      ),
    )
  return row
}

/** What decides the customer's actions now: the subscription's method and state, and its open notice. */
export function customerContext(
  subscription: Pick<SandboxSubscription, 'method' | 'status'>,
  open: SandboxSubscriptionDebit | undefined,
  now: Date,
): CustomerActionContext {
  return {
    method: subscription.method,
    state: subscription.status,
    notice: open
      ? { debitAt: open.debitAt, approvalRequired: open.approvalRequired, approved: open.approved }
      : undefined,
    now,
  }
}

const time = (at: Date | null | undefined) => (at ? formatDateTime(at) : '')

/** The charge of a mandate's registration (the Subscription tab's row of its method). */
export function registrationCharge(subscription: Pick<SandboxSubscription, 'method'>) {
  return productCharge(registrationChargeId(subscription.method))
}

/**
 * A subscription's fields, the same from every call and in its webhooks' data (HASH is added by
 * the route or the event); `debits` adds DEBITS, `at` is the answer's time.
 */
export function subscriptionAnswer(
  subscription: SandboxSubscription,
  context: { at: Date; debits?: DebitFields[]; open?: SandboxSubscriptionDebit },
): Fields {
  const charge = registrationCharge(subscription)
  return {
    PAY_ID: subscription.payId,
    SUBSCRIPTION_ID: subscription.id,
    SUBSCRIPTION_REF: subscription.reference,
    METHOD: methodSent(subscription.method),
    CATEGORY: subscription.category,
    AMOUNT: subscription.amount === null ? '' : String(subscription.amount),
    MAX_AMOUNT: String(subscription.maxAmount),
    CURRENCY_CODE: '356',
    FREQUENCY: subscription.frequency,
    START_DATE: subscription.startDate,
    END_DATE: subscription.endDate,
    DESCRIPTION: subscription.description,
    CUST_NAME: subscription.custName,
    CUST_EMAIL: subscription.custEmail,
    CUST_PHONE: subscription.custPhone,
    AUTH_URL: subscription.authUrl,
    STATUS: subscription.status,
    CREATED_AT: time(subscription.createdAt),
    ACTIVATED_AT: time(subscription.activatedAt),
    ENDED_AT: time(subscription.endedAt),
    ANCHOR_DATE: subscription.anchorDate,
    INSTRUMENT: subscription.instrument,
    PAID_CYCLES: String(subscription.paidCycles),
    NEXT_DEBIT_AT: time(context.open?.debitAt),
    REGISTRATION_FEE: String(charge.fee),
    REGISTRATION_GST: String(charge.gst),
    ...(subscription.cancelledBy ? { CANCELLED_BY: subscription.cancelledBy } : {}),
    ...(context.debits ? { DEBITS: JSON.stringify(context.debits) } : {}),
    TXNTYPE: 'SUBSCRIPTION',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: responseCodes['000'].message,
    RESPONSE_DATE_TIME: formatDateTime(context.at),
  }
}

/** One attempt as DEBITS lists it. */
export interface DebitFields {
  DEBIT_ID: string
  CYCLE: string
  ATTEMPT: string
  AMOUNT: string
  NOTIFIED_AT: string
  DEBIT_AT: string
  APPROVAL_REQUIRED: 'Y' | 'N'
  APPROVED: 'Y' | 'N'
  STATUS: string
  RESPONSE_CODE: string
  ORDER_ID: string
  TXN_ID: string
  FEE: string
  GST: string
}

/** An attempt's fields; `payment` is the payment it made, if it reached the bank. */
export function debitFields(
  subscription: Pick<SandboxSubscription, 'method'>,
  debit: SandboxSubscriptionDebit,
  payment?: { orderId: string; txnId: string },
): DebitFields {
  const charged = debit.status === 'CHARGED' ? debitCharge(subscription, debit.amount) : undefined
  return {
    DEBIT_ID: debit.id,
    CYCLE: String(debit.cycle),
    ATTEMPT: String(debit.attempt),
    AMOUNT: String(debit.amount),
    NOTIFIED_AT: time(debit.notifiedAt),
    DEBIT_AT: time(debit.debitAt),
    APPROVAL_REQUIRED: debit.approvalRequired ? 'Y' : 'N',
    APPROVED: debit.approved ? 'Y' : 'N',
    STATUS: debit.status,
    RESPONSE_CODE: debit.responseCode,
    ORDER_ID: payment?.orderId ?? '',
    TXN_ID: payment?.txnId ?? '',
    FEE: charged ? String(charged.fee) : '',
    GST: charged ? String(charged.gst) : '',
  }
}

/** What a captured debit is charged: the Subscription row of its method, by slab. */
export function debitCharge(subscription: Pick<SandboxSubscription, 'method'>, amount: bigint) {
  return productCharge(
    subscription.method === 'UPI' ? 'upi-autopay-presentation' : 'debit-transaction',
    amount,
  )
}

/** A subscription's latest attempts, newest first, each with the payment it made, in one query. */
async function debitRows(db: GatewayDatabase, subscriptionId: string, limit: number) {
  return db
    .select({
      debit: sandboxSubscriptionDebits,
      orderId: sandboxTransactions.orderId,
      txnId: sandboxTransactions.txnId,
    })
    .from(sandboxSubscriptionDebits)
    .leftJoin(sandboxTransactions, eq(sandboxTransactions.id, sandboxSubscriptionDebits.paymentId))
    .where(eq(sandboxSubscriptionDebits.subscriptionId, subscriptionId))
    .orderBy(desc(sandboxSubscriptionDebits.cycle), desc(sandboxSubscriptionDebits.attempt))
    .limit(limit)
}

type DebitRow = Awaited<ReturnType<typeof debitRows>>[number]

const fieldsOf = (subscription: SandboxSubscription, { debit, orderId, txnId }: DebitRow) =>
  debitFields(subscription, debit, orderId && txnId ? { orderId, txnId } : undefined)

/** Each attempt with the payment it made, newest first: what DEBITS and the console show. */
export async function debitsWithPayments(
  db: GatewayDatabase,
  subscription: SandboxSubscription,
  limit = MAX_ANSWER_DEBITS,
): Promise<DebitFields[]> {
  const rows = await debitRows(db, subscription.id, limit)
  return rows.map((row) => fieldsOf(subscription, row))
}

/**
 * The answer of a call that reads a subscription: with its DEBITS and its open notice, which is
 * always its newest attempt when there is one.
 */
export async function fullAnswer(
  db: GatewayDatabase,
  subscription: SandboxSubscription,
  at: Date,
): Promise<Fields> {
  const rows = await debitRows(db, subscription.id, MAX_ANSWER_DEBITS)
  const newest = rows[0]?.debit
  return subscriptionAnswer(subscription, {
    at,
    debits: rows.map((row) => fieldsOf(subscription, row)),
    open: newest?.status === 'NOTIFIED' ? newest : undefined,
  })
}

/**
 * Queues one of a subscription's events; `debit` adds the attempt's fields the event names,
 * `extra` any others (the payment's ORDER_ID and TXN_ID, an attempt's own code).
 */
export async function queueSubscriptionEvent(
  tx: GatewayDatabase,
  merchant: SandboxMerchant,
  subscription: SandboxSubscription,
  type: WebhookEventType,
  at: Date,
  detail: { debit?: SandboxSubscriptionDebit; extra?: Fields } = {},
): Promise<boolean> {
  const { debit } = detail
  const open = debit?.status === 'NOTIFIED' ? debit : undefined
  return queueAnswerEvent(tx, merchant, {
    type,
    reference: subscription.id,
    notify: notifyTargetFor(
      { url: subscription.notifyUrl, allowPrivate: subscription.notifyPrivate },
      merchant,
    ),
    answer: {
      ...subscriptionAnswer(subscription, { at, open }),
      ...(debit
        ? {
            DEBIT_ID: debit.id,
            CYCLE: String(debit.cycle),
            ATTEMPT: String(debit.attempt),
            AMOUNT: String(debit.amount),
          }
        : {}),
      ...(type === 'subscription.notified' && debit
        ? {
            DEBIT_AT: formatDateTime(debit.debitAt),
            NOTIFIED_AT: formatDateTime(debit.notifiedAt),
            APPROVAL_REQUIRED: debit.approvalRequired ? 'Y' : 'N',
            MERCHANT_NAME: merchant.name,
            REASON: NOTICE_REASON,
          }
        : {}),
      ...detail.extra,
    },
  })
}
