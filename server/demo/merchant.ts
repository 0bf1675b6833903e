import { randomInt } from 'node:crypto'
/**
 * The demo merchant's side of the gateway protocol: it builds and signs the requests of the three
 * live demos and reads the gateway's responses. Everything secret stays in this process: the
 * browser only receives the signed or encrypted fields and the address to post them to.
 */
import {
  demoPayment,
  isTileOf,
  merchantHostedMessages,
  type PaymentType,
} from '#app/content/demo.ts'
import { upiIdError } from '#core/forms/upi.ts'
import { decryptFields, encryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'

export interface DemoMerchantSettings {
  payId: string
  /** Signs requests and checks response hashes. */
  salt: string
  /** The 32-character AES key of the merchant-hosted flow's ENCDATA. */
  merchantHostedKey: string
  /** Verifies the gateway's webhooks (X-Paystra-Signature). */
  webhookSecret: string
  /** The gateway's base: an absolute URL (PG_BASE_URL) or the built-in sandbox's `/sandbox`. */
  gatewayBase: string
}

/** Where the browser posts each demo's form, and where the checkout script lives. */
export function gatewayUrls(gatewayBase: string) {
  const base = gatewayBase.replace(/\/+$/, '')
  return {
    paymentRequest: `${base}/paymentrequest`,
    merchantPaymentInit: `${base}/merchantPaymentInit`,
    checkoutScript: `${base}/checkout.js`,
  }
}

/**
 * ORDER_ID is "LP" and 18 random digits (docs/product.md#entities-and-fields): unguessable, so
 * no one finds another visitor's demo by counting (issue 22, finding 10), and about 2^59 of them,
 * so two never meet in practice (the gateway would refuse the second with 018).
 */
export function newOrderId(): string {
  let digits = String(randomInt(1, 10))
  for (let index = 1; index < ORDER_ID_DIGITS; index++) digits += String(randomInt(0, 10))
  return `LP${digits}`
}

export const ORDER_ID_DIGITS = 18

/**
 * Where the gateway answers: the customer's browser comes back to RETURN_URL, and the gateway's
 * signed webhook goes to NOTIFY_URL (both on the site, router.ts).
 */
export interface MerchantEndpoints {
  returnUrl: string
  /** Empty: no NOTIFY_URL is sent (the gateway would refuse it), and no webhook comes. */
  notifyUrl: string
}

/** What an order asks: AMOUNT in minor units of CURRENCY_CODE (ISO 4217 numeric). */
export interface OrderMoney {
  amount: string
  currencyCode: string
}

/** The demo's ₹1.00. */
export const demoMoney: OrderMoney = {
  amount: String(demoPayment.amountMinor),
  currencyCode: demoPayment.currencyCode,
}

/** The fields every demo request starts from (docs/product.md#entities-and-fields, #business-constants-and-limits), before any flow adds its own. */
function baseRequest(
  settings: DemoMerchantSettings,
  orderId: string,
  endpoints: MerchantEndpoints,
  money: OrderMoney = demoMoney,
): Fields {
  return {
    PAY_ID: settings.payId,
    ORDER_ID: orderId,
    AMOUNT: money.amount,
    TXNTYPE: demoPayment.txnType,
    CUST_NAME: demoPayment.customer.name,
    CUST_EMAIL: demoPayment.customer.email,
    CUST_ID: demoPayment.customer.id,
    CURRENCY_CODE: money.currencyCode,
    RETURN_URL: endpoints.returnUrl,
    ...(endpoints.notifyUrl ? { NOTIFY_URL: endpoints.notifyUrl } : {}),
  }
}

/** The hidden form of the PG Hosted and Checkout Js demos: the request fields and their HASH. */
export function signedPaymentRequest(
  settings: DemoMerchantSettings,
  orderId: string,
  endpoints: MerchantEndpoints,
  money: OrderMoney = demoMoney,
): Fields {
  return withHash(
    {
      ...baseRequest(settings, orderId, endpoints, money),
      CUST_MOBILE: demoPayment.customer.mobile,
    },
    settings.salt,
  )
}

/** What the visitor chose on the merchant-hosted checkout. */
export interface MerchantHostedMethod {
  paymentType: PaymentType
  /** A bank's or wallet's code; `UP` for UPI. */
  mopType: string
  /** The UPI ID, only for UPI. */
  payerAddress?: string
}

export type MethodCheck =
  { ok: true; method: MerchantHostedMethod } | { ok: false; message: string }

/**
 * Checks a method sent by the browser against the tiles and the UPI rule the page offers; a
 * refusal says what the page itself says (merchantHostedMessages, upiIdError).
 */
export function checkMethod(input: unknown): MethodCheck {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const { paymentType, mopType, payerAddress } = body
  if (paymentType === 'NB' || paymentType === 'WL') {
    if (isTileOf(paymentType, mopType)) return { ok: true, method: { paymentType, mopType } }
    const message =
      paymentType === 'NB' ? merchantHostedMessages.noBank : merchantHostedMessages.noWallet
    return { ok: false, message }
  }
  if (paymentType === 'UP') {
    const address = typeof payerAddress === 'string' ? payerAddress.trim() : ''
    const error = upiIdError(address)
    return error
      ? { ok: false, message: error }
      : { ok: true, method: { paymentType, mopType: 'UP', payerAddress: address } }
  }
  return { ok: false, message: 'Choose Net Banking, Wallet or UPI' }
}

/**
 * The merchant-hosted form: the request (without CUST_MOBILE, with PAYMENT_TYPE, MOP_TYPE and
 * the UPI ID when there is one; NOTIFY_URL inside, like RETURN_URL) and its HASH, encrypted into
 * ENCDATA. The customer's name,
 * e-mail and mobile travel beside it in the clear, as the provider's form has them.
 */
export function encryptedMerchantHostedForm(
  settings: DemoMerchantSettings,
  orderId: string,
  endpoints: MerchantEndpoints,
  method: MerchantHostedMethod,
): Fields {
  const request: Fields = {
    ...baseRequest(settings, orderId, endpoints),
    PAYMENT_TYPE: method.paymentType,
    MOP_TYPE: method.mopType,
    ...(method.payerAddress ? { PAYER_ADDRESS: method.payerAddress } : {}),
  }
  return {
    PAY_ID: settings.payId,
    CUST_NAME: demoPayment.customer.name,
    CUST_EMAIL: demoPayment.customer.email,
    CUST_MOBILE: demoPayment.customer.mobile,
    ENCDATA: encryptFields(request, settings.salt, settings.merchantHostedKey),
  }
}

export type ResponseRefusal = 'missing' | 'merchant' | 'undecryptable' | 'malformed' | 'hash'

export type ResponseReading = { ok: true; fields: Fields } | { ok: false; reason: ResponseRefusal }

/**
 * Reads the gateway's `PAY_ID` + `ENCDATA`: it must be for this merchant, decrypt with its key
 * and carry a HASH made with its salt. Anything else is refused, never shown as a payment.
 */
export function readGatewayResponse(
  settings: DemoMerchantSettings,
  posted: Partial<Record<string, unknown>>,
): ResponseReading {
  const { PAY_ID, ENCDATA } = posted
  if (typeof PAY_ID !== 'string' || typeof ENCDATA !== 'string' || ENCDATA === '') {
    return { ok: false, reason: 'missing' }
  }
  if (PAY_ID !== settings.payId) return { ok: false, reason: 'merchant' }
  const result = decryptFields(ENCDATA, settings.salt, settings.merchantHostedKey)
  if (!result.ok) return result
  if (result.fields.PAY_ID !== settings.payId) return { ok: false, reason: 'merchant' }
  return result
}
