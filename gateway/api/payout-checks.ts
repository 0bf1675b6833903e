import { checkRupeeCurrency } from '#gateway/checks.ts'
import { hasControlCharacter } from '#gateway/urls.ts'
import { testUpiIds } from '#gateway/methods.ts'
import { payoutStatus, type ResponseCode } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { isAmount, isValid } from '#core/protocol/patterns.ts'
import { codeFields, echo } from './json.ts'

export const transferModes = ['NEFT', 'RTGS', 'IMPS', 'UPI'] as const
export type TransferMode = (typeof transferModes)[number]

/**
 * What each transfer mode may carry, in paise, as the RBI's rails set them: RTGS is for
 * ₹2,00,000 and above, IMPS goes up to ₹5,00,000, UPI up to ₹1,00,000; NEFT has no limit.
 */
export const transferLimits: Record<TransferMode, { minimum?: number; maximum?: number }> = {
  NEFT: {},
  RTGS: { minimum: 20_000_000 },
  IMPS: { maximum: 50_000_000 },
  UPI: { maximum: 10_000_000 },
}

/** Letters, spaces and dots, 1–50, starting with a letter (`A. K. Sharma`). */
export const BENEFICIARY_NAME = /^[A-Za-z][A-Za-z. ]{0,49}$/
export const MAX_REMARKS_LENGTH = 50

/** Sandbox beneficiaries whose payout does not go through (any other valid one is paid). */
export const payoutTestAccounts = [
  { account: '000000000004', code: '004' },
  { account: '000000000026', code: '026' },
] as const satisfies ReadonlyArray<{ account: string; code: ResponseCode }>

/** The payment test UPI IDs serve as payout beneficiaries too. */
export const payoutTestVpas = testUpiIds

export type Beneficiary =
  | { mode: 'NEFT' | 'RTGS' | 'IMPS'; name: string; account: string; ifsc: string }
  | { mode: 'UPI'; name: string; vpa: string }

export interface PayoutRequest {
  payId: string
  payoutId: string
  /** Paise. */
  amount: bigint
  currencyCode: string
  beneficiary: Beneficiary
  remarks: string
}

export type PayoutCheck = { ok: true; request: PayoutRequest } | { ok: false; code: ResponseCode }

export function isTransferMode(value: unknown): value is TransferMode {
  return transferModes.includes(value as TransferMode)
}

/** True when `amount` (paise, already a valid amount) is within the mode's limits. */
export function withinLimits(mode: TransferMode, amount: string): boolean {
  const { minimum, maximum } = transferLimits[mode]
  const paise = BigInt(amount)
  if (minimum !== undefined && paise < BigInt(minimum)) return false
  if (maximum !== undefined && paise > BigInt(maximum)) return false
  return true
}

/**
 * The fields of a signed payout request: PAYOUT_ID (321), AMOUNT (320), CURRENCY_CODE 356 (319),
 * TXNTYPE when sent (322), TRANSFER_MODE (331), BENEFICIARY_NAME (335), the account and IFSC
 * for a bank transfer (332) or the VPA for UPI (333), the mode's limits (334), REMARKS (326).
 * The other mode's beneficiary fields are ignored, so a form that posts them empty still works.
 */
export function checkPayoutRequest(fields: Fields): PayoutCheck {
  const refuse = (code: ResponseCode): PayoutCheck => ({ ok: false, code })
  if (!isValid('orderId', fields.PAYOUT_ID)) return refuse('321')
  if (!isAmount(fields.AMOUNT)) return refuse('320')
  if (!checkRupeeCurrency(fields.CURRENCY_CODE)) return refuse('319')
  if (fields.TXNTYPE !== undefined && fields.TXNTYPE !== 'PAYOUT') return refuse('322')
  const mode = fields.TRANSFER_MODE
  if (!isTransferMode(mode)) return refuse('331')
  const name = fields.BENEFICIARY_NAME
  if (name === undefined || !BENEFICIARY_NAME.test(name)) return refuse('335')
  let beneficiary: Beneficiary
  if (mode === 'UPI') {
    if (!isValid('vpa', fields.BENEFICIARY_VPA)) return refuse('333')
    beneficiary = { mode, name, vpa: fields.BENEFICIARY_VPA }
  } else {
    const account = fields.BENEFICIARY_ACCOUNT
    const ifsc = fields.BENEFICIARY_IFSC
    if (!isValid('accountNumber', account) || !isValid('ifsc', ifsc)) return refuse('332')
    beneficiary = { mode, name, account, ifsc }
  }
  if (!withinLimits(mode, fields.AMOUNT)) return refuse('334')
  const remarks = fields.REMARKS ?? ''
  if (remarks.length > MAX_REMARKS_LENGTH || hasControlCharacter(remarks)) return refuse('326')
  return {
    ok: true,
    request: {
      payId: fields.PAY_ID!,
      payoutId: fields.PAYOUT_ID,
      amount: BigInt(fields.AMOUNT),
      currencyCode: fields.CURRENCY_CODE!,
      beneficiary,
      remarks,
    },
  }
}

/**
 * How the sandbox's beneficiary bank answers: the test VPAs and accounts end as they say
 * (004 declined, 026 pending), any other valid beneficiary is paid (000).
 */
export function payoutOutcome(beneficiary: Beneficiary): ResponseCode {
  if (beneficiary.mode === 'UPI') {
    const vpa = beneficiary.vpa.toLowerCase()
    return payoutTestVpas.find((test) => test.vpa === vpa)?.code ?? '000'
  }
  return payoutTestAccounts.find((test) => test.account === beneficiary.account)?.code ?? '000'
}

/** A payout answer: what was asked, `TXNTYPE=PAYOUT`, then the outcome (HASH added by the route). */
export function payoutAnswer(
  request: Fields,
  outcome: { code: ResponseCode; txnId?: string; utr?: string; dateTime: string },
): Fields {
  return {
    ...echo(request, ['PAY_ID', 'PAYOUT_ID', 'AMOUNT', 'CURRENCY_CODE', 'TRANSFER_MODE']),
    TXNTYPE: 'PAYOUT',
    ...(outcome.txnId ? { TXN_ID: outcome.txnId } : {}),
    ...(outcome.utr ? { UTR: outcome.utr } : {}),
    ...codeFields(outcome.code, payoutStatus(outcome.code)),
    RESPONSE_DATE_TIME: outcome.dateTime,
  }
}
