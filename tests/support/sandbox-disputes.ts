/**
 * Shared by the dispute tests: a payment on the hosted page with a dispute test card, and signed
 * calls to the dispute APIs. The evidence files they send are evidence-files.ts.
 */
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { documentedPath, expectDocumentedAnswer } from './validate-answer.ts'

/**
 * A signed call to a dispute API. Its answer is held to the OpenAPI document once the document
 * describes the path (gateway/openapi is written apart from the sandbox).
 */
export async function callDispute(
  url: string,
  merchant: SandboxMerchant,
  fields: Fields,
): Promise<{ status: number; json: Fields }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(withHash(fields, merchant.salt)),
  })
  const json = (await response.json()) as Fields
  if (isDocumented(url)) expectDocumentedAnswer({ url, status: response.status, body: json })
  return { status: response.status, json }
}

function isDocumented(url: string): boolean {
  try {
    documentedPath(url)
    return true
  } catch {
    return false
  }
}

/**
 * Pays an order of `amount` paise on the sandbox's hosted page with `card`, as a customer would
 * (the payment request, then the card form); answers once the payment is captured.
 */
export async function payOnHostedPage(
  base: string,
  merchant: SandboxMerchant,
  payment: {
    orderId: string
    amount: string
    card: string
    notifyUrl?: string
    /** ISO 4217 numeric; rupees (`356`) unless said. */
    currencyCode?: string
  },
): Promise<void> {
  const request = withHash(
    {
      PAY_ID: merchant.payId,
      ORDER_ID: payment.orderId,
      AMOUNT: payment.amount,
      TXNTYPE: 'SALE',
      CURRENCY_CODE: payment.currencyCode ?? '356',
      RETURN_URL: 'https://shop.paystra.example/return',
      CUST_NAME: 'Asha Rao',
      CUST_EMAIL: 'asha@example.com',
      ...(payment.notifyUrl ? { NOTIFY_URL: payment.notifyUrl } : {}),
    },
    merchant.salt,
  )
  const started = await fetch(`${base}/paymentrequest`, {
    method: 'POST',
    body: new URLSearchParams(request),
    redirect: 'manual',
  })
  const page = started.headers.get('location')
  if (started.status !== 303 || !page) throw new Error(`paymentrequest answered ${started.status}`)
  const paid = await fetch(new URL(`${page}/card`, base), {
    method: 'POST',
    body: new URLSearchParams({
      number: payment.card,
      expiry: '12/35',
      cvv: '123',
      name: 'Asha Rao',
    }),
  })
  if (!paid.ok) throw new Error(`the card form answered ${paid.status}`)
}
