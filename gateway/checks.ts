import { banks, testUpiIds, wallets } from './methods.ts'
import { originAllowed, type SandboxMerchant } from './merchants.ts'
import { decryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import { currencyByNumber, isForeign, rupee } from '#core/currency/currencies.ts'
import { isReservedKey } from '#core/protocol/json-keys.ts'
import { isAmount, isValid } from '#core/protocol/patterns.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'
import { merchantUrl } from './urls.ts'
import type { GatewayDatabase } from './store.ts'
import {
  checkNotifyUrl,
  type NotifyPolicyFor,
  type NotifyTarget,
  type NotifyUrlPolicy,
} from './webhooks/addresses.ts'

export type { NotifyPolicyFor, NotifyTarget, NotifyUrlPolicy }

/** A request that passed every check: what the sandbox stores as a pending transaction. */
export interface PaymentRequest {
  payId: string
  orderId: string
  /** Minor units of its currency (paise for rupees, cents for dollars). */
  amount: bigint
  currencyCode: string
  txnType: string
  returnUrl: string
  custName: string
  custEmail: string
  /** CUST_PHONE as the provider's kits send it, or CUST_MOBILE as the site's demos do. */
  custMobile: string
  custId: string
  productDesc: string
  /** Where this payment's webhooks go; empty: the merchant's default, if it has one. */
  notifyUrl: string
  /** notifyUrl may lead to a private address: the request came where the policy allows it. */
  notifyPrivate: boolean
}

export interface Refusal {
  ok: false
  code: ResponseCode
  /** Known once PAY_ID is: the page may then be framed by the merchant's origins. */
  merchant?: SandboxMerchant
  /** The checked RETURN_URL, when it passed (checkout pages tell that origin they are visible). */
  returnUrl?: string
}

export type CheckResult = { ok: true; merchant: SandboxMerchant; request: PaymentRequest } | Refusal

/**
 * The merchant a PAY_ID names: one the sandbox was configured with, or a sandbox account
 * (gateway/accounts/directory.ts). Anything but 16 digits is nobody, without a lookup.
 */
export type FindMerchant = (
  payId: string,
  /** Inside a transaction, its own connection: PGlite has one, and would wait for itself. */
  db?: GatewayDatabase,
) => Promise<SandboxMerchant | undefined>

const MAX_CUSTOMER_FIELD_LENGTH = 200

/**
 * Every code a payment request can be refused with before any payment page: the checks below,
 * a malformed request (326) and an order id already used (018).
 */
export const paymentRefusalCodes = [
  '018',
  '319',
  '320',
  '321',
  '322',
  '323',
  '324',
  '325',
  '326',
  '357',
] as const satisfies readonly ResponseCode[]

/** A merchant-hosted request naming a method the gateway does not offer. */
export const merchantHostedRefusalCode = '327' satisfies ResponseCode

/** A foreign-currency payment by anything but a card (merchant-hosted NB, WL, UP; a QR code). */
export const foreignCurrencyRefusalCode = '345' satisfies ResponseCode

export function checkAmount(value: string | undefined): boolean {
  return isAmount(value)
}

/** 1–50 of letters, digits and `: / @ _ -` (docs/product.md#pattern-library "order id"). */
export function checkOrderId(value: string | undefined): boolean {
  return isValid('orderId', value)
}

export function checkTxnType(value: string | undefined): boolean {
  return value === 'SALE'
}

/** A CURRENCY_CODE the gateway takes: the rupee (356) or one of its foreign currencies. */
export function checkCurrency(value: string | undefined): boolean {
  return value !== undefined && currencyByNumber(value) !== undefined
}

/** Payouts leave the merchant's rupee balance: 356 only. */
export function checkRupeeCurrency(value: string | undefined): boolean {
  return value !== undefined && currencyByNumber(value) === rupee
}

/**
 * A payment in a foreign currency (docs/product.md: international cards): only cards take
 * one. False for the rupee and for a code the gateway does not know (refused with 319 before).
 */
export function isForeignCurrency(value: string | undefined): boolean {
  const currency = value === undefined ? undefined : currencyByNumber(value)
  return currency !== undefined && isForeign(currency)
}

/** An absolute http(s) URL without credentials on one of the merchant's allowed origins. */
export function checkReturnUrl(value: string | undefined, merchant: SandboxMerchant): boolean {
  const url = merchantUrl(value)
  return url !== undefined && originAllowed(url.origin, merchant.returnOrigins)
}

/**
 * Turns a parsed urlencoded body into protocol fields. A field posted twice (or a nested
 * value) makes the request ambiguous, so it is refused rather than guessed at; so does a key
 * like `__proto__` that an object cannot hold as a field (core/protocol/json-keys.ts).
 */
export function formFields(body: unknown): Fields | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const fields: Fields = {}
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string' || isReservedKey(key)) return undefined
    fields[key] = value
  }
  return fields
}

/**
 * The fields of a request to the protocol's entries: form fields as `formFields` reads them,
 * and none the `KEY=VALUE~` text could not carry. A value holding `~` (or a key holding `=`)
 * would hash like other fields split at that point, so `{A: "x~B=1"}` and `{A: "x", B: "1"}`
 * would share one HASH; such a request is refused as malformed.
 */
export function protocolFields(body: unknown): Fields | undefined {
  const fields = formFields(body)
  if (!fields) return undefined
  for (const [key, value] of Object.entries(fields)) {
    if (key === '' || /[=~]/.test(key) || value.includes('~')) return undefined
  }
  return fields
}

/** A customer detail as stored: trimmed, capped, without the NULs a database cannot hold. */
export function customerDetail(value: string | undefined): string {
  return (value ?? '').replaceAll('\u0000', '').trim().slice(0, MAX_CUSTOMER_FIELD_LENGTH)
}

/**
 * NOTIFY_URL when one was sent: an address webhooks may go to (see webhooks/addresses.ts) with
 * whether its deliveries may reach private addresses, or undefined when it is not (refused with
 * 357; a bad RETURN_URL is 325). Unsent, its url is empty.
 */
export function checkedNotifyUrl(
  value: string | undefined,
  policy: NotifyUrlPolicy,
  merchant: Pick<SandboxMerchant, 'privateNotifyViaListener'>,
): NotifyTarget | undefined {
  if (value === undefined || value === '') return { url: '', allowPrivate: false }
  if (checkNotifyUrl(value, policy)) return { url: value, allowPrivate: policy.allowPrivate }
  // Refused only for its private address: an account's listener carries it (webhooks/events.ts).
  if (merchant.privateNotifyViaListener && merchantUrl(value)) {
    return { url: value, allowPrivate: false }
  }
  return undefined
}

/** The customer's details as stored, from the signed fields or (merchant-hosted) beside them. */
export function customerDetails(signed: Fields, beside: Fields = {}) {
  const field = (key: string) => customerDetail(signed[key] ?? beside[key])
  return {
    custName: field('CUST_NAME'),
    custEmail: field('CUST_EMAIL'),
    custMobile: field('CUST_PHONE') || field('CUST_MOBILE'),
    custId: field('CUST_ID'),
    productDesc: field('PRODUCT_DESC'),
  }
}

const strictNotifyUrls: NotifyUrlPolicy = { allowPrivate: false }

/**
 * Checks of a hosted or checkout payment request, in the order of docs/architecture.md: PAY_ID (324),
 * HASH over exactly the posted fields (323), AMOUNT (320), ORDER_ID (321), TXNTYPE (322),
 * CURRENCY_CODE (319), RETURN_URL (325) and NOTIFY_URL (357). The duplicate order id (018) needs the
 * database and is decided when the transaction is stored.
 */
export function checkPaymentRequest(
  fields: Fields,
  known: SandboxMerchant | undefined,
  notifyPolicy: NotifyUrlPolicy = strictNotifyUrls,
): CheckResult {
  const merchant = known && known.payId === fields.PAY_ID ? known : undefined
  if (!merchant) return { ok: false, code: '324' }
  if (!verifyHash(fields, merchant.salt)) return { ok: false, code: '323', merchant }
  return checkSignedFields(fields, merchant, fields, notifyPolicy)
}

/** The field checks after the signature, shared by the hosted and merchant-hosted entries. */
function checkSignedFields(
  fields: Fields,
  merchant: SandboxMerchant,
  customer: Fields,
  notifyPolicy: NotifyUrlPolicy,
): CheckResult {
  const refuse = (code: ResponseCode): Refusal => ({ ok: false, code, merchant })
  if (!checkAmount(fields.AMOUNT)) return refuse('320')
  if (!checkOrderId(fields.ORDER_ID)) return refuse('321')
  if (!checkTxnType(fields.TXNTYPE)) return refuse('322')
  if (!checkCurrency(fields.CURRENCY_CODE)) return refuse('319')
  if (!checkReturnUrl(fields.RETURN_URL, merchant)) return refuse('325')
  const notify = checkedNotifyUrl(fields.NOTIFY_URL, notifyPolicy, merchant)
  if (notify === undefined) return refuse('357')
  return {
    ok: true,
    merchant,
    request: {
      payId: merchant.payId,
      orderId: fields.ORDER_ID!,
      amount: BigInt(fields.AMOUNT!),
      currencyCode: fields.CURRENCY_CODE!,
      txnType: fields.TXNTYPE!,
      returnUrl: fields.RETURN_URL!,
      notifyUrl: notify.url,
      notifyPrivate: notify.allowPrivate,
      ...customerDetails(fields, customer),
    },
  }
}

/** The method a merchant-hosted request names: a bank, a wallet or a test UPI ID. */
export type ChosenMethod =
  | { paymentType: 'NB' | 'WL'; mopType: string }
  | { paymentType: 'UP'; mopType: 'UP'; payerAddress: string; code: ResponseCode; late: boolean }

export type MerchantHostedResult =
  { ok: true; merchant: SandboxMerchant; request: PaymentRequest; method: ChosenMethod } | Refusal

/** The methods a merchant-hosted request may name; none of them takes a foreign currency. */
const merchantHostedTypes = ['NB', 'WL', 'UP']

/**
 * `POST /merchantPaymentInit`: PAY_ID in clear (324), ENCDATA that decrypts with the merchant's
 * key and carries a valid HASH (323), the same PAY_ID inside (324), the field checks, a foreign
 * currency with NB, WL or UP (345), then the payment method (327): a known bank for NB, a known
 * wallet for WL, a test UPI ID for UP.
 */
export function checkMerchantHostedInit(
  form: Fields,
  known: SandboxMerchant | undefined,
  notifyPolicy: NotifyUrlPolicy = strictNotifyUrls,
): MerchantHostedResult {
  const merchant = known && known.payId === form.PAY_ID ? known : undefined
  if (!merchant) return { ok: false, code: '324' }
  if (!form.ENCDATA) return { ok: false, code: '323', merchant }
  const decrypted = decryptFields(form.ENCDATA, merchant.salt, merchant.merchantHostedKey)
  if (!decrypted.ok) return { ok: false, code: '323', merchant }
  const fields = decrypted.fields
  if (fields.PAY_ID !== merchant.payId) return { ok: false, code: '324', merchant }
  const checked = checkSignedFields(fields, merchant, form, notifyPolicy)
  if (!checked.ok) return checked
  const returnUrl = checked.request.returnUrl
  if (
    isForeignCurrency(fields.CURRENCY_CODE) &&
    merchantHostedTypes.includes(fields.PAYMENT_TYPE ?? '')
  ) {
    return { ok: false, code: foreignCurrencyRefusalCode, merchant, returnUrl }
  }
  const method = chosenMethod(fields)
  if (!method) return { ok: false, code: merchantHostedRefusalCode, merchant, returnUrl }
  return { ...checked, method }
}

export function chosenMethod(fields: Fields): ChosenMethod | undefined {
  const mopType = fields.MOP_TYPE ?? ''
  switch (fields.PAYMENT_TYPE) {
    case 'NB':
      return banks.some((bank) => bank.code === mopType)
        ? { paymentType: 'NB', mopType }
        : undefined
    case 'WL':
      return wallets.some((wallet) => wallet.code === mopType)
        ? { paymentType: 'WL', mopType }
        : undefined
    case 'UP': {
      if (mopType !== '' && mopType !== 'UP') return undefined
      const outcome = testUpiOutcome(fields.PAYER_ADDRESS ?? '')
      return outcome
        ? {
            paymentType: 'UP',
            mopType: 'UP',
            payerAddress: outcome.vpa,
            code: outcome.code,
            late: 'settlesAs' in outcome,
          }
        : undefined
    }
    default:
      return undefined
  }
}

/** The test UPI ID typed (any case, spaces around it ignored) and how its payment ends. */
export function testUpiOutcome(value: string) {
  const vpa = value.trim().toLowerCase()
  return testUpiIds.find((test) => test.vpa === vpa)
}
