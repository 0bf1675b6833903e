/**
 * The monthly tax invoice over HTTP on PGlite: the fees of a month's settlements by pricing row,
 * CGST and SGST for a merchant in the provider's state and IGST for one in another, the
 * settlements' own split and GSTINs, a number kept for the month and consecutive across
 * merchants, a month without fees, the PDF read back, and the refusals 355 and 356.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brand } from '#core/brand/brand.ts'
import { addDays, calendarEnd } from '#core/calendar/business-calendar.ts'
import { providerGst } from '#core/brand/gst-registration.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { readPdf } from '#tests/support/read-pdf.ts'
import {
  assembleInvoice,
  checkMonth,
  financialYearOf,
  invoiceNumber,
  monthPeriod,
} from './invoice.ts'
import { rupees } from './invoice-pdf.ts'
import {
  call,
  capture,
  ist,
  type SettlementSandbox,
  settlementSandbox,
} from '#tests/support/sandbox-settlements.ts'

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
// A merchant in Maharashtra: the provider is in Uttar Pradesh, so its fees are IGST.
const mumbai = {
  ...demoMerchant({
    siteUrl: 'https://mumbai.paystra.example',
    gstStateCode: '27',
    gstin: '27AAGCT3418M1Z0',
  }),
  payId: '1000000000000003',
  salt: 'c3d4e5f60718293a',
  name: 'Mumbai Test Traders',
}

let db: GatewayDatabase
let sandbox: SettlementSandbox
const api = (path: string) => `${sandbox.url}/pgws/${path}`
const invoice = (fields: Fields, who = merchant) =>
  call(api('gst-invoice'), who, { PAY_ID: who.payId, ...fields })
const list = (text: string) => JSON.parse(text) as Fields[]

beforeAll(async () => {
  db = drizzle(new PGlite())
  sandbox = await settlementSandbox({ db, merchants: [merchant, mumbai] })
  // November 2026: settled on the 30th (Monday). A credit card and a net banking payment, a
  // second credit card one whose GST is odd, a UPI payment without a fee.
  for (const who of [merchant, mumbai]) {
    await capture(db, who, {
      orderId: `INV-CC-1-${who.payId}`,
      amount: 100000,
      at: ist('2026-11-27 10:00'),
      paymentType: 'CC',
      mopType: 'VI',
    })
    await capture(db, who, {
      orderId: `INV-CC-2-${who.payId}`,
      amount: 12345,
      at: ist('2026-11-27 11:00'),
      paymentType: 'CC',
      mopType: 'MC',
    })
    await capture(db, who, {
      orderId: `INV-NB-1-${who.payId}`,
      amount: 50000,
      at: ist('2026-11-27 12:00'),
      paymentType: 'NB',
      mopType: 'HDFC',
    })
    await capture(db, who, {
      orderId: `INV-UP-1-${who.payId}`,
      amount: 10000,
      at: ist('2026-11-27 13:00'),
      paymentType: 'UP',
      mopType: 'UP',
    })
    const { json } = await call(api('settlement/run'), who, {
      PAY_ID: who.payId,
      AS_OF: '2026-11-30T11:00:00+05:30',
    })
    expect(json.RESPONSE_CODE).toBe('000')
  }
})
afterAll(async () => {
  await sandbox?.close()
})

// CC ₹1,000 at 2 %: 2000 + 360. CC ₹123.45 at 2 %: 247 (246.9 half up) + 44 (44.46).
// NB ₹500 at 2 %: 1000 + 180. UPI: no fee.
const creditCard = { fee: 2247n, gst: 404n }
const netBanking = { fee: 1000n, gst: 180n }

describe('a settlement', () => {
  it('divides its GST by place of supply and carries both GSTINs', async () => {
    const settled = async (who: typeof merchant) => {
      const { json } = await call(api('settlements'), who, {
        PAY_ID: who.payId,
        FROM: '2026-11-30',
        TO: '2026-11-30',
      })
      return list(json.SETTLEMENTS!)[0]!
    }
    const here = await settled(merchant)
    expect(here).toMatchObject({
      GST_AMOUNT: '584',
      CGST_AMOUNT: '292',
      SGST_AMOUNT: '292',
      IGST_AMOUNT: '0',
      PROVIDER_GSTIN: providerGst.gstin,
      MERCHANT_GSTIN: merchant.gstin,
    })
    const fields = Object.keys(here)
    expect(fields.slice(fields.indexOf('GST_AMOUNT'), fields.indexOf('GST_AMOUNT') + 6)).toEqual([
      'GST_AMOUNT',
      'CGST_AMOUNT',
      'SGST_AMOUNT',
      'IGST_AMOUNT',
      'PROVIDER_GSTIN',
      'MERCHANT_GSTIN',
    ])
    expect(await settled(mumbai)).toMatchObject({
      GST_AMOUNT: '584',
      CGST_AMOUNT: '0',
      SGST_AMOUNT: '0',
      IGST_AMOUNT: '584',
      MERCHANT_GSTIN: '27AAGCT3418M1Z0',
    })
  })
})

describe('a settlement stored before GST was divided', () => {
  it('answers its GST as IGST without GSTINs: the split was not recorded', async () => {
    await db.execute(sql`INSERT INTO sandbox_settlements (id, pay_id, utr, settlement_date,
        cycle_from, cycle_to, payments_count, refunds_count, gross_amount, refunds_amount,
        fees_amount, gst_amount, adjustments_amount, net_amount, bank_account, status)
      VALUES ('setl_0000000000000000old1', ${merchant.payId}, 'PYSTN26001000001', '2026-01-01',
        '2025-12-31', '2025-12-31', 1, 0, 100000, 0, 2000, 360, 0, 97640, 'XXXXXXXXXX4321',
        'PROCESSED')`)
    const { json } = await call(api('settlements'), merchant, {
      PAY_ID: merchant.payId,
      FROM: '2026-01-01',
      TO: '2026-01-01',
    })
    expect(list(json.SETTLEMENTS!)[0]).toMatchObject({
      GST_AMOUNT: '360',
      CGST_AMOUNT: '0',
      SGST_AMOUNT: '0',
      IGST_AMOUNT: '360',
      PROVIDER_GSTIN: '',
      MERCHANT_GSTIN: '',
    })
  })
})

describe('the tax invoice of a month', () => {
  let number: string

  it('lists the fees by pricing row with CGST and SGST within the provider’s state', async () => {
    const { json } = await invoice({ MONTH: '2026-11' })
    expect(json.RESPONSE_CODE).toBe('000')
    expect(verifyHash(json, merchant.salt)).toBe(true)
    expect(json).toMatchObject({
      PAY_ID: merchant.payId,
      MONTH: '2026-11',
      INVOICE_DATE: '2026-11-30',
      PERIOD_FROM: '2026-11-01',
      PERIOD_TO: '2026-11-30',
      PROVIDER_NAME: brand.legalName,
      PROVIDER_GSTIN: providerGst.gstin,
      PROVIDER_STATE_CODE: '09',
      PROVIDER_STATE: 'Uttar Pradesh',
      MERCHANT_NAME: merchant.name,
      MERCHANT_GSTIN: merchant.gstin,
      MERCHANT_STATE_CODE: '09',
      PLACE_OF_SUPPLY: '09-Uttar Pradesh',
      SUPPLY_TYPE: 'INTRA_STATE',
      STATE_TAX: 'SGST',
      CGST_RATE: '9.00',
      SGST_RATE: '9.00',
      IGST_RATE: '0.00',
      SETTLEMENTS_COUNT: '1',
      CHARGES_COUNT: '3',
      TAXABLE_AMOUNT: '3247',
      CGST_AMOUNT: '292',
      SGST_AMOUNT: '292',
      IGST_AMOUNT: '0',
      GST_AMOUNT: '584',
      TOTAL_AMOUNT: '3831',
    })
    expect(list(json.LINES!)).toEqual([
      {
        DESCRIPTION: 'Payment Gateway fees: Credit card',
        SAC: '9971',
        CHARGES_COUNT: '2',
        TAXABLE_AMOUNT: String(creditCard.fee),
        CGST_AMOUNT: '202',
        SGST_AMOUNT: '202',
        IGST_AMOUNT: '0',
        GST_AMOUNT: String(creditCard.gst),
        TOTAL_AMOUNT: String(creditCard.fee + creditCard.gst),
      },
      {
        DESCRIPTION: 'Payment Gateway fees: Net banking',
        SAC: '9971',
        CHARGES_COUNT: '1',
        TAXABLE_AMOUNT: String(netBanking.fee),
        CGST_AMOUNT: '90',
        SGST_AMOUNT: '90',
        IGST_AMOUNT: '0',
        GST_AMOUNT: String(netBanking.gst),
        TOTAL_AMOUNT: String(netBanking.fee + netBanking.gst),
      },
    ])
    expect(json.INVOICE_NUMBER).toMatch(/^PYS\/2627\/\d{6}$/)
    number = json.INVOICE_NUMBER!
  })

  it('is IGST for a merchant in another state, numbered next in the same series', async () => {
    const { json } = await invoice({ MONTH: '2026-11' }, mumbai)
    expect(verifyHash(json, mumbai.salt)).toBe(true)
    expect(json).toMatchObject({
      MERCHANT_GSTIN: '27AAGCT3418M1Z0',
      MERCHANT_STATE: 'Maharashtra',
      PLACE_OF_SUPPLY: '27-Maharashtra',
      SUPPLY_TYPE: 'INTER_STATE',
      CGST_RATE: '0.00',
      IGST_RATE: '18.00',
      CGST_AMOUNT: '0',
      SGST_AMOUNT: '0',
      IGST_AMOUNT: '584',
      GST_AMOUNT: '584',
    })
    expect(list(json.LINES!).map((line) => line.IGST_AMOUNT)).toEqual(['404', '180'])
    expect(json.INVOICE_NUMBER).toBe(invoiceNumber('2627', Number(number.slice(-6)) + 1))
  })

  it('keeps its number when asked again', async () => {
    const { json } = await invoice({ MONTH: '2026-11', FORMAT: 'JSON' })
    expect(json.INVOICE_NUMBER).toBe(number)
  })

  it('answers a month without fees with no lines and zero totals, under a number of its own', async () => {
    const { json } = await invoice({ MONTH: '2027-03' })
    expect(json).toMatchObject({
      RESPONSE_CODE: '000',
      INVOICE_DATE: '2027-03-31',
      SETTLEMENTS_COUNT: '0',
      LINES: '[]',
      TAXABLE_AMOUNT: '0',
      GST_AMOUNT: '0',
      TOTAL_AMOUNT: '0',
    })
    expect(json.INVOICE_NUMBER).toMatch(/^PYS\/2627\//)
    expect(json.INVOICE_NUMBER).not.toBe(number)
    // April starts the next financial year, and its series.
    const april = await invoice({ MONTH: '2027-04' })
    expect(april.json.INVOICE_NUMBER).toBe('PYS/2728/000001')
  })

  it('as a PDF, prints both GSTINs, the place of supply and the totals', async () => {
    const response = await fetch(api('gst-invoice'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        withHash({ PAY_ID: merchant.payId, MONTH: '2026-11', FORMAT: 'PDF' }, merchant.salt),
      ),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toContain(
      `${number.replaceAll('/', '-')}.pdf`,
    )
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const { pages, tree } = await readPdf(bytes)
    const text = pages.join(' ')
    for (const expected of [
      'Tax invoice',
      number,
      providerGst.gstin,
      merchant.gstin!,
      'Uttar Pradesh (state code 09)',
      'Payment Gateway fees: Credit card',
      `CGST 9.00%`,
      rupees(584n),
      rupees(3247n),
      rupees(3831n),
      '30 Nov 2026',
    ]) {
      expect(text).toContain(expected)
    }
    expect(JSON.stringify(tree)).toContain('"role":"Table"')
  })

  it('as a PDF for the other state, prints IGST', async () => {
    const response = await fetch(api('gst-invoice'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        withHash({ PAY_ID: mumbai.payId, MONTH: '2026-11', FORMAT: 'PDF' }, mumbai.salt),
      ),
    })
    const { pages } = await readPdf(Buffer.from(await response.arrayBuffer()))
    expect(pages.join(' ')).toContain('Between states: IGST')
    expect(pages.join(' ')).toContain('27AAGCT3418M1Z0')
  })

  it('refuses a MONTH that is not YYYY-MM from 2000-01 to 2099-12 with 355, a FORMAT with 356', async () => {
    for (const MONTH of ['2026-13', '2026-00', '1999-12', '2100-01', '2026-1', '26-11', '']) {
      const { json } = await invoice({ MONTH })
      expect(json, MONTH).toMatchObject({
        PAY_ID: merchant.payId,
        MONTH,
        STATUS: 'Failed',
        RESPONSE_CODE: '355',
      })
      expect(verifyHash(json, merchant.salt)).toBe(true)
    }
    const missing = await invoice({})
    expect(missing.json.RESPONSE_CODE).toBe('355')
    for (const FORMAT of ['CSV', 'pdf', '']) {
      const { json } = await invoice({ MONTH: '2026-11', FORMAT })
      expect(json, FORMAT).toMatchObject({ FORMAT, RESPONSE_CODE: '356' })
    }
  })
})

describe('the invoice rules', () => {
  it('reads months, periods and financial years', () => {
    expect(checkMonth('2000-01')).toEqual({ ok: true, value: '2000-01' })
    const lastMonth = calendarEnd.slice(0, 7)
    expect(checkMonth(lastMonth)).toEqual({ ok: true, value: lastMonth })
    // After the last year whose bank holidays the calendar knows: refused, not guessed.
    expect(checkMonth(addDays(calendarEnd, 1).slice(0, 7))).toEqual({ ok: false, code: '359' })
    expect(checkMonth('2099-12')).toEqual({ ok: false, code: '359' })
    expect(checkMonth(undefined)).toEqual({ ok: false, code: '355' })
    expect(monthPeriod('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(monthPeriod('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
    expect(financialYearOf('2027-03')).toBe('2627')
    expect(financialYearOf('2027-04')).toBe('2728')
    expect(financialYearOf('2099-12')).toBe('9900')
    expect(invoiceNumber('2627', 42)).toBe('PYS/2627/000042')
    expect(invoiceNumber('2627', 42).length).toBeLessThanOrEqual(16)
  })

  it('splits each line on its own, and its totals are the lines’ sums', () => {
    const parties = {
      provider: { stateCode: '09', gstin: providerGst.gstin },
      merchant: { stateCode: '09', gstin: '' },
    }
    const line = (paymentType: string, gst: bigint) => ({
      type: 'PAYMENT',
      paymentType,
      mopType: 'VI',
      international: false,
      description: '',
      fee: gst * 5n,
      gst,
    })
    const assembled = assembleInvoice({
      number: 'PYS/2627/000001',
      month: '2026-11',
      parties,
      merchantName: 'Shop',
      settlementsCount: 1,
      lines: [line('CC', 1n), line('NB', 1n), line('WL', 1n)],
    })
    // Three odd paise, one per line, each to CGST: 3 and 0, where the GST split whole is 2 and 1.
    expect(assembled.totals).toMatchObject({ cgst: 3n, sgst: 0n, igst: 0n, gst: 3n })
    expect(assembled.lines.map((entry) => entry.key)).toEqual([
      'credit-card',
      'net-banking',
      'wallets',
    ])
  })
})
