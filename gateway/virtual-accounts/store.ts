/**
 * Virtual accounts as stored: opened with their setup charge, read, closed, and credited by the
 * sandbox's test transfers (a credit to a closed account is returned). Each credit and its
 * webhook are committed together.
 */
import { randomInt } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import { productCharge } from '#core/pricing/product-charges.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { formatDateTime, isUniqueViolation, newUtr } from '#gateway/ids.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { randomAlphanumeric } from '#gateway/paylinks/store.ts'
import { recordCharge } from '#gateway/settlements/charges.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import type { NotifyTarget } from '#gateway/webhooks/addresses.ts'
import { notifyTargetFor, queueAnswerEvent } from '#gateway/webhooks/events.ts'
import { type CreditRequest, VIRTUAL_ACCOUNT_IFSC, type VirtualAccountRequest } from './checks.ts'
import {
  type SandboxVaCredit,
  sandboxVaCredits,
  type SandboxVirtualAccount,
  sandboxVirtualAccounts,
} from './table.ts'

/** The most credits an account's status answers, newest first. */
export const MAX_LISTED_CREDITS = 100

/** 16 digits from 2223 (the sandbox bank's prefix for collection accounts). */
function newAccountNumber(): string {
  return `2223${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
}

/**
 * Opens a virtual account with its setup charge. 'duplicate' when the merchant already used the
 * REFERENCE_ID (374).
 */
export async function openVirtualAccount(
  tx: GatewayDatabase,
  request: VirtualAccountRequest,
  notify: NotifyTarget,
  at: Date,
): Promise<SandboxVirtualAccount | 'duplicate'> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await tx
        .insert(sandboxVirtualAccounts)
        .values({
          id: `va_${randomAlphanumeric(14)}`,
          payId: request.payId,
          referenceId: request.referenceId,
          custName: request.custName,
          accountNumber: newAccountNumber(),
          notifyUrl: notify.url,
          notifyPrivate: notify.allowPrivate,
          status: 'ACTIVE',
          createdAt: at,
        })
        .onConflictDoNothing({
          target: [sandboxVirtualAccounts.payId, sandboxVirtualAccounts.referenceId],
          where: sql`reference_id <> ''`,
        })
        .returning()
      if (!row) return 'duplicate'
      await recordCharge(tx, {
        payId: row.payId,
        kind: 'virtual-account-setup',
        sourceId: row.id,
        reference: row.referenceId || row.id,
        at,
      })
      return row
    } catch (error) {
      // An account number drawn twice (one in 10^12): draw another.
      if (attempt < 3 && isUniqueViolation(error)) continue
      throw error
    }
  }
}

export async function findVirtualAccount(
  db: GatewayDatabase,
  payId: string,
  vaId: string,
): Promise<SandboxVirtualAccount | undefined> {
  const [row] = await db
    .select()
    .from(sandboxVirtualAccounts)
    .where(and(eq(sandboxVirtualAccounts.payId, payId), eq(sandboxVirtualAccounts.id, vaId)))
  return row
}

/** A merchant's latest virtual accounts, newest first (the console). */
export async function latestVirtualAccounts(
  db: GatewayDatabase,
  payId: string,
  limit: number,
): Promise<SandboxVirtualAccount[]> {
  return db
    .select()
    .from(sandboxVirtualAccounts)
    .where(eq(sandboxVirtualAccounts.payId, payId))
    .orderBy(desc(sandboxVirtualAccounts.createdAt), desc(sandboxVirtualAccounts.id))
    .limit(limit)
}

/** An account's credits, newest first, at most `limit`. */
export async function creditsOf(
  db: GatewayDatabase,
  vaId: string,
  limit = MAX_LISTED_CREDITS,
): Promise<SandboxVaCredit[]> {
  return db
    .select()
    .from(sandboxVaCredits)
    .where(eq(sandboxVaCredits.vaId, vaId))
    .orderBy(desc(sandboxVaCredits.createdAt), desc(sandboxVaCredits.id))
    .limit(limit)
}

/** Closes an open account: answers it closed, or 'closed' when it was already (377). */
export async function closeVirtualAccount(
  tx: GatewayDatabase,
  account: SandboxVirtualAccount,
  at: Date,
): Promise<SandboxVirtualAccount | 'closed'> {
  const [row] = await tx
    .update(sandboxVirtualAccounts)
    .set({ status: 'CLOSED', closedAt: at })
    .where(
      and(eq(sandboxVirtualAccounts.id, account.id), eq(sandboxVirtualAccounts.status, 'ACTIVE')),
    )
    .returning()
  return row ?? 'closed'
}

/**
 * A transfer into the account, as the payer's bank sends it: credited to an active account
 * (`virtual_account.credited`), returned to the payer from a closed one
 * (`virtual_account.credit_returned`). The account row is locked, so a close and a credit
 * racing agree on which came first.
 */
export async function creditVirtualAccount(
  tx: GatewayDatabase,
  merchant: SandboxMerchant,
  request: CreditRequest,
  at: Date,
): Promise<
  { account: SandboxVirtualAccount; credit: SandboxVaCredit; queued: boolean } | undefined
> {
  const [account] = await tx
    .select()
    .from(sandboxVirtualAccounts)
    .where(
      and(
        eq(sandboxVirtualAccounts.payId, merchant.payId),
        eq(sandboxVirtualAccounts.id, request.vaId),
      ),
    )
    .for('update')
  if (!account) return undefined
  const [credit] = await tx
    .insert(sandboxVaCredits)
    .values({
      id: `vacr_${randomAlphanumeric(14)}`,
      payId: merchant.payId,
      vaId: account.id,
      amount: request.amount,
      mode: request.mode,
      payerName: request.payerName,
      utr: newUtr(),
      status: account.status === 'ACTIVE' ? 'CREDITED' : 'RETURNED',
      createdAt: at,
    })
    .returning()
  const queued = await queueAnswerEvent(tx, merchant, {
    type:
      credit!.status === 'CREDITED'
        ? 'virtual_account.credited'
        : 'virtual_account.credit_returned',
    reference: credit!.id,
    notify: notifyTargetFor(
      { url: account.notifyUrl, allowPrivate: account.notifyPrivate },
      merchant,
    ),
    answer: creditAnswer(account, credit!, at),
  })
  return { account, credit: credit!, queued }
}

/** An account's fields, from every call (HASH is added by the route). */
export function virtualAccountAnswer(account: SandboxVirtualAccount, at: Date): Fields {
  const setup = productCharge('virtual-account-setup')
  return {
    PAY_ID: account.payId,
    VA_ID: account.id,
    REFERENCE_ID: account.referenceId,
    CUST_NAME: account.custName,
    ACCOUNT_NUMBER: account.accountNumber,
    IFSC: VIRTUAL_ACCOUNT_IFSC,
    VPA: vpaOf(account),
    STATUS: account.status,
    CREATED_AT: formatDateTime(account.createdAt),
    CLOSED_AT: account.closedAt ? formatDateTime(account.closedAt) : '',
    SETUP_FEE: String(setup.fee),
    SETUP_GST: String(setup.gst),
    TXNTYPE: 'VIRTUAL_ACCOUNT',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: responseCodes['000'].message,
    RESPONSE_DATE_TIME: formatDateTime(at),
  }
}

/** The UPI ID that pays into the account: a UPI app sends to it like to the account number. */
export function vpaOf(account: Pick<SandboxVirtualAccount, 'accountNumber'>): string {
  return `pay.${account.accountNumber}@paystra`
}

/** What a returned credit's answer and event say happened to the money. */
export const RETURN_REASON = 'The virtual account is closed: the amount was returned to the payer'

/**
 * A credit's fields, from the test call and in its webhook's data: a credited transfer with its
 * Auto Collection charge by slab and GST, a returned one with none (377).
 */
export function creditAnswer(
  account: SandboxVirtualAccount,
  credit: SandboxVaCredit,
  at: Date,
): Fields {
  const credited = credit.status === 'CREDITED'
  const charge = chargeOf(credit)
  const code = credited ? '000' : '377'
  return {
    PAY_ID: account.payId,
    VA_ID: account.id,
    REFERENCE_ID: account.referenceId,
    ACCOUNT_NUMBER: account.accountNumber,
    CREDIT_ID: credit.id,
    AMOUNT: String(credit.amount),
    CURRENCY_CODE: '356',
    MODE: credit.mode,
    PAYER_NAME: credit.payerName,
    UTR: credit.utr,
    STATUS: credit.status,
    CREDITED_AT: formatDateTime(credit.createdAt),
    FEE: String(charge.fee),
    GST: String(charge.gst),
    NET: credited ? String(credit.amount - charge.fee - charge.gst) : '0',
    ...(credited ? {} : { RETURN_REASON }),
    TXNTYPE: 'VA_CREDIT',
    RESPONSE_CODE: code,
    RESPONSE_MESSAGE: responseCodes[code].message,
    RESPONSE_DATE_TIME: formatDateTime(at),
  }
}

/** A credited transfer's charge by the Auto Collection row's slab; a returned one costs nothing. */
function chargeOf(credit: SandboxVaCredit): { fee: bigint; gst: bigint } {
  return credit.status === 'CREDITED'
    ? productCharge('collection', credit.amount)
    : { fee: 0n, gst: 0n }
}

/** A credit as the account's status lists it (CREDITS, JSON). */
export function listedCredit(credit: SandboxVaCredit): Record<string, string> {
  const charge = chargeOf(credit)
  return {
    CREDIT_ID: credit.id,
    AMOUNT: String(credit.amount),
    MODE: credit.mode,
    PAYER_NAME: credit.payerName,
    UTR: credit.utr,
    STATUS: credit.status,
    CREDITED_AT: formatDateTime(credit.createdAt),
    FEE: String(charge.fee),
    GST: String(charge.gst),
    SETTLEMENT_ID: credit.settlementId ?? '',
  }
}
