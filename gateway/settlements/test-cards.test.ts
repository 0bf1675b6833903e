/**
 * Every card row of the pricing page can be tried: each test card paid on the hosted page is
 * recorded as the card it is (PAYMENT_TYPE, MOP_TYPE, issued abroad or not), and the settlement
 * run and the recon charge it by its own row: the debit-card slabs, RuPay debit at 0 %, and the
 * international cards row for a card issued abroad that paid in rupees.
 */
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { merchant, postPaymentRequest, RETURN_URL } from '#tests/support/sandbox-api.ts'
import { findByOrder, type GatewayDatabase } from '#gateway/store.ts'
import {
  call,
  type SettlementSandbox,
  settlementSandbox,
} from '#tests/support/sandbox-settlements.ts'

let db: GatewayDatabase
let sandbox: SettlementSandbox
const origin = () => sandbox.url.replace(/\/sandbox$/, '')
const api = (path: string) => `${sandbox.url}/pgws/${path}`
const list = (text: string) => JSON.parse(text) as Fields[]

beforeAll(async () => {
  db = drizzle(new PGlite())
  sandbox = await settlementSandbox({ db, merchants: [merchant] })
})
afterAll(async () => {
  await sandbox?.close()
})

function unescape(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

/** Pays a rupee order of `paise` on the hosted page with `number`; the fields posted back. */
async function payByCard(paise: number, number: string): Promise<Fields> {
  const started = await postPaymentRequest(sandbox.url, { AMOUNT: String(paise) })
  expect(started.status).toBe(303)
  const paid = await fetch(`${origin()}${started.headers.get('location')!}/card`, {
    method: 'POST',
    body: new URLSearchParams({ number, expiry: '12/35', cvv: '123', name: 'Asha Rao' }),
  })
  const html = await paid.text()
  expect(html).toContain(`action="${RETURN_URL}"`)
  const encdata = /name="ENCDATA" value="([^"]*)"/.exec(html)?.[1]
  const decrypted = decryptFields(unescape(encdata!), merchant.salt, merchant.merchantHostedKey)
  if (!decrypted.ok) throw new Error('the RETURN_URL post does not decrypt or verify')
  return decrypted.fields
}

/** What each card pays, how it is recorded, and the FEE and GST its settlement line carries. */
const cases = [
  // 0.40 % up to ₹2,000: ₹6.00, GST ₹1.08.
  { card: '4000 0566 5566 5556', paise: 1_500_00, type: 'DC', mop: 'VI', fee: 600, gst: 108 },
  // 0.90 % above ₹2,000: ₹22.50, GST ₹4.05.
  { card: '4000 0566 5566 5556', paise: 2_500_00, type: 'DC', mop: 'VI', fee: 2250, gst: 405 },
  // RuPay debit: zero MDR at any amount.
  { card: '6074 8492 0000 4917', paise: 2_500_00, type: 'DC', mop: 'RU', fee: 0, gst: 0 },
  // Issued abroad, paid in rupees: international cards at 3.00 %, ₹30.00, GST ₹5.40.
  { card: '4000 0082 6000 0000', paise: 1_000_00, type: 'CC', mop: 'VI', fee: 3000, gst: 540 },
  // The same amount on a credit card issued in India: 2.00 %, ₹20.00, GST ₹3.60.
  { card: '4111 1111 1111 1111', paise: 1_000_00, type: 'CC', mop: 'VI', fee: 2000, gst: 360 },
] as const

describe('a test card paid on the hosted page and settled', () => {
  const orders: string[] = []

  it('is recorded as the card it is', async () => {
    for (const each of cases) {
      const fields = await payByCard(each.paise, each.card)
      expect(fields, each.card).toMatchObject({
        RESPONSE_CODE: '000',
        STATUS: 'Captured',
        CURRENCY_CODE: '356',
        PAYMENT_TYPE: each.type,
        MOP_TYPE: each.mop,
      })
      const abroad = each.card === '4000 0082 6000 0000'
      // The merchant is told, under the HASH, of a card issued outside India; of no other.
      expect(fields.CARD_ISSUED_ABROAD, each.card).toBe(abroad ? 'Y' : undefined)
      const stored = await findByOrder(db, merchant.payId, fields.ORDER_ID!)
      expect(stored?.issuedAbroad, each.card).toBe(abroad)
      orders.push(fields.ORDER_ID!)
    }
  })

  it('is charged by its pricing row on the settlement line and in the recon', async () => {
    // Ten days on, every capture's settlement day has passed.
    const asOf = new Date(Date.now() + 10 * 86_400_000).toISOString()
    const ran = await call(api('settlement/run'), merchant, { PAY_ID: merchant.payId, AS_OF: asOf })
    expect(ran.json.RESPONSE_CODE).toBe('000')
    const lines: Fields[] = []
    for (const settlement of list(ran.json.SETTLEMENTS!)) {
      const { json } = await call(api('settlement'), merchant, {
        PAY_ID: merchant.payId,
        SETTLEMENT_ID: settlement.SETTLEMENT_ID!,
      })
      lines.push(...list(json.LINES!))
    }
    cases.forEach((each, index) => {
      const line = lines.find((candidate) => candidate.ORDER_ID === orders[index])
      const net = each.paise - each.fee - each.gst
      expect(line, each.card).toMatchObject({
        TYPE: 'PAYMENT',
        PAYMENT_TYPE: each.type,
        MOP_TYPE: each.mop,
        AMOUNT: String(each.paise),
        FEE: String(each.fee),
        GST: String(each.gst),
        NET: String(net),
      })
    })
    const descriptions = cases.map(
      (_, index) => lines.find((line) => line.ORDER_ID === orders[index])!.DESCRIPTION,
    )
    expect(descriptions).toEqual([
      'Debit card (0.40%)',
      'Debit card (0.90%)',
      'UPI and RuPay Debit (0.00%)',
      'International cards (3.00%)',
      'Credit card (2.00%)',
    ])

    for (const [index, each] of cases.entries()) {
      const { json } = await call(api('recon'), merchant, {
        PAY_ID: merchant.payId,
        ORDER_ID: orders[index]!,
      })
      expect(list(json.RECON!)[0], each.card).toMatchObject({
        TYPE: 'PAYMENT',
        FEE: String(each.fee),
        GST: String(each.gst),
        STATE: 'SETTLED',
      })
    }
  })
})
