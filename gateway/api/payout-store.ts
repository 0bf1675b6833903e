import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { bigint, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { formatDateTime, isUniqueViolation, newTxnId, newUtr } from '#gateway/ids.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import {
  payoutAnswer,
  payoutOutcome,
  type PayoutRequest,
  type TransferMode,
} from './payout-checks.ts'

/** Every payout the sandbox accepted, with its outcome, so its status can be asked later. */
export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    id: text('id').primaryKey(),
    txnId: text('txn_id').notNull().unique('sandbox_payouts_txn_id_key'),
    payId: text('pay_id').notNull(),
    payoutId: text('payout_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    transferMode: text('transfer_mode').$type<TransferMode>().notNull(),
    beneficiaryName: text('beneficiary_name').notNull(),
    beneficiaryAccount: text('beneficiary_account').notNull().default(''),
    beneficiaryIfsc: text('beneficiary_ifsc').notNull().default(''),
    beneficiaryVpa: text('beneficiary_vpa').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    /** 12 digits once the money reached the beneficiary (Processed); empty otherwise. */
    utr: text('utr').notNull().default(''),
    responseCode: text('response_code').$type<ResponseCode>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('sandbox_payouts_order').on(table.payId, table.payoutId)],
)

export type SandboxPayout = typeof sandboxPayouts.$inferSelect

/**
 * Sends a checked payout to the sandbox's beneficiary bank and stores how it ended. Answers
 * 'duplicate' when the merchant already used this PAYOUT_ID (018); the unique constraint
 * decides, so two instances agree.
 */
export async function createPayout(
  db: GatewayDatabase,
  request: PayoutRequest,
  /** The merchant's time (its clock): when the payout is made. */
  at: Date,
): Promise<SandboxPayout | 'duplicate'> {
  const code = payoutOutcome(request.beneficiary)
  const { beneficiary } = request
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(sandboxPayouts)
        .values({
          id: randomUUID(),
          txnId: newTxnId(),
          payId: request.payId,
          payoutId: request.payoutId,
          amount: request.amount,
          currencyCode: request.currencyCode,
          transferMode: beneficiary.mode,
          beneficiaryName: beneficiary.name,
          beneficiaryAccount: beneficiary.mode === 'UPI' ? '' : beneficiary.account,
          beneficiaryIfsc: beneficiary.mode === 'UPI' ? '' : beneficiary.ifsc,
          beneficiaryVpa: beneficiary.mode === 'UPI' ? beneficiary.vpa : '',
          remarks: request.remarks,
          utr: code === '000' ? newUtr() : '',
          responseCode: code,
          createdAt: at,
        })
        .onConflictDoNothing({ target: [sandboxPayouts.payId, sandboxPayouts.payoutId] })
        .returning()
      return row ?? 'duplicate'
    } catch (error) {
      // A TXN_ID collision (one in 10^15): draw a new number.
      if (attempt < 3 && isUniqueViolation(error)) continue
      throw error
    }
  }
}

export async function findPayout(
  db: GatewayDatabase,
  payId: string,
  payoutId: string,
): Promise<SandboxPayout | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPayouts)
    .where(and(eq(sandboxPayouts.payId, payId), eq(sandboxPayouts.payoutId, payoutId)))
  return row
}

/** The answer of a stored payout, the same on the request and on every status enquiry. */
export function storedPayoutAnswer(payout: SandboxPayout): Fields {
  return payoutAnswer(
    {
      PAY_ID: payout.payId,
      PAYOUT_ID: payout.payoutId,
      AMOUNT: String(payout.amount),
      CURRENCY_CODE: payout.currencyCode,
      TRANSFER_MODE: payout.transferMode,
    },
    {
      code: payout.responseCode,
      txnId: payout.txnId,
      utr: payout.utr || undefined,
      dateTime: formatDateTime(payout.createdAt),
    },
  )
}
