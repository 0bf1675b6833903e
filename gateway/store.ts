import { randomUUID } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import {
  type PgDatabase,
  type PgQueryResultHKT,
  bigint,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { acquirerFields, acquirerMessages, type AcquirerFields } from './acquirer.ts'
import type { PaymentRequest } from './checks.ts'
import { disputeCardOf } from './methods.ts'
import { formatDateTime, isUniqueViolation, newPgRefNum, newTxnId } from './ids.ts'
import { currencyByNumber, isForeign } from '#core/currency/currencies.ts'
import { toRupees } from '#core/currency/exchange.ts'
import { type ResponseCode, responseCodes } from '#core/protocol/codes.ts'
import { claimDue, type DurableQueue } from '#jobs/durable-queue.ts'
import type { Fields } from '#core/protocol/fields.ts'

/**
 * Any drizzle PostgreSQL database (PGlite or node-postgres), whatever schema its owner
 * registered: the sandbox only uses its own table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the owner's schema type is none of the sandbox's business
export type GatewayDatabase = PgDatabase<PgQueryResultHKT, any>

/**
 * How the payment started: `qr-upi` and `qr-pg` were opened by scanning a QR code, `paylink` from
 * a payment link's page (gateway/paylinks/).
 */
export type TransactionMode =
  | 'hosted'
  | 'checkout'
  | 'merchant-hosted'
  | 'qr-upi'
  | 'qr-pg'
  | 'paylink'
  /** A subscription's debit, made on its mandate with no page (gateway/subscriptions/). */
  | 'subscription'

export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    /** Random and unguessable: the payment pages' forms post back to it. */
    id: text('id').primaryKey(),
    txnId: text('txn_id').notNull().unique('sandbox_transactions_txn_id_key'),
    pgRefNum: text('pg_ref_num').notNull().unique('sandbox_transactions_pg_ref_num_key'),
    payId: text('pay_id').notNull(),
    orderId: text('order_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    txnType: text('txn_type').notNull(),
    /** Empty for a QR payment without one: its end is shown on the sandbox's own page. */
    returnUrl: text('return_url').notNull(),
    custName: text('cust_name').notNull().default(''),
    custEmail: text('cust_email').notNull().default(''),
    custMobile: text('cust_mobile').notNull().default(''),
    custId: text('cust_id').notNull().default(''),
    productDesc: text('product_desc').notNull().default(''),
    /** NOTIFY_URL of the request; empty: the merchant's default, if any. */
    notifyUrl: text('notify_url').notNull().default(''),
    /** Webhooks to notify_url may reach private addresses: the request that set it could. */
    notifyPrivate: boolean('notify_private').notNull().default(false),
    mode: text('mode').$type<TransactionMode>().notNull(),
    language: text('language').notNull().default('en'),
    paymentType: text('payment_type').notNull().default(''),
    mopType: text('mop_type').notNull().default(''),
    status: text('status').notNull().default('Pending'),
    /** Null while the customer has not finished; set once, when the payment ends. */
    responseCode: text('response_code').$type<ResponseCode>(),
    acqId: text('acq_id').notNull().default(''),
    rrn: text('rrn').notNull().default(''),
    authCode: text('auth_code').notNull().default(''),
    cardMask: text('card_mask').notNull().default(''),
    /**
     * The payment in paise: AMOUNT for a rupee payment, AMOUNT at fx_rate for a foreign one
     * (core/currency/exchange.ts).
     */
    inrAmount: bigint('inr_amount', { mode: 'bigint' }).notNull(),
    /** Rupees per unit of the payment's currency, four decimals; empty for a rupee payment. */
    fxRate: text('fx_rate').notNull().default(''),
    /**
     * The reason code a dispute test card's payment is disputed with (methods.ts
     * `disputeCards`) once a settlement run passes its capture; empty for every other payment.
     */
    disputeReason: text('dispute_reason').notNull().default(''),
    /**
     * Paid with a card issued outside India (methods.ts `testCards`): the settlement prices it on
     * the international cards row whatever its currency.
     */
    issuedAbroad: boolean('issued_abroad').notNull().default(false),
    /** A pending payment the bank confirms later (late@upi): when it becomes Captured. */
    settleAt: timestamp('settle_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The settlement that paid it out; null until a settlement run takes it. */
    settlementId: text('settlement_id'),
  },
  (table) => [
    unique('sandbox_transactions_order').on(table.payId, table.orderId),
    index('sandbox_transactions_settle')
      .on(table.settleAt)
      .where(sql`settle_at IS NOT NULL`),
    // What a settlement run looks for: captured payments not yet settled.
    index('sandbox_transactions_unsettled')
      .on(table.payId, table.completedAt)
      .where(sql`response_code = '000' AND settlement_id IS NULL`),
  ],
)

export type SandboxTransaction = typeof sandboxTransactions.$inferSelect

export { formatDateTime, newPgRefNum, newTxnId }

export interface NewTransaction {
  request: PaymentRequest
  mode: TransactionMode
  language: string
  paymentType?: string
  mopType?: string
  /** The merchant's time (its clock, gateway/clock/): the payment's created_at and PG_REF_NUM. */
  at: Date
}

/**
 * What a payment of `amount` minor units in the currency numbered `currencyCode` is in paise,
 * and the rate it was converted at: the payment's `inr_amount` and `fx_rate`, fixed when it is
 * created. A rupee payment is its own amount, with no rate.
 */
export function paymentInRupees(
  amount: bigint,
  currencyCode: string,
): { inrAmount: bigint; fxRate: string } {
  const currency = currencyByNumber(currencyCode)
  if (!currency) throw new RangeError(`Not a currency of the gateway: ${currencyCode}`)
  const { paise, rate } = toRupees(amount, currency)
  return { inrAmount: paise, fxRate: isForeign(currency) ? rate : '' }
}

/**
 * Stores a checked request as a pending transaction. Answers 'duplicate' when the merchant
 * already used this ORDER_ID (018): the unique constraint decides, so two instances agree.
 */
export async function createTransaction(
  db: GatewayDatabase,
  input: NewTransaction,
): Promise<SandboxTransaction | 'duplicate'> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(sandboxTransactions)
        .values({
          id: randomUUID(),
          txnId: newTxnId(),
          pgRefNum: newPgRefNum(input.at),
          createdAt: input.at,
          ...input.request,
          ...paymentInRupees(input.request.amount, input.request.currencyCode),
          mode: input.mode,
          language: input.language,
          paymentType: input.paymentType ?? '',
          mopType: input.mopType ?? '',
        })
        .onConflictDoNothing({ target: [sandboxTransactions.payId, sandboxTransactions.orderId] })
        .returning()
      return row ?? 'duplicate'
    } catch (error) {
      // A TXN_ID or PG_REF_NUM collision (one in 10^15): draw new numbers.
      if (attempt < 3 && isUniqueViolation(error)) continue
      throw error
    }
  }
}

export async function findTransaction(
  db: GatewayDatabase,
  id: string,
): Promise<SandboxTransaction | undefined> {
  const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, id))
  return row
}

export async function findByOrder(
  db: GatewayDatabase,
  payId: string,
  orderId: string,
): Promise<SandboxTransaction | undefined> {
  const [row] = await db
    .select()
    .from(sandboxTransactions)
    .where(and(eq(sandboxTransactions.payId, payId), eq(sandboxTransactions.orderId, orderId)))
  return row
}

/** Records the bank or wallet chosen while the payment is still open. */
export async function chooseMethod(
  db: GatewayDatabase,
  id: string,
  paymentType: string,
  mopType: string,
): Promise<SandboxTransaction | undefined> {
  const [row] = await db
    .update(sandboxTransactions)
    .set({ paymentType, mopType })
    .where(and(eq(sandboxTransactions.id, id), isNull(sandboxTransactions.responseCode)))
    .returning()
  return row
}

export async function setLanguage(db: GatewayDatabase, id: string, language: string) {
  await db.update(sandboxTransactions).set({ language }).where(eq(sandboxTransactions.id, id))
}

export interface PaymentOutcome {
  code: ResponseCode
  paymentType: string
  mopType: string
  /** The card paid with, for the masked number in the response. */
  cardNumber?: string
  /** The card was issued outside India. */
  issuedAbroad?: boolean
  /** A pending outcome the bank confirms at this time (late@upi), on the merchant's clock. */
  settleAt?: Date
  /** The merchant's time (its clock): when the payment ended. */
  at: Date
}

/**
 * Ends an open payment with a response code. A payment ends once: `ended` is true only for
 * the call that ended it, and a second attempt (a double click, a second tab) gets the stored
 * outcome back unchanged.
 */
export async function completeTransaction(
  db: GatewayDatabase,
  id: string,
  outcome: PaymentOutcome,
): Promise<{ transaction: SandboxTransaction; ended: boolean } | undefined> {
  const acquirer: AcquirerFields = acquirerFields(
    outcome.paymentType,
    outcome.code,
    outcome.cardNumber,
  )
  const [row] = await db
    .update(sandboxTransactions)
    .set({
      responseCode: outcome.code,
      status: responseCodes[outcome.code].status,
      paymentType: outcome.paymentType,
      mopType: outcome.mopType,
      ...acquirer,
      disputeReason:
        outcome.code === '000' ? (disputeCardOf(outcome.cardNumber)?.reasonCode ?? '') : '',
      issuedAbroad: outcome.issuedAbroad ?? false,
      settleAt: outcome.settleAt ?? null,
      completedAt: outcome.at,
    })
    .where(and(eq(sandboxTransactions.id, id), isNull(sandboxTransactions.responseCode)))
    .returning()
  if (row) return { transaction: row, ended: true }
  const stored = await findTransaction(db, id)
  return stored ? { transaction: stored, ended: false } : undefined
}

/**
 * Pending payments the bank confirms later (late@upi), due at their settle_at. The claim is the
 * whole work: it makes the payment Captured, so no lease is needed.
 */
/** A late payment the bank confirms: Captured, at the time it fell due on its merchant's clock. */
const bankConfirmed = {
  responseCode: '000',
  status: responseCodes['000'].status,
  settleAt: null,
  completedAt: sql`sandbox_transactions.settle_at`,
} as const

const latePayments: DurableQueue<typeof sandboxTransactions> = {
  table: sandboxTransactions,
  id: sandboxTransactions.id,
  dueAt: sandboxTransactions.settleAt,
  // settle_at is on the merchant's clock: due once that clock reads it.
  dueBy: sql`now() + make_interval(secs => coalesce((SELECT c.offset_ms FROM sandbox_clocks c
    WHERE c.pay_id = sandbox_transactions.pay_id), 0) / 1000.0)`,
  waiting: eq(sandboxTransactions.responseCode, '026'),
}

/**
 * The bank confirms pending payments whose time has come (late@upi): 026 becomes 000 Captured,
 * each once, whichever instance claims it (jobs/durable-queue.ts), captured at the time it was
 * due on its merchant's clock.
 */
export async function confirmDuePayments(db: GatewayDatabase): Promise<SandboxTransaction[]> {
  return claimDue(db, latePayments, {
    limit: 50,
    set: bankConfirmed,
  })
}

/**
 * The merchant's late payments due by `at` on its clock, confirmed as the bank does: what a
 * clock advance confirms on its way, before the settlement runs that follow them.
 */
export async function confirmLatePaymentsOf(
  db: GatewayDatabase,
  payId: string,
  at: Date,
): Promise<SandboxTransaction[]> {
  return db
    .update(sandboxTransactions)
    .set(bankConfirmed)
    .where(
      and(
        eq(sandboxTransactions.payId, payId),
        eq(sandboxTransactions.responseCode, '026'),
        sql`${sandboxTransactions.settleAt} <= ${at.toISOString()}::timestamptz`,
      ),
    )
    .returning()
}

/** While the customer is still choosing, a status enquiry reports 006 (in progress). */
export function transactionCode(transaction: SandboxTransaction): ResponseCode {
  return transaction.responseCode ?? '006'
}

/**
 * A payment's response fields, without HASH (encryptFields or withHash add it): the same at
 * RETURN_URL, from the status enquiry and in a webhook's data. Besides the fifteen every
 * integration reads, the fields the provider's own kits read: the total with surcharge, the
 * original transaction, the acquirer's message and references, whether the status is final.
 * A foreign payment adds the rate it was converted at and its amount in paise, a card issued
 * outside India adds CARD_ISSUED_ABROAD (the fields of every other payment stay those it always
 * had).
 */
export function responseFields(transaction: SandboxTransaction): Fields {
  const code = transactionCode(transaction)
  const status = responseCodes[code].status
  return {
    PAY_ID: transaction.payId,
    ORDER_ID: transaction.orderId,
    AMOUNT: String(transaction.amount),
    // The sandbox charges no surcharge: the total is the amount.
    TOTAL_AMOUNT: String(transaction.amount),
    SURCHARGE_FLAG: 'N',
    CURRENCY_CODE: transaction.currencyCode,
    ...foreignAmountFields(transaction),
    TXNTYPE: transaction.txnType,
    TXN_ID: transaction.txnId,
    // A sale is its own original transaction; refunds name the sale's TXN_ID.
    ORIG_TXN_ID: transaction.txnId,
    PG_REF_NUM: transaction.pgRefNum,
    STATUS: status,
    RESPONSE_CODE: code,
    RESPONSE_MESSAGE: responseCodes[code].message,
    PG_TXN_MESSAGE: acquirerMessages[code] ?? responseCodes[code].message,
    RESPONSE_DATE_TIME: formatDateTime(transaction.completedAt ?? transaction.createdAt),
    IS_STATUS_FINAL: status === 'Pending' ? 'N' : 'Y',
    DUPLICATE_YN: 'N',
    PAYMENT_TYPE: transaction.paymentType,
    MOP_TYPE: transaction.mopType,
    ACQ_ID: transaction.acqId,
    RRN: transaction.rrn,
    AUTH_CODE: transaction.authCode,
    CARD_MASK: transaction.cardMask,
    // What prices it on the international cards row even in rupees, so the merchant can tell.
    ...(transaction.issuedAbroad ? { CARD_ISSUED_ABROAD: 'Y' } : {}),
    CUST_NAME: transaction.custName,
    CUST_EMAIL: transaction.custEmail,
    CUST_PHONE: transaction.custMobile,
    ...(transaction.productDesc ? { PRODUCT_DESC: transaction.productDesc } : {}),
  }
}

/**
 * The fields posted back to the merchant's RETURN_URL: the payment's, and the RETURN_URL its
 * request sent, as the provider's gateway echoes it (its kits read it), under the HASH like the
 * rest. The status enquiry and the webhooks answer without it.
 */
export function returnResponseFields(transaction: SandboxTransaction): Fields {
  const fields = responseFields(transaction)
  return transaction.returnUrl ? { ...fields, RETURN_URL: transaction.returnUrl } : fields
}

/** FX_RATE and INR_AMOUNT of a foreign payment; nothing for a rupee payment. */
function foreignAmountFields(payment: { fxRate: string; inrAmount: bigint }): Fields {
  return payment.fxRate ? { FX_RATE: payment.fxRate, INR_AMOUNT: String(payment.inrAmount) } : {}
}
