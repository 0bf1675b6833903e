/**
 * Shared by the settlement tests: payments captured and refunds processed at chosen times (the
 * settlement rules turn on dates, so the tests write the rows the payment pages would have
 * written, with the capture time they need), and signed calls to the settlement APIs.
 */
import { randomUUID } from 'node:crypto'
import express from 'express'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { newPgRefNum, newTxnId } from '#gateway/ids.ts'
import { createGateway, type Gateway, type GatewayOptions } from '#gateway/index.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { postJson } from './sandbox-api.ts'
import type { GatewayDatabase } from '#gateway/store.ts'

export interface Capture {
  orderId: string
  amount: number
  at: Date
  paymentType?: string
  mopType?: string
  responseCode?: string
  /** ISO 4217 numeric; `amount` is then in its minor units. Default: rupees, `356`. */
  currencyCode?: string
  /** Paise and rate of a foreign payment, as the payment pages store them (default: `amount`). */
  inrAmount?: number
  fxRate?: string
  /** The reason a dispute test card's payment is disputed with (gateway/methods.ts). */
  disputeReason?: string
  notifyUrl?: string
}

/** A payment as the payment pages leave it once captured (000) or ended otherwise. */
export async function capture(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  payment: Capture,
): Promise<string> {
  const id = randomUUID()
  const code = payment.responseCode ?? '000'
  await db.execute(sql`INSERT INTO sandbox_transactions (id, txn_id, pg_ref_num, pay_id,
      order_id, amount, currency_code, txn_type, return_url, mode, payment_type, mop_type, status,
      response_code, created_at, completed_at, inr_amount, fx_rate, dispute_reason, notify_url,
      notify_private)
    VALUES (${id}, ${newTxnId()}, ${newPgRefNum()}, ${merchant.payId}, ${payment.orderId},
      ${payment.amount}, ${payment.currencyCode ?? '356'}, 'SALE',
      'https://shop.paystra.example/return', 'hosted',
      ${payment.paymentType ?? 'CC'}, ${payment.mopType ?? 'VI'},
      ${code === '000' ? 'Captured' : 'Failed'}, ${code}, ${payment.at.toISOString()}::timestamptz,
      ${payment.at.toISOString()}::timestamptz,
      ${payment.inrAmount ?? payment.amount}, ${payment.fxRate ?? ''},
      ${payment.disputeReason ?? ''}, ${payment.notifyUrl ?? ''}, ${payment.notifyUrl !== undefined})`)
  return id
}

/**
 * A refund of a captured payment, processed at `at`; of a foreign payment, `amount` in its
 * currency's minor units and `foreign` its currency and paise.
 */
export async function refund(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  paymentId: string,
  orderId: string,
  amount: number,
  at: Date,
  foreign?: { currencyCode: string; inrAmount: number },
): Promise<string> {
  const id = randomUUID()
  await db.execute(sql`INSERT INTO sandbox_refunds (id, txn_id, pay_id, refund_order_id,
      payment_id, order_id, amount, currency_code, created_at, inr_amount)
    VALUES (${id}, ${newTxnId()}, ${merchant.payId}, ${`RF-${id.slice(0, 8)}`}, ${paymentId},
      ${orderId}, ${amount}, ${foreign?.currencyCode ?? '356'},
      ${at.toISOString()}::timestamptz, ${foreign?.inrAmount ?? amount})`)
  return id
}

export interface SettlementSandbox {
  gateway: Gateway
  url: string
  close(): Promise<void>
}

/** A sandbox on `db` over HTTP, its own settlement runs left to the test. */
export async function settlementSandbox(
  options: Omit<GatewayOptions, 'settlements'> & { settlements?: GatewayOptions['settlements'] },
): Promise<SettlementSandbox> {
  const gateway = await createGateway({
    ...options,
    settlements: { intervalMs: 24 * 60 * 60_000, ...options.settlements },
    // The tests pay many orders a minute from one address: the page limit has its own tests.
    limits: { pages: 0, ...options.limits },
  })
  const server = express().use('/sandbox', gateway.router).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    gateway,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`,
    async close() {
      await new Promise((resolve) => server.close(resolve))
      await gateway.close()
    },
  }
}

/** A signed call to a settlement API, its answer checked against the OpenAPI document. */
export function call(
  url: string,
  merchant: SandboxMerchant,
  fields: Fields,
  options: { raw?: boolean } = {},
): Promise<{ status: number; json: Fields }> {
  return postJson(url, fields, { ...options, salt: merchant.salt })
}

/** A settlement asked for as CSV (`FORMAT=CSV` among `fields`): the raw answer. */
export function csvOf(url: string, merchant: SandboxMerchant, fields: Fields): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(withHash({ ...fields, FORMAT: 'CSV' }, merchant.salt)),
  })
}

/** An IST wall-clock time as an instant: `ist('2026-11-27 10:00')`. */
export function ist(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}:00+05:30`)
}

/** The rows of an RFC 4180 text (quoted cells, doubled quotes, CRLF between rows), as cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"'
        at++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[at + 1] === '\n') {
      rows.push([...row, cell])
      row = []
      cell = ''
      at++
    } else cell += char
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}
