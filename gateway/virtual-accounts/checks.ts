/**
 * The rules of virtual accounts and of a test credit into one: what each field may be, with
 * the code it is refused with, before anything is stored.
 */
import { isTransferMode, type TransferMode, withinLimits } from '#gateway/api/payout-checks.ts'
import { checkPersonName, checkReference, type Checked } from '#gateway/paylinks/checks.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { isAmount } from '#core/protocol/patterns.ts'

/** `va_` and 14 letters and digits. */
export const VA_ID = /^va_[A-Za-z0-9]{14}$/

/** The sandbox bank's branch that holds every virtual account. */
export const VIRTUAL_ACCOUNT_IFSC = 'PYST0000001'

/** Who a test credit comes from when the call names nobody. */
export const DEFAULT_PAYER_NAME = 'Test Payer'

const refuse = (code: ResponseCode) => ({ ok: false, code }) as const

export interface VirtualAccountRequest {
  payId: string
  custName: string
  referenceId: string
}

/** CUST_NAME (375; a name is required: the payer's bank shows it), REFERENCE_ID (321). */
export function checkVirtualAccountRequest(fields: Fields): Checked<VirtualAccountRequest> {
  const name = checkPersonName(fields.CUST_NAME)
  if (!name.ok || name.value === '') return refuse('375')
  const reference = checkReference(fields.REFERENCE_ID)
  if (!reference.ok) return reference
  return {
    ok: true,
    value: { payId: fields.PAY_ID!, custName: name.value, referenceId: reference.value },
  }
}

export interface CreditRequest {
  vaId: string
  amount: bigint
  mode: TransferMode
  payerName: string
}

/**
 * A test credit: VA_ID (321), AMOUNT (320), MODE (331), the mode's limits as for a payout
 * (334: RTGS from ₹2,00,000, IMPS up to ₹5,00,000, UPI up to ₹1,00,000), PAYER_NAME (375).
 */
export function checkCreditRequest(fields: Fields): Checked<CreditRequest> {
  if (!VA_ID.test(fields.VA_ID ?? '')) return refuse('321')
  if (!isAmount(fields.AMOUNT)) return refuse('320')
  if (!isTransferMode(fields.MODE)) return refuse('331')
  if (!withinLimits(fields.MODE, fields.AMOUNT)) return refuse('334')
  const payer = checkPersonName(fields.PAYER_NAME)
  if (!payer.ok) return payer
  return {
    ok: true,
    value: {
      vaId: fields.VA_ID!,
      amount: BigInt(fields.AMOUNT),
      mode: fields.MODE,
      payerName: payer.value || DEFAULT_PAYER_NAME,
    },
  }
}
