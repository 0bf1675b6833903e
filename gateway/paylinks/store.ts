/**
 * Payment links as stored: made with their charge, read by id, reference or short-URL code,
 * cancelled, expired on the account's clock, and paid once. Every change that has a webhook
 * queues it in the same transaction.
 */
import { randomInt } from 'node:crypto'
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import { productCharge } from '#core/pricing/product-charges.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { type ResponseCode, responseCodes } from '#core/protocol/codes.ts'
import type { WebhookEventType } from '#core/protocol/webhook.ts'
import type { PaymentRequest } from '#gateway/checks.ts'
import { formatDateTime } from '#gateway/ids.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { recordCharge } from '#gateway/settlements/charges.ts'
import {
  createTransaction,
  type GatewayDatabase,
  findTransaction,
  type SandboxTransaction,
} from '#gateway/store.ts'
import type { NotifyTarget } from '#gateway/webhooks/addresses.ts'
import { notifyTargetFor, queueAnswerEvent } from '#gateway/webhooks/events.ts'
import { MAX_LINK_ATTEMPTS, type PaylinkRequest } from './checks.ts'
import { type SandboxPaylink, sandboxPaylinks } from './table.ts'

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** `length` letters and digits from a secure source (62^16 codes: a link cannot be guessed). */
export function randomAlphanumeric(length: number): string {
  let text = ''
  for (let index = 0; index < length; index++) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]
  return text
}

/** A link's payment attempts are hosted payments with this ORDER_ID. */
export function attemptOrderId(paylinkId: string, attempt: number): string {
  return `${paylinkId}-${attempt}`
}

/** The link a payment attempt is of, from its ORDER_ID. */
export function paylinkIdOfAttempt(orderId: string): string {
  return orderId.slice(0, orderId.lastIndexOf('-'))
}

export type LinkReference = { paylinkId: string } | { referenceId: string }

/**
 * Stores a checked link with its charge (the Paylinks row, validated or not). 'duplicate' when
 * the merchant already used the REFERENCE_ID (374): the unique index decides, across instances.
 */
export async function createPaylink(
  tx: GatewayDatabase,
  request: PaylinkRequest,
  notify: NotifyTarget,
  at: Date,
  /** The sandbox's public address, which the short URL is on. */
  base: string,
): Promise<SandboxPaylink | 'duplicate'> {
  const id = `plink_${randomAlphanumeric(14)}`
  const code = randomAlphanumeric(16)
  const [row] = await tx
    .insert(sandboxPaylinks)
    .values({
      id,
      code,
      shortUrl: `${base}/l/${code}`,
      payId: request.payId,
      referenceId: request.referenceId,
      amount: request.amount,
      currencyCode: request.currencyCode,
      description: request.description,
      custName: request.custName,
      custEmail: request.custEmail,
      custPhone: request.custPhone,
      expireBy: request.expireBy,
      expireAt: request.expireAt ?? null,
      validateBeneficiary: request.validateBeneficiary,
      notifyUrl: notify.url,
      notifyPrivate: notify.allowPrivate,
      status: 'CREATED',
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning()
  if (!row) return 'duplicate'
  await recordCharge(tx, {
    payId: row.payId,
    kind: row.validateBeneficiary ? 'validated-paylink' : 'paylink',
    sourceId: row.id,
    reference: row.referenceId || row.id,
    at,
  })
  return row
}

export async function findPaylink(
  db: GatewayDatabase,
  payId: string,
  reference: LinkReference,
): Promise<SandboxPaylink | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPaylinks)
    .where(
      and(
        eq(sandboxPaylinks.payId, payId),
        'paylinkId' in reference
          ? eq(sandboxPaylinks.id, reference.paylinkId)
          : eq(sandboxPaylinks.referenceId, reference.referenceId),
      ),
    )
  return row
}

export async function findPaylinkByCode(
  db: GatewayDatabase,
  code: string,
): Promise<SandboxPaylink | undefined> {
  const [row] = await db.select().from(sandboxPaylinks).where(eq(sandboxPaylinks.code, code))
  return row
}

/** A merchant's latest links, newest first (the console). */
export async function latestPaylinks(
  db: GatewayDatabase,
  payId: string,
  limit: number,
): Promise<SandboxPaylink[]> {
  return db
    .select()
    .from(sandboxPaylinks)
    .where(eq(sandboxPaylinks.payId, payId))
    .orderBy(desc(sandboxPaylinks.createdAt), desc(sandboxPaylinks.id))
    .limit(limit)
}

/**
 * Cancels an open link. Answers the cancelled link, or why not: 372 (none such) or 373 (paid,
 * expired, cancelled, or held by a payment the bank is confirming).
 */
export async function cancelPaylink(
  tx: GatewayDatabase,
  merchant: SandboxMerchant,
  paylinkId: string,
  at: Date,
): Promise<{ link: SandboxPaylink } | { code: ResponseCode }> {
  const [row] = await tx
    .update(sandboxPaylinks)
    .set({ status: 'CANCELLED', endedAt: at })
    .where(
      and(
        eq(sandboxPaylinks.payId, merchant.payId),
        eq(sandboxPaylinks.id, paylinkId),
        eq(sandboxPaylinks.status, 'CREATED'),
        isNull(sandboxPaylinks.paymentId),
        sql`(expire_at IS NULL OR expire_at > ${at.toISOString()}::timestamptz)`,
      ),
    )
    .returning()
  if (row) {
    await queueLinkEvent(tx, merchant, row, 'paylink.cancelled')
    return { link: row }
  }
  const stored = await findPaylink(tx, merchant.payId, { paylinkId })
  return { code: stored ? '373' : '372' }
}

/**
 * Expires the merchant's open links whose EXPIRE_BY its clock has reached by `at`, each once
 * (the update is the claim), with `paylink.expired`. A link held by a payment the bank is still
 * confirming waits for it. Answers the links expired.
 */
export async function expireDueLinks(
  tx: GatewayDatabase,
  merchant: SandboxMerchant,
  at: Date,
): Promise<SandboxPaylink[]> {
  const expired = await tx
    .update(sandboxPaylinks)
    .set({ status: 'EXPIRED', endedAt: sql`${sandboxPaylinks.expireAt}` })
    .where(
      and(
        eq(sandboxPaylinks.payId, merchant.payId),
        eq(sandboxPaylinks.status, 'CREATED'),
        isNull(sandboxPaylinks.paymentId),
        lt(
          sandboxPaylinks.expireAt,
          sql`${at.toISOString()}::timestamptz + interval '1 millisecond'`,
        ),
      ),
    )
    .returning()
  expired.sort((a, b) => a.expireAt!.getTime() - b.expireAt!.getTime())
  for (const link of expired) await queueLinkEvent(tx, merchant, link, 'paylink.expired')
  return expired
}

/**
 * Starts a payment attempt of an open link: a hosted payment for its amount, ORDER_ID
 * `<PAYLINK_ID>-<n>`, the customer's details and NOTIFY_URL of the link. Answers the attempt, or
 * 373 when the link can no longer be paid (or was tried MAX_LINK_ATTEMPTS times).
 */
export async function startAttempt(
  tx: GatewayDatabase,
  link: SandboxPaylink,
  at: Date,
  language: string,
  /** A validated link's payer: the account validated (masked) and its holder's name. */
  payer?: { maskedAccount: string; holder: string },
): Promise<{ attempt: SandboxTransaction } | { code: ResponseCode }> {
  const [counted] = await tx
    .update(sandboxPaylinks)
    .set({
      attempts: sql`${sandboxPaylinks.attempts} + 1`,
      ...(payer && { payerAccount: payer.maskedAccount, payerName: payer.holder }),
    })
    .where(
      and(
        eq(sandboxPaylinks.id, link.id),
        eq(sandboxPaylinks.status, 'CREATED'),
        isNull(sandboxPaylinks.paymentId),
        lt(sandboxPaylinks.attempts, MAX_LINK_ATTEMPTS),
      ),
    )
    .returning({ attempts: sandboxPaylinks.attempts })
  if (!counted) return { code: '373' }
  const request: PaymentRequest = {
    payId: link.payId,
    orderId: attemptOrderId(link.id, counted.attempts),
    amount: link.amount,
    currencyCode: link.currencyCode,
    txnType: 'SALE',
    returnUrl: '',
    custName: link.custName,
    custEmail: link.custEmail,
    custMobile: link.custPhone,
    custId: '',
    productDesc: link.description,
    notifyUrl: link.notifyUrl,
    notifyPrivate: link.notifyPrivate,
  }
  const attempt = await createTransaction(tx, { request, mode: 'paylink', language, at })
  if (attempt === 'duplicate') throw new Error(`Attempt ${request.orderId} exists already`)
  return { attempt }
}

/**
 * What a link's attempt may end with: the link row is locked for the rest of the transaction,
 * so of two attempts ending at once one is first. An outcome that takes or holds the money
 * (000, or 026 while the bank confirms) is allowed only while the link is open, unexpired and
 * held by no other attempt, and it then holds the link (`claimed`); otherwise the attempt ends
 * 373 and takes nothing. A link whose expiry has passed is expired here, with its event.
 */
export async function linkOutcome(
  tx: GatewayDatabase,
  merchant: SandboxMerchant,
  attempt: SandboxTransaction,
  code: ResponseCode,
  at: Date,
): Promise<{ code: ResponseCode; claimed: boolean }> {
  const refused = { code: '373', claimed: false } as const
  if (code !== '000' && code !== '026') return { code, claimed: false }
  const paylinkId = paylinkIdOfAttempt(attempt.orderId)
  const [link] = await tx
    .select()
    .from(sandboxPaylinks)
    .where(eq(sandboxPaylinks.id, paylinkId))
    .for('update')
  if (!link || link.status !== 'CREATED' || link.paymentId !== null) return refused
  if (link.expireAt && link.expireAt.getTime() <= at.getTime()) {
    await expireDueLinks(tx, merchant, at)
    return refused
  }
  await tx
    .update(sandboxPaylinks)
    .set({ paymentId: attempt.id })
    .where(eq(sandboxPaylinks.id, paylinkId))
  return { code, claimed: true }
}

/**
 * The attempt that claimed its link (linkOutcome) was ended meanwhile by another request (a
 * cancel racing the card's post): the link is open again, for another attempt.
 */
export async function releaseLink(tx: GatewayDatabase, attempt: SandboxTransaction) {
  await tx
    .update(sandboxPaylinks)
    .set({ paymentId: null })
    .where(
      and(
        eq(sandboxPaylinks.id, paylinkIdOfAttempt(attempt.orderId)),
        eq(sandboxPaylinks.paymentId, attempt.id),
        eq(sandboxPaylinks.status, 'CREATED'),
      ),
    )
}

/**
 * A link's attempt captured (at once, or when the bank confirmed it): the link is PAID, with
 * `paylink.paid`. Nothing for a payment that is no link's attempt.
 */
export async function markLinkPaid(
  tx: GatewayDatabase,
  merchant: SandboxMerchant,
  payment: SandboxTransaction,
): Promise<boolean> {
  if (payment.mode !== 'paylink' || payment.responseCode !== '000') return false
  const [link] = await tx
    .update(sandboxPaylinks)
    .set({ status: 'PAID', endedAt: payment.completedAt })
    .where(
      and(
        eq(sandboxPaylinks.id, paylinkIdOfAttempt(payment.orderId)),
        eq(sandboxPaylinks.paymentId, payment.id),
        eq(sandboxPaylinks.status, 'CREATED'),
      ),
    )
    .returning()
  if (!link) return false
  return queueLinkEvent(tx, merchant, link, 'paylink.paid', payment)
}

/** The attempt that paid a link (its ORDER_ID and TXN_ID are the link's answer's). */
export async function paymentOfLink(
  db: GatewayDatabase,
  link: SandboxPaylink,
): Promise<SandboxTransaction | undefined> {
  if (link.status !== 'PAID' || !link.paymentId) return undefined
  return findTransaction(db, link.paymentId)
}

async function queueLinkEvent(
  tx: GatewayDatabase,
  merchant: SandboxMerchant,
  link: SandboxPaylink,
  type: WebhookEventType,
  payment?: SandboxTransaction,
): Promise<boolean> {
  return queueAnswerEvent(tx, merchant, {
    type,
    reference: link.id,
    notify: notifyTargetFor({ url: link.notifyUrl, allowPrivate: link.notifyPrivate }, merchant),
    answer: paylinkAnswer(link, { payment, at: link.endedAt ?? link.createdAt }),
  })
}

/**
 * A link's fields, the same from every call and in its webhooks' data (HASH is added by the
 * route or the event); `payment` is the attempt that paid it, `at` the answer's time.
 */
export function paylinkAnswer(
  link: SandboxPaylink,
  context: { payment?: SandboxTransaction; at: Date },
): Fields {
  const charge = productCharge(link.validateBeneficiary ? 'validated-paylink' : 'paylink')
  const { payment } = context
  return {
    PAY_ID: link.payId,
    PAYLINK_ID: link.id,
    REFERENCE_ID: link.referenceId,
    AMOUNT: String(link.amount),
    CURRENCY_CODE: link.currencyCode,
    DESCRIPTION: link.description,
    CUST_NAME: link.custName,
    CUST_EMAIL: link.custEmail,
    CUST_PHONE: link.custPhone,
    EXPIRE_BY: link.expireBy,
    VALIDATE_BENEFICIARY: link.validateBeneficiary ? 'Y' : 'N',
    ...(link.payerAccount ? { PAYER_ACCOUNT: link.payerAccount, PAYER_NAME: link.payerName } : {}),
    SHORT_URL: link.shortUrl,
    STATUS: link.status,
    CREATED_AT: formatDateTime(link.createdAt),
    LINK_FEE: String(charge.fee),
    LINK_GST: String(charge.gst),
    ...(payment
      ? {
          ORDER_ID: payment.orderId,
          TXN_ID: payment.txnId,
          PAID_AT: formatDateTime(payment.completedAt ?? context.at),
        }
      : {}),
    ...(link.status === 'EXPIRED' ? { EXPIRED_AT: formatDateTime(link.endedAt!) } : {}),
    ...(link.status === 'CANCELLED' ? { CANCELLED_AT: formatDateTime(link.endedAt!) } : {}),
    TXNTYPE: 'PAYLINK',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: responseCodes['000'].message,
    RESPONSE_DATE_TIME: formatDateTime(context.at),
  }
}
