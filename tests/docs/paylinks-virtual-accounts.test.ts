import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatRupees } from '#core/currency/paise.ts'
import { productCharge, type ProductChargeKind } from '#core/pricing/product-charges.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { lineAnswer, lineOf } from '#core/settlement/settlement.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { column, type MarkedTable, markedTables, records } from '#tests/support/doc-tables.ts'
import { loadGuides } from './guides.ts'

/**
 * The Payment Links and Virtual Accounts guide: its charges and worked example are what the
 * pricing rows charge (core/pricing/product-charges.ts), and its tables' examples, sent to a
 * sandbox, get answers with exactly the fields its answer tables list.
 */

const slug = 'paylinks-virtual-accounts'
let body: string
let tables: MarkedTable[]
beforeAll(async () => {
  body = (await loadGuides()).get(slug)!.body
  tables = markedTables(body)
})

function tableOf(tag: string): MarkedTable {
  const table = tables.find((candidate) => candidate.tag === tag)
  if (!table) throw new Error(`${slug}.md has no table marked "${tag}"`)
  return table
}

/** Each row of the charges table: what it charges, on which amount (a credit's). */
const charged: Record<string, [ProductChargeKind, bigint?]> = {
  'A normal payment link': ['paylink'],
  'A validated payment link': ['validated-paylink'],
  'A virtual account': ['virtual-account-setup'],
  'A credit of up to ₹10,000': ['collection', 1_000_000n],
  'A credit of up to ₹25,000': ['collection', 2_500_000n],
  'A credit above ₹25,000': ['collection', 2_500_001n],
}

describe('the charges', () => {
  it('are the pricing rows’ fees and 18 % GST, row by row', () => {
    const rows = records(tableOf('charges'))
    expect(rows.map((row) => row.What)).toEqual(Object.keys(charged))
    for (const row of rows) {
      const [kind, amount] = charged[row.What!]!
      const charge = productCharge(kind, amount)
      expect({ fee: row.Fee, gst: row.GST, total: row['Fee with GST'] }, row.What).toEqual({
        fee: formatRupees(charge.fee),
        gst: formatRupees(charge.gst),
        total: formatRupees(charge.fee + charge.gst),
      })
    }
  })

  it('change slab just past ₹10,000 and ₹25,000, as the Auto Collection row does', () => {
    const fee = (paise: bigint) => productCharge('collection', paise).fee
    expect(fee(1_000_001n)).toBe(fee(2_500_000n))
    expect(fee(2_500_001n)).toBeGreaterThan(fee(2_500_000n))
    expect(fee(1_000_000n)).toBeLessThan(fee(1_000_001n))
  })

  it('settle ₹15,000 by IMPS as the worked example’s COLLECTION line, NET ₹14,988.20', () => {
    const [documented] = records(tableOf('collection'))
    const line = lineAnswer(
      lineOf({
        type: 'COLLECTION',
        sourceId: 'vacr_Yo1uvtnKoVUFJK',
        orderId: 'CUST-1001',
        txnId: 'vacr_Yo1uvtnKoVUFJK',
        pgRefNum: '469669413158',
        paymentType: 'IMPS',
        mopType: '',
        amount: BigInt(documented!.AMOUNT!),
        at: new Date(),
      }),
    )
    expect(documented).toEqual({
      TYPE: line.TYPE,
      AMOUNT: line.AMOUNT,
      FEE: line.FEE,
      GST: line.GST,
      NET: line.NET,
    })
    expect(line.DESCRIPTION).toBe('Auto Collection fees: Per transaction')
    expect(body).toContain(formatRupees(BigInt(line.NET)))
  })
})

describe('the documented requests, sent to a sandbox, get the documented answers', () => {
  const merchant = demoMerchant({ siteUrl: 'http://localhost:3000' })
  let sandbox: SandboxServer
  beforeAll(async () => {
    sandbox = await startSandboxServer({ merchants: [merchant], limits: { pages: 0 } })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  const unique = `${Date.now().toString(36).toUpperCase()}`
  /** A request from a table's Example column (HASH made here), with `set` over it. */
  const exampleOf = (tag: string, set: Fields = {}): Fields => {
    const fields: Fields = {}
    for (const row of records(tableOf(tag))) {
      if (row.Field === 'HASH' || row.Required === 'Conditional') continue
      fields[row.Field!] = row.Example!.replace('{{DEMO_PAY_ID}}', merchant.payId)
    }
    return withHash({ ...fields, ...set }, merchant.salt)
  }
  const post = async (path: string, fields: Fields) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    })
    return (await response.json()) as Fields
  }
  const fieldsOf = (tag: string, without: string[] = []) =>
    column(tableOf(tag), 'Field')
      .filter((field) => !without.includes(field))
      .sort()
  const keys = (answer: Fields) => Object.keys(answer).sort()
  /** An EXPIRE_BY a day after now, as the table writes one. */
  const tomorrow = () => {
    const ist = new Date(Date.now() + 24 * 3_600_000 + 330 * 60_000)
    return `${ist.toISOString().slice(0, 19)}+05:30`
  }

  it('a link: made, found by REFERENCE_ID, cancelled; then refused as the guide says', async () => {
    const request = exampleOf('paylink-request', {
      REFERENCE_ID: `INV-${unique}`,
      EXPIRE_BY: tomorrow(),
    })
    const made = await post('/pgws/paylink', request)
    expect(made).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'CREATED', LINK_FEE: '100' })
    // The fields of a paid, expired or cancelled link, or of a validated one's payer.
    const paidOrEnded = [
      'ORDER_ID',
      'TXN_ID',
      'PAID_AT',
      'EXPIRED_AT',
      'CANCELLED_AT',
      'PAYER_ACCOUNT',
      'PAYER_NAME',
    ]
    expect(keys(made)).toEqual(fieldsOf('paylink-answer', paidOrEnded))
    expect(made.SHORT_URL).toMatch(/\/l\/[A-Za-z0-9]{16}$/)

    const found = await post(
      '/pgws/paylink/status',
      withHash({ PAY_ID: merchant.payId, REFERENCE_ID: request.REFERENCE_ID! }, merchant.salt),
    )
    expect(found.PAYLINK_ID).toBe(made.PAYLINK_ID)
    const cancelled = await post(
      '/pgws/paylink/cancel',
      exampleOf('paylink-cancel-request', { PAYLINK_ID: made.PAYLINK_ID! }),
    )
    expect(cancelled).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'CANCELLED' })
    expect(keys(cancelled)).toEqual(
      fieldsOf(
        'paylink-answer',
        paidOrEnded.filter((field) => field !== 'CANCELLED_AT'),
      ),
    )
    const again = await post(
      '/pgws/paylink/cancel',
      exampleOf('paylink-cancel-request', { PAYLINK_ID: made.PAYLINK_ID! }),
    )
    expect(again.RESPONSE_CODE).toBe('373')
    expect((await post('/pgws/paylink', request)).RESPONSE_CODE).toBe('374')
  })

  it('an account: opened, credited ₹15,000 as the worked example, listed, reconciled, closed, a credit returned', async () => {
    const opened = await post(
      '/pgws/virtual-account',
      exampleOf('virtual-account-request', { REFERENCE_ID: `CUST-${unique}` }),
    )
    expect(opened).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'ACTIVE', IFSC: 'PYST0000001' })
    expect(keys(opened)).toEqual(fieldsOf('virtual-account-answer', ['CREDITS']))
    const vaId = { VA_ID: opened.VA_ID! }

    const credit = await post(
      '/pgws/virtual-account/credit',
      exampleOf('virtual-account-credit-request', vaId),
    )
    expect(keys(credit)).toEqual(fieldsOf('virtual-account-credit', ['RETURN_REASON']))
    const [worked] = records(tableOf('collection'))
    expect(credit).toMatchObject({
      STATUS: 'CREDITED',
      AMOUNT: worked!.AMOUNT,
      FEE: worked!.FEE,
      GST: worked!.GST,
      NET: worked!.NET,
    })

    const status = await post(
      '/pgws/virtual-account/status',
      exampleOf('virtual-account-status-request', vaId),
    )
    expect(keys(status)).toEqual(fieldsOf('virtual-account-answer'))
    const [listed] = JSON.parse(status.CREDITS!) as Fields[]
    expect(keys(listed!)).toEqual(fieldsOf('listed-credit'))

    const recon = await post('/pgws/recon', exampleOf('virtual-account-recon-request', vaId))
    expect(keys(recon)).toEqual(fieldsOf('virtual-account-recon-answer'))
    expect((JSON.parse(recon.RECON!) as Fields[]).map((entry) => entry.TYPE)).toEqual([
      'FEE',
      'COLLECTION',
    ])

    const closed = await post(
      '/pgws/virtual-account/close',
      exampleOf('virtual-account-close-request', vaId),
    )
    expect(closed).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'CLOSED' })
    const returned = await post(
      '/pgws/virtual-account/credit',
      exampleOf('virtual-account-credit-request', vaId),
    )
    expect(returned).toMatchObject({ RESPONSE_CODE: '377', STATUS: 'RETURNED', NET: '0' })
    expect(keys(returned)).toEqual(fieldsOf('virtual-account-credit'))
  })
})
