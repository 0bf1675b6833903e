/**
 * Issue 31, findings 3, 6 and 7, on the site's database (PGlite, and PostgreSQL in CI's data
 * stage): the books a finance team reads, as the SQL of the settlement store writes them there.
 * A payment in a settlement carried forward twice is CARRIED_FORWARD until a processed settlement
 * pays it out, then SETTLED under that one's UTR; a dispute's hold is a DISPUTE_HOLD line with its
 * DISPUTE_ID; the CSV ends with its TOTAL row; and the month's tax invoice adds up to the fees
 * and GST of the month's settlements.
 */
import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import {
  call,
  capture,
  csvOf,
  ist,
  refund,
  type SettlementSandbox,
  settlementSandbox,
} from '#tests/support/sandbox-settlements.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { type DataStore, openDatabase } from './db/database.ts'

// A merchant of this file's own: the database may hold other tests' settlements.
const merchant = {
  ...demoMerchant({ siteUrl: 'https://shop.paystra.example' }),
  payId: String(3_200_000_000_000_000 + randomInt(0, 999_999_999_999)),
}
const list = (text: string) => JSON.parse(text) as Fields[]

let store: DataStore
let sandbox: SettlementSandbox
const api = (path: string) => `${sandbox.url}/pgws/${path}`
const upi = { paymentType: 'UP', mopType: 'UP' }

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  sandbox = await settlementSandbox({ db: store.db, merchants: [merchant] })
})

afterAll(async () => {
  await sandbox?.close()
  await store?.close()
})

async function settle(asOf: string): Promise<Fields> {
  const { json } = await call(api('settlement/run'), merchant, {
    PAY_ID: merchant.payId,
    AS_OF: asOf,
  })
  expect(json.RESPONSE_CODE).toBe('000')
  return list(json.SETTLEMENTS!).at(-1)!
}

const reconOf = async (orderId: string) =>
  list(
    (await call(api('recon'), merchant, { PAY_ID: merchant.payId, ORDER_ID: orderId })).json.RECON!,
  )

describe('the books of one merchant in June 2027', () => {
  it('a carried-forward payment is matched only once a processed settlement pays it out', async () => {
    const db = store.db
    const first = await capture(db, merchant, {
      orderId: 'BOOKS-0',
      amount: 90_000,
      at: ist('2027-06-04 09:00'),
      ...upi,
    })
    await settle('2027-06-07T11:00:00+05:30')
    // Monday 7 June: a payment, and a refund of the larger earlier one: carried forward.
    await capture(db, merchant, {
      orderId: 'BOOKS-1',
      amount: 20_000,
      at: ist('2027-06-07 10:00'),
      ...upi,
    })
    await refund(db, merchant, first, 'BOOKS-0', 90_000, ist('2027-06-07 11:00'))
    const carried = await settle('2027-06-08T11:00:00+05:30')
    expect(carried).toMatchObject({ STATUS: 'CARRIED_FORWARD', NET_AMOUNT: '-70000', UTR: '' })
    expect((await reconOf('BOOKS-1'))[0]).toMatchObject({
      STATE: 'CARRIED_FORWARD',
      SETTLEMENT_ID: carried.SETTLEMENT_ID,
      PAID_BY_SETTLEMENT_ID: '',
      UTR: '',
    })
    // Tuesday: too little, carried again; Wednesday: paid out through the chain.
    await capture(db, merchant, {
      orderId: 'BOOKS-2',
      amount: 30_000,
      at: ist('2027-06-08 10:00'),
      ...upi,
    })
    expect(await settle('2027-06-09T11:00:00+05:30')).toMatchObject({ STATUS: 'CARRIED_FORWARD' })
    await capture(db, merchant, {
      orderId: 'BOOKS-3',
      amount: 100_000,
      at: ist('2027-06-09 10:00'),
      ...upi,
    })
    const paid = await settle('2027-06-10T11:00:00+05:30')
    expect(paid).toMatchObject({ STATUS: 'PROCESSED', NET_AMOUNT: '60000' })
    expect((await reconOf('BOOKS-1'))[0]).toMatchObject({
      STATE: 'SETTLED',
      SETTLEMENT_ID: carried.SETTLEMENT_ID,
      PAID_BY_SETTLEMENT_ID: paid.SETTLEMENT_ID,
      UTR: paid.UTR,
    })
    const { json } = await call(api('settlement'), merchant, {
      PAY_ID: merchant.payId,
      SETTLEMENT_ID: paid.SETTLEMENT_ID!,
    })
    expect(list(json.LINES!)[0]).toMatchObject({
      TYPE: 'CARRY_FORWARD',
      SOURCE_SETTLEMENT_ID: expect.stringMatching(/^setl_/),
    })
    const rows = (
      await (
        await csvOf(api('settlement'), merchant, {
          PAY_ID: merchant.payId,
          SETTLEMENT_ID: paid.SETTLEMENT_ID!,
        })
      ).text()
    )
      .split('\r\n')
      .filter(Boolean)
    expect(rows[0]).toMatch(/^SETTLEMENT_ID,UTR,SETTLEMENT_DATE,TYPE,/)
    expect(rows.at(-1)).toMatch(new RegExp(`^TOTAL,${paid.UTR},2027-06-10,`))
  })

  it('a dispute hold is a typed line with its dispute, and HELD money is never in SETTLED recon', async () => {
    await capture(store.db, merchant, {
      orderId: 'BOOKS-HOLD',
      amount: 50_000,
      at: ist('2027-06-21 10:00'),
      disputeReason: '10.4',
    })
    // Monday's capture settles on Tuesday; Wednesday's run makes the dispute and its hold.
    await settle('2027-06-22T12:00:00+05:30')
    const holding = await settle('2027-06-23T12:00:00+05:30')
    const { json } = await call(api('settlement'), merchant, {
      PAY_ID: merchant.payId,
      SETTLEMENT_ID: holding.SETTLEMENT_ID!,
    })
    const hold = list(json.LINES!).find((line) => line.TYPE === 'DISPUTE_HOLD')!
    expect(hold).toMatchObject({ ORDER_ID: 'BOOKS-HOLD', NET: '-50000', SOURCE_SETTLEMENT_ID: '' })
    expect(hold.DISPUTE_ID).toMatch(/^dsp_[0-9a-f]{20}$/)
    const entries = await reconOf('BOOKS-HOLD')
    expect(entries.map((entry) => entry.TYPE)).toEqual(['PAYMENT', 'DISPUTE_HOLD'])
    expect(entries[1]).toMatchObject({ DISPUTE_ID: hold.DISPUTE_ID, NET: '-50000' })
  })

  it("the month's tax invoice adds up to the fees and GST its settlements charged, CGST and SGST within the state", async () => {
    const { json: listed } = await call(api('settlements'), merchant, {
      PAY_ID: merchant.payId,
      FROM: '2027-06-01',
      TO: '2027-06-30',
    })
    const settlements = list(listed.SETTLEMENTS!)
    const sum = (field: string) =>
      settlements.reduce((total, settlement) => total + BigInt(settlement[field]!), 0n)
    for (const settlement of settlements) {
      expect(
        BigInt(settlement.CGST_AMOUNT!) +
          BigInt(settlement.SGST_AMOUNT!) +
          BigInt(settlement.IGST_AMOUNT!),
      ).toBe(BigInt(settlement.GST_AMOUNT!))
    }
    const { json: invoice } = await call(api('gst-invoice'), merchant, {
      PAY_ID: merchant.payId,
      MONTH: '2027-06',
    })
    expect(invoice).toMatchObject({ RESPONSE_CODE: '000', MONTH: '2027-06', IGST_AMOUNT: '0' })
    expect(BigInt(invoice.TAXABLE_AMOUNT!)).toBe(sum('FEES_AMOUNT'))
    expect(BigInt(invoice.GST_AMOUNT!)).toBe(sum('GST_AMOUNT'))
    // The same invoice number when asked again.
    const again = await call(api('gst-invoice'), merchant, {
      PAY_ID: merchant.payId,
      MONTH: '2027-06',
    })
    expect(again.json.INVOICE_NUMBER).toBe(invoice.INVOICE_NUMBER)
  })
})
