import { randomUUID } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import {
  type PgDatabase,
  type PgQueryResultHKT,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import type { PaymentRequest } from './checks.ts'
import { createTableOnce, formatDateTime, isUniqueViolation, newPgRefNum, newTxnId } from './ids.ts'
import { type ResponseCode, responseCodes } from './protocol/codes.ts'
import type { Fields } from './protocol/fields.ts'

/**
 * Any drizzle PostgreSQL database (PGlite or node-postgres), whatever schema its owner
 * registered: the sandbox only uses its own table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the owner's schema type is none of the sandbox's business
export type GatewayDatabase = PgDatabase<PgQueryResultHKT, any>

/** How the payment started: `qr-upi` and `qr-pg` were opened by scanning a QR code. */
export type TransactionMode = 'hosted' | 'checkout' | 'merchant-hosted' | 'qr-upi' | 'qr-pg'

export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    /** Random and unguessable: the payment pages' forms post back to it. */
    id: text('id').primaryKey(),
    txnId: text('txn_id').notNull().unique(),
    pgRefNum: text('pg_ref_num').notNull().unique(),
    payId: text('pay_id').notNull(),
    orderId: text('order_id').notNull(),
    amount: text('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    txnType: text('txn_type').notNull(),
    /** Empty for a QR payment without one: its end is shown on the sandbox's own page. */
    returnUrl: text('return_url').notNull(),
    custName: text('cust_name').notNull().default(''),
    custEmail: text('cust_email').notNull().default(''),
    custMobile: text('cust_mobile').notNull().default(''),
    custId: text('cust_id').notNull().default(''),
    mode: text('mode').$type<TransactionMode>().notNull(),
    language: text('language').notNull().default('en'),
    paymentType: text('payment_type').notNull().default(''),
    mopType: text('mop_type').notNull().default(''),
    status: text('status').notNull().default('Pending'),
    /** Null while the customer has not finished; set once, when the payment ends. */
    responseCode: text('response_code').$type<ResponseCode>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [unique('sandbox_transactions_order').on(table.payId, table.orderId)],
)

export type SandboxTransaction = typeof sandboxTransactions.$inferSelect

/**
 * The sandbox's table, created when missing. It lives outside the site's migrations because
 * the gateway can run alone against a database of its own.
 */
const createTable = sql`
  CREATE TABLE IF NOT EXISTS sandbox_transactions (
    id text PRIMARY KEY,
    txn_id text NOT NULL UNIQUE,
    pg_ref_num text NOT NULL UNIQUE,
    pay_id text NOT NULL,
    order_id text NOT NULL,
    amount text NOT NULL,
    currency_code text NOT NULL,
    txn_type text NOT NULL,
    return_url text NOT NULL,
    cust_name text NOT NULL DEFAULT '',
    cust_email text NOT NULL DEFAULT '',
    cust_mobile text NOT NULL DEFAULT '',
    cust_id text NOT NULL DEFAULT '',
    mode text NOT NULL,
    language text NOT NULL DEFAULT 'en',
    payment_type text NOT NULL DEFAULT '',
    mop_type text NOT NULL DEFAULT '',
    status text NOT NULL DEFAULT 'Pending',
    response_code text,
    created_at timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz,
    CONSTRAINT sandbox_transactions_order UNIQUE (pay_id, order_id)
  )`

export async function ensureTables(db: GatewayDatabase): Promise<void> {
  await createTableOnce(() => db.execute(createTable))
}

export { formatDateTime, newPgRefNum, newTxnId }

export interface NewTransaction {
  request: PaymentRequest
  mode: TransactionMode
  language: string
  paymentType?: string
  mopType?: string
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
          pgRefNum: newPgRefNum(),
          ...input.request,
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

/**
 * Ends an open payment with a response code. A payment ends once: a second attempt (a double
 * click, a second tab) gets the stored outcome back unchanged.
 */
export async function completeTransaction(
  db: GatewayDatabase,
  id: string,
  outcome: { code: ResponseCode; paymentType: string; mopType: string },
): Promise<SandboxTransaction | undefined> {
  const [row] = await db
    .update(sandboxTransactions)
    .set({
      responseCode: outcome.code,
      status: responseCodes[outcome.code].status,
      paymentType: outcome.paymentType,
      mopType: outcome.mopType,
      completedAt: new Date(),
    })
    .where(and(eq(sandboxTransactions.id, id), isNull(sandboxTransactions.responseCode)))
    .returning()
  return row ?? (await findTransaction(db, id))
}

/** While the customer is still choosing, a status enquiry reports 006 (in progress). */
export function transactionCode(transaction: SandboxTransaction): ResponseCode {
  return transaction.responseCode ?? '006'
}

/** The response fields of DESIGN.md, without HASH (encryptFields or withHash add it). */
export function responseFields(transaction: SandboxTransaction): Fields {
  const code = transactionCode(transaction)
  return {
    PAY_ID: transaction.payId,
    ORDER_ID: transaction.orderId,
    AMOUNT: transaction.amount,
    CURRENCY_CODE: transaction.currencyCode,
    TXNTYPE: transaction.txnType,
    TXN_ID: transaction.txnId,
    PG_REF_NUM: transaction.pgRefNum,
    STATUS: responseCodes[code].status,
    RESPONSE_CODE: code,
    RESPONSE_MESSAGE: responseCodes[code].message,
    RESPONSE_DATE_TIME: formatDateTime(transaction.completedAt ?? transaction.createdAt),
    PAYMENT_TYPE: transaction.paymentType,
    MOP_TYPE: transaction.mopType,
    CUST_NAME: transaction.custName,
    CUST_EMAIL: transaction.custEmail,
  }
}
