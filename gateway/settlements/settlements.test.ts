/**
 * The settlement APIs over HTTP on PGlite: a run settles what its time has made due, once; the
 * settlement answers by id and by UTR, as JSON and as CSV with the same figures; carry-forward;
 * an order's reconciliation; the settlement.processed webhook; and every refusal.
 */
import { request } from 'node:http'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { verifyWebhook } from '#core/protocol/webhook.ts'
import { csvColumns } from '#core/settlement/csv.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { startReceiver, type Receiver } from '#tests/support/webhook-receiver.ts'
import {
  call,
  capture,
  csvOf,
  parseCsv,
  ist,
  refund,
  type SettlementSandbox,
  settlementSandbox,
} from '#tests/support/sandbox-settlements.ts'

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
const other = {
  ...demoMerchant({ siteUrl: 'https://other.paystra.example' }),
  payId: '1000000000000002',
  salt: 'b2c3d4e5f6071829',
  bankAccount: '912010034567890',
}

let db: GatewayDatabase
let sandbox: SettlementSandbox
let receiver: Receiver
const api = (path: string) => `${sandbox.url}/pgws/${path}`
const run = (asOf: string, extra: Fields = {}, who = merchant) =>
  call(api('settlement/run'), who, { PAY_ID: who.payId, AS_OF: asOf, ...extra })
const list = (text: string) => JSON.parse(text) as Fields[]
const count = async (table: string) =>
  Number(
    (
      (await db.execute(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`)) as unknown as {
        rows: { n: number | string }[]
      }
    ).rows[0]!.n,
  )

beforeAll(async () => {
  db = drizzle(new PGlite())
  receiver = await startReceiver()
  sandbox = await settlementSandbox({
    db,
    merchants: [merchant, other],
    webhooks: { allowPrivate: true, baseDelayMs: 100, pollMs: 20 },
    // Reading 100,000 lines takes 100 calls within the minute.
    limits: { perIp: 10_000, perMerchant: 10_000 },
  })
})
afterAll(async () => {
  await sandbox?.close()
  await receiver?.close()
})

describe('a settlement run', () => {
  // Friday 27 November 2026; the 28th is a 4th Saturday, so Monday the 30th is the next working day.
  let settlementId: string
  let utr: string

  it('settles nothing before the settlement hour of the first working day after the capture', async () => {
    await capture(db, merchant, {
      orderId: 'SET-CC-1',
      amount: 100000,
      at: ist('2026-11-27 10:00'),
      paymentType: 'CC',
      mopType: 'VI',
    })
    await capture(db, merchant, {
      orderId: 'SET-DC-1',
      amount: 200000,
      at: ist('2026-11-28 18:30'),
      paymentType: 'DC',
      mopType: 'MC',
    })
    await capture(db, merchant, {
      orderId: 'SET-NB-1',
      amount: 50000,
      at: ist('2026-11-29 23:59'),
      paymentType: 'NB',
      mopType: 'HDFC',
    })
    await capture(db, merchant, {
      orderId: 'SET-UP-1',
      amount: 10000,
      at: ist('2026-11-29 09:00'),
      paymentType: 'UP',
      mopType: 'UP',
    })
    await capture(db, merchant, {
      orderId: 'SET-FAIL-1',
      amount: 10000,
      at: ist('2026-11-27 09:00'),
      responseCode: '004',
    })
    // Captured on the settlement day itself: it waits for the next one.
    await capture(db, merchant, {
      orderId: 'SET-LATE-1',
      amount: 30000,
      at: ist('2026-11-30 09:00'),
      paymentType: 'CC',
      mopType: 'VI',
    })
    const { json } = await run('2026-11-30T10:59:59+05:30')
    expect(json.RESPONSE_CODE).toBe('000')
    expect(verifyHash(json, merchant.salt)).toBe(true)
    expect(list(json.SETTLEMENTS!)).toEqual([])
    expect(await count('sandbox_settlements')).toBe(0)
  })

  it('at the hour, makes one settlement of the cycle net of fees and GST, with a UTR and the masked account', async () => {
    const { json } = await run('2026-11-30T11:00:00+05:30')
    const [settlement] = list(json.SETTLEMENTS!)
    expect(list(json.SETTLEMENTS!)).toHaveLength(1)
    // CC ₹1,000 at 2 %: 2000 + 360 GST. DC ₹2,000 at 0.4 % (up to ₹2,000): 800 + 144.
    // NB ₹500 at 2 %: 1000 + 180. UPI: no fee.
    expect(settlement).toMatchObject({
      SETTLEMENT_DATE: '2026-11-30',
      CYCLE_FROM: '2026-11-27',
      CYCLE_TO: '2026-11-29',
      PAYMENTS_COUNT: '4',
      REFUNDS_COUNT: '0',
      GROSS_AMOUNT: '360000',
      REFUNDS_AMOUNT: '0',
      FEES_AMOUNT: '3800',
      GST_AMOUNT: '684',
      ADJUSTMENTS_AMOUNT: '0',
      NET_AMOUNT: String(360000 - 3800 - 684),
      BANK_ACCOUNT: 'XXXXXXXXXX4321',
      STATUS: 'PROCESSED',
    })
    expect(settlement!.SETTLEMENT_ID).toMatch(/^setl_[0-9a-f]{20}$/)
    expect(settlement!.UTR).toMatch(/^PYSTN26334\d{6}$/)
    settlementId = settlement!.SETTLEMENT_ID!
    utr = settlement!.UTR!
  })

  it('a second identical run makes nothing new and answers the same settlements', async () => {
    const { json } = await run('2026-11-30T11:00:00+05:30')
    expect(list(json.SETTLEMENTS!).map((settlement) => settlement.SETTLEMENT_ID)).toEqual([
      settlementId,
    ])
    expect(await count('sandbox_settlements')).toBe(1)
  })

  it('answers the settlement with its lines by id and by UTR, the same', async () => {
    const byId = (
      await call(api('settlement'), merchant, {
        PAY_ID: merchant.payId,
        SETTLEMENT_ID: settlementId,
      })
    ).json
    const byUtr = (await call(api('settlement'), merchant, { PAY_ID: merchant.payId, UTR: utr }))
      .json
    expect(verifyHash(byId, merchant.salt)).toBe(true)
    const { HASH: _a, RESPONSE_DATE_TIME: _b, ...idFields } = byId
    const { HASH: _c, RESPONSE_DATE_TIME: _d, ...utrFields } = byUtr
    expect(utrFields).toEqual(idFields)
    const lines = list(byId.LINES!)
    expect(
      lines.map((line) => [line.TYPE, line.ORDER_ID, line.AMOUNT, line.FEE, line.GST, line.NET]),
    ).toEqual([
      ['PAYMENT', 'SET-CC-1', '100000', '2000', '360', '97640'],
      ['PAYMENT', 'SET-DC-1', '200000', '800', '144', '199056'],
      ['PAYMENT', 'SET-UP-1', '10000', '0', '0', '10000'],
      ['PAYMENT', 'SET-NB-1', '50000', '1000', '180', '48820'],
    ])
    expect(lines[0]).toMatchObject({
      DATE: '2026-11-27 10:00:00',
      DESCRIPTION: 'Credit card (2.00%)',
      PAYMENT_TYPE: 'CC',
      MOP_TYPE: 'VI',
    })
    const net = lines.reduce((sum, line) => sum + BigInt(line.NET!), 0n)
    expect(String(net)).toBe(byId.NET_AMOUNT)
  })

  it('answers the CSV with the same lines and figures, as an attachment: the settlement on every row, rupees beside paise, digit ids kept text, a totals row', async () => {
    const response = await csvOf(api('settlement'), merchant, {
      PAY_ID: merchant.payId,
      SETTLEMENT_ID: settlementId,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename=${settlementId}.csv`,
    )
    const text = await response.text()
    const json = (
      await call(api('settlement'), merchant, {
        PAY_ID: merchant.payId,
        SETTLEMENT_ID: settlementId,
      })
    ).json
    const rows = parseCsv(text)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(rows[0]).toEqual([...csvColumns])
    const lines = list(json.LINES!)
    expect(rows).toHaveLength(lines.length + 2)
    const cell = (row: string[], column: string) => row[csvColumns.indexOf(column)]
    lines.forEach((line, index) => {
      const row = rows[index + 1]!
      expect(cell(row, 'SETTLEMENT_ID')).toBe(settlementId)
      expect(cell(row, 'UTR')).toBe(utr)
      expect(cell(row, 'SETTLEMENT_DATE')).toBe('2026-11-30')
      expect(cell(row, 'ORDER_ID')).toBe(line.ORDER_ID)
      // 16 and 18 digits: a spreadsheet would round them as numbers.
      expect(cell(row, 'TXN_ID')).toBe(`'${line.TXN_ID}`)
      expect(cell(row, 'PG_REF_NUM')).toBe(`'${line.PG_REF_NUM}`)
      for (const field of ['AMOUNT', 'FEE', 'GST', 'NET'] as const) {
        expect(cell(row, field)).toBe(line[field])
        expect(cell(row, `${field}_RUPEES`)).toBe((Number(line[field]) / 100).toFixed(2))
      }
    })
    const total = rows.at(-1)!
    expect(total[0]).toBe('TOTAL')
    expect([cell(total, 'UTR'), cell(total, 'SETTLEMENT_DATE')]).toEqual([utr, '2026-11-30'])
    expect([cell(total, 'FEE'), cell(total, 'GST'), cell(total, 'NET')]).toEqual([
      json.FEES_AMOUNT,
      json.GST_AMOUNT,
      json.NET_AMOUNT,
    ])
    expect(cell(total, 'NET_RUPEES')).toBe((Number(json.NET_AMOUNT) / 100).toFixed(2))
    expect(cell(total, 'DESCRIPTION')).toBe('Total of 4 lines; paid to XXXXXXXXXX4321')
  })

  it('lists the settlement by date range', async () => {
    const { json } = await call(api('settlements'), merchant, {
      PAY_ID: merchant.payId,
      FROM: '2026-11-01',
      TO: '2026-11-30',
    })
    expect(verifyHash(json, merchant.salt)).toBe(true)
    expect(list(json.SETTLEMENTS!).map((settlement) => settlement.SETTLEMENT_ID)).toEqual([
      settlementId,
    ])
    const before = (
      await call(api('settlements'), merchant, {
        PAY_ID: merchant.payId,
        FROM: '2026-11-01',
        TO: '2026-11-29',
      })
    ).json
    expect(list(before.SETTLEMENTS!)).toEqual([])
  })

  it('reconciles an order: settled with its settlement and UTR, or unsettled with the date it will settle on', async () => {
    const settled = (
      await call(api('recon'), merchant, { PAY_ID: merchant.payId, ORDER_ID: 'SET-CC-1' })
    ).json
    expect(verifyHash(settled, merchant.salt)).toBe(true)
    expect(list(settled.RECON!)).toEqual([
      expect.objectContaining({
        TYPE: 'PAYMENT',
        AMOUNT: '100000',
        FEE: '2000',
        GST: '360',
        NET: '97640',
        STATE: 'SETTLED',
        SETTLEMENT_ID: settlementId,
        UTR: utr,
        SETTLEMENT_DATE: '2026-11-30',
        EXPECTED_SETTLEMENT_DATE: '2026-11-30',
      }),
    ])
    const pending = (
      await call(api('recon'), merchant, { PAY_ID: merchant.payId, ORDER_ID: 'SET-LATE-1' })
    ).json
    expect(list(pending.RECON!)).toEqual([
      expect.objectContaining({
        TYPE: 'PAYMENT',
        STATE: 'UNSETTLED',
        SETTLEMENT_ID: '',
        UTR: '',
        SETTLEMENT_DATE: '',
        EXPECTED_SETTLEMENT_DATE: '2026-12-01',
      }),
    ])
    const failed = (
      await call(api('recon'), merchant, { PAY_ID: merchant.payId, ORDER_ID: 'SET-FAIL-1' })
    ).json
    expect(failed).toMatchObject({ RESPONSE_CODE: '000', RECON: '[]' })
  })
})

describe('refunds and carry-forward', () => {
  it('deducts a refund in the settlement of its processing date; a negative net is carried forward into the next settlement', async () => {
    // Tuesday 1 December: paid; Wednesday 2nd: refunded whole; Thursday 3rd: paid again.
    const paid = await capture(db, other, {
      orderId: 'CF-1',
      amount: 50000,
      at: ist('2026-12-01 10:00'),
      paymentType: 'UP',
      mopType: 'UP',
    })
    const first = list((await run('2026-12-02T11:00:00+05:30', {}, other)).json.SETTLEMENTS!)
    expect(first.at(-1)).toMatchObject({
      SETTLEMENT_DATE: '2026-12-02',
      NET_AMOUNT: '50000',
      STATUS: 'PROCESSED',
      BANK_ACCOUNT: 'XXXXXXXXXXX7890',
    })
    await refund(db, other, paid, 'CF-1', 50000, ist('2026-12-02 15:00'))
    const second = list((await run('2026-12-03T11:00:00+05:30', {}, other)).json.SETTLEMENTS!)
    const carried = second.at(-1)!
    expect(carried).toMatchObject({
      SETTLEMENT_DATE: '2026-12-03',
      PAYMENTS_COUNT: '0',
      REFUNDS_COUNT: '1',
      REFUNDS_AMOUNT: '50000',
      NET_AMOUNT: '-50000',
      STATUS: 'CARRIED_FORWARD',
      UTR: '',
    })
    await capture(db, other, {
      orderId: 'CF-2',
      amount: 80000,
      at: ist('2026-12-03 12:00'),
      paymentType: 'UP',
      mopType: 'UP',
    })
    const third = list((await run('2026-12-04T11:00:00+05:30', {}, other)).json.SETTLEMENTS!).at(
      -1,
    )!
    expect(third).toMatchObject({
      SETTLEMENT_DATE: '2026-12-04',
      ADJUSTMENTS_AMOUNT: '-50000',
      NET_AMOUNT: '30000',
      STATUS: 'PROCESSED',
    })
    const lines = list(
      (
        await call(api('settlement'), other, {
          PAY_ID: other.payId,
          SETTLEMENT_ID: third.SETTLEMENT_ID!,
        })
      ).json.LINES!,
    )
    expect(lines[0]).toMatchObject({
      TYPE: 'CARRY_FORWARD',
      ORDER_ID: '',
      AMOUNT: '-50000',
      NET: '-50000',
      DESCRIPTION: `Balance carried forward from ${carried.SETTLEMENT_ID}`,
      DISPUTE_ID: '',
      SOURCE_SETTLEMENT_ID: carried.SETTLEMENT_ID,
    })
    const recon = list(
      (await call(api('recon'), other, { PAY_ID: other.payId, ORDER_ID: 'CF-1' })).json.RECON!,
    )
    const paidOut = first.at(-1)!
    expect(
      recon.map((entry) => [
        entry.TYPE,
        entry.NET,
        entry.STATE,
        entry.SETTLEMENT_ID,
        entry.SETTLEMENT_STATUS,
        entry.PAID_BY_SETTLEMENT_ID,
        entry.UTR,
      ]),
    ).toEqual([
      [
        'PAYMENT',
        '50000',
        'SETTLED',
        paidOut.SETTLEMENT_ID,
        'PROCESSED',
        paidOut.SETTLEMENT_ID,
        paidOut.UTR,
      ],
      [
        'REFUND',
        '-50000',
        'SETTLED',
        carried.SETTLEMENT_ID,
        'CARRIED_FORWARD',
        third.SETTLEMENT_ID,
        third.UTR,
      ],
    ])
  })

  it('reports a payment in a carried-forward settlement CARRIED_FORWARD, then SETTLED with the settlement that paid its balance out and its UTR, through a chain', async () => {
    const earlier = await capture(db, other, {
      orderId: 'CHAIN-0',
      amount: 90000,
      at: ist('2026-12-04 09:00'),
      paymentType: 'UP',
      mopType: 'UP',
    })
    await run('2026-12-05T11:00:00+05:30', {}, other)
    // Monday 7 December: a payment, and a larger refund of the earlier one.
    await capture(db, other, {
      orderId: 'CHAIN-1',
      amount: 20000,
      at: ist('2026-12-07 10:00'),
      paymentType: 'UP',
      mopType: 'UP',
    })
    await refund(db, other, earlier, 'CHAIN-0', 90000, ist('2026-12-07 11:00'))
    const first = list((await run('2026-12-08T11:00:00+05:30', {}, other)).json.SETTLEMENTS!).at(
      -1,
    )!
    expect(first).toMatchObject({ STATUS: 'CARRIED_FORWARD', NET_AMOUNT: '-70000', UTR: '' })
    const reconOf = async () =>
      list(
        (await call(api('recon'), other, { PAY_ID: other.payId, ORDER_ID: 'CHAIN-1' })).json.RECON!,
      )[0]!
    expect(await reconOf()).toMatchObject({
      STATE: 'CARRIED_FORWARD',
      SETTLEMENT_ID: first.SETTLEMENT_ID,
      SETTLEMENT_STATUS: 'CARRIED_FORWARD',
      PAID_BY_SETTLEMENT_ID: '',
      UTR: '',
    })
    // Tuesday: too little to pay the balance off, carried forward again; Wednesday: paid out.
    await capture(db, other, {
      orderId: 'CHAIN-2',
      amount: 30000,
      at: ist('2026-12-08 10:00'),
      paymentType: 'UP',
      mopType: 'UP',
    })
    const second = list((await run('2026-12-09T11:00:00+05:30', {}, other)).json.SETTLEMENTS!).at(
      -1,
    )!
    expect(second).toMatchObject({ STATUS: 'CARRIED_FORWARD', NET_AMOUNT: '-40000' })
    expect(await reconOf()).toMatchObject({ STATE: 'CARRIED_FORWARD', PAID_BY_SETTLEMENT_ID: '' })
    await capture(db, other, {
      orderId: 'CHAIN-3',
      amount: 100000,
      at: ist('2026-12-09 10:00'),
      paymentType: 'UP',
      mopType: 'UP',
    })
    const third = list((await run('2026-12-10T11:00:00+05:30', {}, other)).json.SETTLEMENTS!).at(
      -1,
    )!
    expect(third).toMatchObject({ STATUS: 'PROCESSED', NET_AMOUNT: '60000' })
    expect(third.UTR).toMatch(/^PYSTN/)
    expect(await reconOf()).toEqual(
      expect.objectContaining({
        STATE: 'SETTLED',
        SETTLEMENT_ID: first.SETTLEMENT_ID,
        SETTLEMENT_DATE: '2026-12-08',
        SETTLEMENT_STATUS: 'CARRIED_FORWARD',
        PAID_BY_SETTLEMENT_ID: third.SETTLEMENT_ID,
        UTR: third.UTR,
      }),
    )
  })

  it("never shows one merchant another's settlement", async () => {
    const mine = list(
      (
        await call(api('settlements'), other, {
          PAY_ID: other.payId,
          FROM: '2026-12-01',
          TO: '2026-12-31',
        })
      ).json.SETTLEMENTS!,
    )
    const { json } = await call(api('settlement'), merchant, {
      PAY_ID: merchant.payId,
      SETTLEMENT_ID: mine[0]!.SETTLEMENT_ID!,
    })
    expect(json).toMatchObject({ RESPONSE_CODE: '338', RESPONSE_MESSAGE: 'No settlement found' })
  })
})

describe('settlement.processed', () => {
  it("is delivered to the run's NOTIFY_URL, signed, with the settlement's fields and their HASH", async () => {
    await capture(db, merchant, {
      orderId: 'HOOK-1',
      amount: 25000,
      at: ist('2026-12-07 10:00'),
      paymentType: 'WL',
      mopType: 'PAYTM',
    })
    const { json } = await run('2026-12-08T11:00:00+05:30', { NOTIFY_URL: receiver.url })
    const made = list(json.SETTLEMENTS!).find(
      (settlement) => settlement.SETTLEMENT_DATE === '2026-12-08',
    )!
    // The run may make more than one settlement (an earlier date's payment still waiting):
    // each has its event, in no particular order.
    const eventOf = (received: { body: string }) =>
      JSON.parse(received.body) as { type: string; data: Fields }
    await expect
      .poll(
        () =>
          receiver.received.some(
            (received) => eventOf(received).data.SETTLEMENT_ID === made.SETTLEMENT_ID,
          ),
        { timeout: 10_000 },
      )
      .toBe(true)
    const delivery = receiver.received.find(
      (received) => eventOf(received).data.SETTLEMENT_ID === made.SETTLEMENT_ID,
    )
    const verified = verifyWebhook(
      delivery!.body,
      String(delivery!.headers['x-paystra-signature']),
      merchant.webhookSecret,
      { salt: merchant.salt },
    )
    expect(verified.ok).toBe(true)
    const event = eventOf(delivery!)
    expect(event.type).toBe('settlement.processed')
    const { HASH: _, PAY_ID, ...data } = event.data
    expect(PAY_ID).toBe(merchant.payId)
    expect(data).toEqual(made)
  })
})

describe('refusals', () => {
  const cases: Array<[string, string, Fields, string]> = [
    [
      'a date that is not YYYY-MM-DD',
      'settlements',
      { FROM: '2026-11-1', TO: '2026-11-30' },
      '339',
    ],
    ['a date that does not exist', 'settlements', { FROM: '2026-02-30', TO: '2026-03-01' }, '339'],
    ['FROM after TO', 'settlements', { FROM: '2026-12-01', TO: '2026-11-30' }, '339'],
    ['a range over 92 days', 'settlements', { FROM: '2026-08-31', TO: '2026-12-01' }, '340'],
    ['an unknown settlement', 'settlement', { SETTLEMENT_ID: 'setl_00000000000000000000' }, '338'],
    ['an unknown UTR', 'settlement', { UTR: 'PYSTN26334000000' }, '338'],
    ['neither SETTLEMENT_ID nor UTR', 'settlement', {}, '342'],
    [
      'both SETTLEMENT_ID and UTR',
      'settlement',
      { SETTLEMENT_ID: 'setl_00000000000000000000', UTR: 'PYSTN26334000000' },
      '342',
    ],
    ['a malformed SETTLEMENT_ID', 'settlement', { SETTLEMENT_ID: 'settlement-1' }, '342'],
    [
      'a format other than JSON or CSV',
      'settlement',
      { SETTLEMENT_ID: 'setl_00000000000000000000', FORMAT: 'XLSX' },
      '343',
    ],
    ['an AS_OF without an offset', 'settlement/run', { AS_OF: '2027-01-04T11:00:00' }, '341'],
    ['an AS_OF that is a date only', 'settlement/run', { AS_OF: '2027-01-04' }, '341'],
    [
      'an AS_OF that does not exist',
      'settlement/run',
      { AS_OF: '2027-02-30T11:00:00+05:30' },
      '341',
    ],
    [
      'a NOTIFY_URL that is not one',
      'settlement/run',
      { AS_OF: '2027-01-04T11:00:00+05:30', NOTIFY_URL: 'ftp://x' },
      '357',
    ],
    ...(
      [
        { PAGE: '0' },
        { PAGE: '-1' },
        { PAGE: '01' },
        { PAGE: '1.5' },
        { PAGE: '' },
        { PAGE_SIZE: '0' },
        { PAGE_SIZE: '1001' },
        { PAGE_SIZE: 'all' },
      ] as Fields[]
    ).map((paging): [string, string, Fields, string] => [
      `a bad page ${JSON.stringify(paging)}`,
      'settlement',
      { SETTLEMENT_ID: 'setl_00000000000000000000', ...paging },
      '358',
    ]),
    ['an invalid ORDER_ID', 'recon', { ORDER_ID: 'has space' }, '321'],
    ['an order never seen', 'recon', { ORDER_ID: 'NEVER-SEEN' }, '328'],
  ]
  it.each(cases)(
    '%s: refused with its code, signed, nothing stored',
    async (_name, path, fields, code) => {
      const before = await count('sandbox_settlements')
      const { status, json } = await call(api(path), merchant, {
        PAY_ID: merchant.payId,
        ...fields,
      })
      expect(status).toBe(200)
      expect(json).toMatchObject({ STATUS: 'Failed', RESPONSE_CODE: code })
      expect(verifyHash(json, merchant.salt)).toBe(true)
      expect(await count('sandbox_settlements')).toBe(before)
    },
  )

  it('a bad HASH: 323, nothing run', async () => {
    const before = await count('sandbox_settlements')
    const { json } = await call(
      api('settlement/run'),
      merchant,
      { PAY_ID: merchant.payId, AS_OF: '2027-06-01T11:00:00+05:30', HASH: '0'.repeat(64) },
      { raw: true },
    )
    expect(json.RESPONSE_CODE).toBe('323')
    expect(await count('sandbox_settlements')).toBe(before)
  })
})

describe('the CSV, for a spreadsheet', () => {
  it('keeps an 18-digit ORDER_ID whole and neutralises order ids a spreadsheet would read as formulas', async () => {
    // Monday 1 February 2027, settled on Tuesday the 2nd.
    for (const orderId of ['123456789012345678', '-1-1', '@A1']) {
      await capture(db, merchant, {
        orderId,
        amount: 10000,
        at: ist('2027-02-01 10:00'),
        paymentType: 'UP',
        mopType: 'UP',
      })
    }
    const made = list((await run('2027-02-02T11:00:00+05:30')).json.SETTLEMENTS!).find(
      (settlement) => settlement.SETTLEMENT_DATE === '2027-02-02',
    )!
    const text = await (
      await csvOf(api('settlement'), merchant, {
        PAY_ID: merchant.payId,
        SETTLEMENT_ID: made.SETTLEMENT_ID!,
      })
    ).text()
    const rows = parseCsv(text)
    const orderIds = rows.slice(1, -1).map((row) => row[csvColumns.indexOf('ORDER_ID')])
    expect(orderIds).toEqual(["'123456789012345678", "'-1-1", "'@A1"])
    expect(rows.at(-1)![0]).toBe('TOTAL')
    expect(rows.at(-1)![csvColumns.indexOf('NET')]).toBe(made.NET_AMOUNT)
    // The JSON keeps them as they are.
    const json = (
      await call(api('settlement'), merchant, {
        PAY_ID: merchant.payId,
        SETTLEMENT_ID: made.SETTLEMENT_ID!,
      })
    ).json
    expect(list(json.LINES!).map((line) => line.ORDER_ID)).toEqual([
      '123456789012345678',
      '-1-1',
      '@A1',
    ])
  })
})

/**
 * A POST on a connection of its own, answering the body as text. The insert of 100,000 rows holds
 * the event loop past the server's keep-alive timeout, so a pooled socket may be closed under the
 * next request (ECONNRESET).
 */
function postOnNewConnection(url: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        response.on('error', reject)
      },
    )
    sent.on('error', reject)
    sent.end(body)
  })
}

describe('the lines of a large settlement', () => {
  const LINES = 100_000
  const id = 'setl_0000000000000000b16b'

  beforeAll(async () => {
    // Written straight into the tables: what a run of 100,000 payments leaves.
    await db.execute(sql`INSERT INTO sandbox_settlements (id, pay_id, utr, settlement_date,
        cycle_from, cycle_to, payments_count, refunds_count, gross_amount, refunds_amount,
        fees_amount, gst_amount, adjustments_amount, net_amount, bank_account, status)
      VALUES (${id}, ${merchant.payId}, 'PYSTN27060000001', '2027-03-02', '2027-03-01',
        '2027-03-01', ${LINES}, 0, ${LINES * 10000}, 0, 0, 0, 0, ${LINES * 10000},
        'XXXXXXXXXX4321', 'PROCESSED')`)
    await db.execute(sql`INSERT INTO sandbox_settlement_lines (settlement_id, position, type,
        source_id, order_id, txn_id, pg_ref_num, payment_type, mop_type, amount, fee, gst, net,
        date, description)
      SELECT ${id}, n - 1, 'PAYMENT', 'bulk-' || n, 'BULK-ORDER-' || lpad(n::text, 38, '0'),
        (3000000000000000 + n)::text, (202700000000000000 + n)::text, 'UP', 'UP', 10000, 0, 0,
        10000, '2027-03-01 10:00:00', 'UPI and RuPay Debit (0.00%)'
      FROM generate_series(1, ${LINES}) AS n`)
  }, 60_000)

  it('answers them a page at a time, every answer under 1 MB, every line once and in order', async () => {
    let seen = 0
    let largest = 0
    for (let page = 1; ; page++) {
      const body = await postOnNewConnection(
        api('settlement'),
        JSON.stringify(
          withHash(
            { PAY_ID: merchant.payId, SETTLEMENT_ID: id, PAGE: String(page) },
            merchant.salt,
          ),
        ),
      )
      largest = Math.max(largest, Buffer.byteLength(body))
      const json = JSON.parse(body) as Fields
      expect(verifyHash(json, merchant.salt)).toBe(true)
      expect(json).toMatchObject({
        RESPONSE_CODE: '000',
        PAGE: String(page),
        PAGE_SIZE: '1000',
        LINES_COUNT: String(LINES),
        PAGES: '100',
        PAYMENTS_COUNT: String(LINES),
      })
      const lines = list(json.LINES!)
      if (page > 100) {
        expect(lines).toEqual([])
        break
      }
      expect(lines).toHaveLength(1000)
      expect(lines.map((line) => line.TXN_ID)).toEqual(
        lines.map((_, index) => String(3000000000000000 + seen + index + 1)),
      )
      seen += lines.length
    }
    expect(seen).toBe(LINES)
    expect(largest).toBeLessThan(1024 * 1024)
  }, 120_000)

  it('answers a smaller page when asked, and the last one short', async () => {
    const { json } = await call(api('settlement'), merchant, {
      PAY_ID: merchant.payId,
      SETTLEMENT_ID: id,
      PAGE: '334',
      PAGE_SIZE: '300',
    })
    expect(json).toMatchObject({ PAGE: '334', PAGE_SIZE: '300', PAGES: '334' })
    expect(list(json.LINES!).map((line) => line.TXN_ID)).toEqual(
      Array.from({ length: 100 }, (_, index) => String(3000000000000000 + 99_900 + index + 1)),
    )
  })
})

describe('the sandbox on its own', () => {
  const reconOf = async (orderId: string) =>
    list(
      (await call(api('recon'), merchant, { PAY_ID: merchant.payId, ORDER_ID: orderId })).json
        .RECON!,
    )

  it('runs the settlements due by its clock, and two runs at once settle each payment once', async () => {
    await capture(db, merchant, {
      orderId: 'AUTO-1',
      amount: 12345,
      at: ist('2027-01-04 10:00'),
      paymentType: 'CC',
      mopType: 'VI',
    })
    // A second instance whose clock reads a minute past the hour: its first scheduled run settles AUTO-1.
    const second = await settlementSandbox({
      db,
      merchants: [merchant, other],
      now: () => ist('2027-01-05 11:01'),
    })
    try {
      await expect
        .poll(async () => (await reconOf('AUTO-1'))[0]?.STATE, { timeout: 10_000 })
        .toBe('SETTLED')
      expect((await reconOf('AUTO-1'))[0]).toMatchObject({ SETTLEMENT_DATE: '2027-01-05' })
      await capture(db, merchant, {
        orderId: 'AUTO-2',
        amount: 5000,
        at: ist('2027-01-05 10:00'),
        paymentType: 'UP',
        mopType: 'UP',
      })
      const asOf = ist('2027-01-06 11:00')
      const [a, b] = await Promise.all([
        second.gateway.settlements.runFor(merchant, asOf, { url: '', allowPrivate: false }),
        sandbox.gateway.settlements.runFor(merchant, asOf, { url: '', allowPrivate: false }),
      ])
      expect([...a, ...b].map((settlement) => settlement.fields.SETTLEMENT_DATE)).toEqual([
        '2027-01-06',
      ])
      expect((await reconOf('AUTO-2'))[0]).toMatchObject({
        STATE: 'SETTLED',
        SETTLEMENT_DATE: '2027-01-06',
      })
    } finally {
      await second.close()
    }
  })
})
