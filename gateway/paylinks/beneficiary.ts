/**
 * Beneficiary validation of a validated payment link: before paying, the payer names the bank
 * account the money comes from, and the sandbox's bank answers whether it exists and whose it
 * is (a penny-drop check, as the rails' account validation answers it). A link made for a named
 * customer is paid only from an account in that name.
 */
import { isValid } from '#core/protocol/patterns.ts'

/** Sandbox accounts whose validation does not pass; any other valid account is the customer's. */
export const validationTestAccounts = [
  { account: '000000000004', outcome: 'not-found' },
  { account: '000000000013', outcome: 'other-holder', holder: 'R K Sharma' },
] as const

export type Validation =
  | { ok: true; holder: string; maskedAccount: string }
  | { ok: false; reason: 'malformed' | 'not-found' | 'name-mismatch' }

/** The account number with all but its last four digits hidden, as a statement prints it. */
export function maskedAccountNumber(account: string): string {
  return `${'X'.repeat(account.length - 4)}${account.slice(-4)}`
}

/** Two names are one person's when they match letter for letter, ignoring case, dots and spaces. */
function sameName(a: string, b: string): boolean {
  const plain = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{M}]/gu, '')
  return plain(a) === plain(b)
}

/**
 * Validates the payer's account for a link made for `customer` (its CUST_NAME; empty, any
 * holder passes): malformed number or IFSC, an account the bank does not know, a holder of
 * another name, or the holder's name and the masked number.
 */
export function validateBeneficiary(account: string, ifsc: string, customer: string): Validation {
  if (!isValid('accountNumber', account) || !isValid('ifsc', ifsc)) {
    return { ok: false, reason: 'malformed' }
  }
  const test = validationTestAccounts.find((each) => each.account === account)
  if (test?.outcome === 'not-found') return { ok: false, reason: 'not-found' }
  const holder = test?.outcome === 'other-holder' ? test.holder : customer || 'Test Payer'
  if (customer && !sameName(holder, customer)) return { ok: false, reason: 'name-mismatch' }
  return { ok: true, holder, maskedAccount: maskedAccountNumber(account) }
}
