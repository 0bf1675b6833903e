/** Shared by the JSON APIs' integration tests: a sandbox over HTTP and signed JSON calls. */
import { afterAll, beforeAll, expect } from 'vitest'
import { demoMerchant, type SandboxMerchant } from '#gateway/merchants.ts'
import { encryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { documentedJson } from './validate-answer.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'

export const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
export const RETURN_URL = 'https://shop.paystra.example/demo/response'

/** Starts a sandbox (in-memory PGlite, random port) for the calling test file. */
export function sandboxForThisFile(): { current: SandboxServer } {
  const holder = {} as { current: SandboxServer }
  beforeAll(async () => {
    // Each file pays many orders a minute from one address: the page limit has its own tests.
    holder.current = await startSandboxServer({ merchants: [merchant], limits: { pages: 0 } })
  })
  afterAll(async () => {
    await holder.current?.close()
  })
  return holder
}

let sequence = 0
export const uniqueId = (prefix: string) =>
  `${prefix}${Date.now()}${String(sequence++).padStart(3, '0')}`

export const signed = (fields: Fields) => withHash(fields, merchant.salt)

/**
 * POSTs JSON (signed unless `raw`, with the demo merchant's salt or `salt`), answers the status
 * and the parsed fields, after checking the answer against the OpenAPI document.
 */
export async function postJson(
  url: string,
  body: Fields | string,
  options: { raw?: boolean; salt?: string } = {},
) {
  const sign = (fields: Fields) => withHash(fields, options.salt ?? merchant.salt)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(options.raw ? body : sign(body)),
  })
  const json = await documentedJson<Fields>(url, response)
  return { status: response.status, json }
}

/** Expects the answer to carry a HASH of its other fields, with the merchant's salt. */
export function expectSigned(json: Fields) {
  expect(verifyHash(json, merchant.salt), 'the answer is signed').toBe(true)
}

/**
 * A payment ended at once through the merchant-hosted UPI entry: `success@upi` captures it,
 * `failure@upi` declines it (004), `pending@upi` leaves it pending (026).
 */
export async function payByUpi(
  base: string,
  amount: string,
  vpa = 'success@upi',
  extra: Fields = {},
  payee: SandboxMerchant = merchant,
): Promise<string> {
  const orderId = uniqueId('LP')
  const fields = {
    ...extra,
    PAY_ID: payee.payId,
    ORDER_ID: orderId,
    AMOUNT: amount,
    TXNTYPE: 'SALE',
    CURRENCY_CODE: '356',
    RETURN_URL,
    PAYMENT_TYPE: 'UP',
    MOP_TYPE: 'UP',
    PAYER_ADDRESS: vpa,
  }
  const response = await fetch(`${base}/merchantPaymentInit`, {
    method: 'POST',
    body: new URLSearchParams({
      PAY_ID: payee.payId,
      ENCDATA: encryptFields(fields, payee.salt, payee.merchantHostedKey),
    }),
  })
  expect(response.status).toBe(200)
  return orderId
}

/**
 * Posts a signed hosted payment request (`POST /paymentrequest`) of ₹1.00 under a new order id,
 * `fields` added or replacing; the sandbox's redirect to its payment page is not followed.
 */
export function postPaymentRequest(base: string, fields: Fields = {}): Promise<Response> {
  return fetch(`${base}/paymentrequest`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(
      signed({
        PAY_ID: merchant.payId,
        ORDER_ID: uniqueId('LP'),
        AMOUNT: '100',
        TXNTYPE: 'SALE',
        CURRENCY_CODE: '356',
        RETURN_URL,
        ...fields,
      }),
    ),
  })
}

/** A payout request's fields to a bank account by NEFT, under a new PAYOUT_ID; `overrides` win. */
export const bankPayout = (overrides: Record<string, string> = {}) => ({
  PAY_ID: merchant.payId,
  PAYOUT_ID: uniqueId('PO'),
  AMOUNT: '150000',
  CURRENCY_CODE: '356',
  TRANSFER_MODE: 'NEFT',
  BENEFICIARY_NAME: 'Asha Rao',
  BENEFICIARY_ACCOUNT: '50100012345678',
  BENEFICIARY_IFSC: 'HDFC0001234',
  REMARKS: 'Vendor payment November',
  ...overrides,
})

export async function statusOf(base: string, orderId: string) {
  return postJson(`${base}/pgws/transact`, {
    PAY_ID: merchant.payId,
    ORDER_ID: orderId,
    TXNTYPE: 'STATUS',
  })
}
