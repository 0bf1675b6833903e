import {
  checkCurrency,
  checkedNotifyUrl,
  checkReturnUrl,
  customerDetails,
  foreignCurrencyRefusalCode,
  isForeignCurrency,
  type NotifyUrlPolicy,
  type PaymentRequest,
} from '#gateway/checks.ts'
import { merchantVpa, type SandboxMerchant } from '#gateway/merchants.ts'
import { formatRupees } from '#core/currency/paise.ts'
import { type ResponseCode, responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { isAmount, isValid } from '#core/protocol/patterns.ts'
import { codeFields, echo } from './json.ts'

export const qrTypes = ['UPI', 'PG'] as const
export type QrType = (typeof qrTypes)[number]

export function isQrType(value: unknown): value is QrType {
  return qrTypes.includes(value as QrType)
}

export type QrCheck =
  { ok: true; qrType: QrType; request: PaymentRequest } | { ok: false; code: ResponseCode }

/**
 * The fields of a signed QR request, checked like a payment's: AMOUNT (320), ORDER_ID (321),
 * TXNTYPE when sent (322), CURRENCY_CODE (319), a foreign currency (345: only cards take one, and
 * a QR code is a rupee payment), QR_TYPE (336), RETURN_URL (325) and NOTIFY_URL (357) when sent.
 * The duplicate order id (018) is decided when the payment is stored.
 */
export function checkQrRequest(
  fields: Fields,
  merchant: SandboxMerchant,
  notifyPolicy: NotifyUrlPolicy = { allowPrivate: false },
): QrCheck {
  const refuse = (code: ResponseCode): QrCheck => ({ ok: false, code })
  if (!isAmount(fields.AMOUNT)) return refuse('320')
  if (!isValid('orderId', fields.ORDER_ID)) return refuse('321')
  if (fields.TXNTYPE !== undefined && fields.TXNTYPE !== 'QR') return refuse('322')
  if (!checkCurrency(fields.CURRENCY_CODE)) return refuse('319')
  if (isForeignCurrency(fields.CURRENCY_CODE)) return refuse(foreignCurrencyRefusalCode)
  const qrType = fields.QR_TYPE
  if (!isQrType(qrType)) return refuse('336')
  const returnUrl = fields.RETURN_URL ?? ''
  if (returnUrl !== '' && !checkReturnUrl(returnUrl, merchant)) return refuse('325')
  const notify = checkedNotifyUrl(fields.NOTIFY_URL, notifyPolicy, merchant)
  if (notify === undefined) return refuse('357')
  return {
    ok: true,
    qrType,
    request: {
      payId: merchant.payId,
      orderId: fields.ORDER_ID,
      amount: BigInt(fields.AMOUNT),
      currencyCode: fields.CURRENCY_CODE!,
      // The QR stands for a sale: that is what its status enquiry answers.
      txnType: 'SALE',
      returnUrl,
      notifyUrl: notify.url,
      notifyPrivate: notify.allowPrivate,
      ...customerDetails(fields),
    },
  }
}

/** `100` paise → `1.00`: the rupees of a UPI intent, always two decimals, no grouping. */
export function rupees(paise: bigint): string {
  return formatRupees(paise, { symbol: false, grouped: false })
}

/** Percent-encodes a UPI intent parameter; `@` stays readable, as UPI apps print it. */
function intentValue(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@')
}

/**
 * The NPCI deep link a UPI QR code carries:
 * `upi://pay?pa=<merchant vpa>&pn=<merchant name>&am=<rupees>&cu=INR&tr=<TXN_ID>&tn=<ORDER_ID>`.
 */
export function upiIntent(
  merchant: SandboxMerchant,
  payment: { amount: bigint; txnId: string; orderId: string },
): string {
  const parameters: Array<[string, string]> = [
    ['pa', merchantVpa(merchant)],
    ['pn', merchant.name],
    ['am', rupees(payment.amount)],
    ['cu', 'INR'],
    ['tr', payment.txnId],
    ['tn', payment.orderId],
  ]
  return `upi://pay?${parameters.map(([key, value]) => `${key}=${intentValue(value)}`).join('&')}`
}

/** The absolute addresses of one QR payment under the gateway's public base URL. */
export function qrUrls(base: string, id: string) {
  return {
    image: `${base}/qr/${id}.png`,
    scan: `${base}/qr/${id}`,
    payment: `${base}/pay/${id}`,
  }
}

/** What the image of a QR payment encodes: the UPI intent, or the hosted payment page. */
export function qrContent(
  qrType: QrType,
  merchant: SandboxMerchant,
  payment: { id: string; amount: bigint; txnId: string; orderId: string },
  base: string,
): string {
  return qrType === 'UPI' ? upiIntent(merchant, payment) : qrUrls(base, payment.id).payment
}

/** The answer to a QR request that created its payment (HASH added by the route). */
export function qrAnswer(
  qrType: QrType,
  merchant: SandboxMerchant,
  payment: { id: string; orderId: string; amount: bigint; currencyCode: string; txnId: string },
  base: string,
  dateTime: string,
): Fields {
  const urls = qrUrls(base, payment.id)
  return {
    PAY_ID: merchant.payId,
    ORDER_ID: payment.orderId,
    AMOUNT: String(payment.amount),
    CURRENCY_CODE: payment.currencyCode,
    QR_TYPE: qrType,
    TXNTYPE: 'QR',
    TXN_ID: payment.txnId,
    QR_IMAGE_URL: urls.image,
    QR_SCAN_URL: urls.scan,
    ...(qrType === 'UPI'
      ? { UPI_INTENT: upiIntent(merchant, payment) }
      : { PAYMENT_URL: urls.payment }),
    ...codeFields('006', responseCodes['006'].status),
    RESPONSE_DATE_TIME: dateTime,
  }
}

/** A refused QR request: what identifies it, then the code (HASH added when PAY_ID is known). */
export function qrRefusal(
  code: ResponseCode,
  fields: Fields | undefined,
  dateTime: string,
): Fields {
  return {
    ...echo(fields, ['PAY_ID', 'ORDER_ID', 'AMOUNT', 'CURRENCY_CODE', 'QR_TYPE']),
    TXNTYPE: 'QR',
    ...codeFields(code, responseCodes[code].status),
    RESPONSE_DATE_TIME: dateTime,
  }
}
