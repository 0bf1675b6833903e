/**
 * A merchant's monthly tax invoice for the fees the provider charged it: every fee and its GST
 * on the settlements dated in the month, one line per Payment Gateway pricing row (or per kind
 * of other charge), each line's GST divided by place of supply (core/tax/gst.ts), the totals
 * the sums of the lines. Pure: the store reads the lines, the API answers, the PDF prints this.
 */
import { addDays, type IsoDate } from '#core/calendar/business-calendar.ts'
import { lastKnownDates } from './checks.ts'
import { brand, contact } from '#core/brand/brand.ts'
import { pricingRowFor } from '#core/pricing/payment-fee.ts'
import { paymentGatewayTab } from '#core/pricing/pricing.ts'
import { rowById } from '#core/pricing/fees.ts'
import {
  type GstParties,
  gstStateOf,
  halfGstPercent,
  placeOfSupply,
  splitGst,
} from '#core/tax/gst.ts'
import { gstPercent } from '#core/pricing/pricing.ts'

/** `YYYY-MM`, 2000-01 to 2099-12. */
export type InvoiceMonth = string

/** A settlement line that charged a fee, as stored. */
export interface ChargedLine {
  type: string
  paymentType: string
  mopType: string
  /** Paid in a foreign currency, or with a card issued abroad: the international cards row. */
  international: boolean
  description: string
  fee: bigint
  gst: bigint
}

/**
 * The services' heading in the Services Accounting Code: 9971, financial and related services.
 * A tax invoice names it for each line.
 */
export const feesSac = '9971'

export interface InvoiceLine {
  /** The pricing row's id (`credit-card`), or for a charge that is no payment's, its description. */
  key: string
  description: string
  sac: string
  chargesCount: number
  taxable: bigint
  cgst: bigint
  sgst: bigint
  igst: bigint
  gst: bigint
  total: bigint
}

export interface Invoice {
  number: string
  /** The month's last day: the invoice covers the fees of its settlements. */
  date: IsoDate
  month: InvoiceMonth
  periodFrom: IsoDate
  periodTo: IsoDate
  parties: GstParties
  merchantName: string
  /** Within the provider's state: CGST and SGST (or UTGST); otherwise IGST. */
  intraState: boolean
  stateTax: 'SGST' | 'UTGST'
  settlementsCount: number
  lines: InvoiceLine[]
  totals: Omit<InvoiceLine, 'key' | 'description' | 'sac'>
}

/** The first and last day of a month. */
export function monthPeriod(month: InvoiceMonth): { from: IsoDate; to: IsoDate } {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const next =
    number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`
  return { from: `${month}-01`, to: addDays(next, -1) }
}

/** The Indian financial year (April to March) a month falls in, as `2627` for 2026–27. */
export function financialYearOf(month: InvoiceMonth): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const start = number >= 4 ? year : year - 1
  return `${String(start % 100).padStart(2, '0')}${String((start + 1) % 100).padStart(2, '0')}`
}

/**
 * `PYS/2627/000042`: the provider's series, the financial year and a serial consecutive within
 * it. Fifteen characters, within the sixteen a tax invoice's number may have (CGST Rules, rule 46).
 */
export function invoiceNumber(financialYear: string, serial: number): string {
  return `PYS/${financialYear}/${String(serial).padStart(6, '0')}`
}

function lineKey(line: ChargedLine): { key: string; description: string } {
  if (line.type === 'PAYMENT') {
    const key = pricingRowFor({
      paymentType: line.paymentType,
      mopType: line.mopType,
      ...(line.international ? { issuedAbroad: true } : {}),
    })
    return {
      key,
      description: `${paymentGatewayTab.label} fees: ${rowById(paymentGatewayTab, key).label}`,
    }
  }
  return { key: line.description, description: line.description }
}

const zero = { chargesCount: 0, taxable: 0n, cgst: 0n, sgst: 0n, igst: 0n, gst: 0n, total: 0n }

/**
 * The invoice of `month` from the fee-bearing lines of its settlements. Each line of the invoice
 * divides its own GST (the odd paisa to CGST) and the totals add the lines, so every figure a
 * reader adds up on the page adds up; GST_AMOUNT is exactly the GST the settlements charged.
 */
export function assembleInvoice(input: {
  number: string
  month: InvoiceMonth
  parties: GstParties
  merchantName: string
  settlementsCount: number
  lines: readonly ChargedLine[]
}): Invoice {
  const { parties } = input
  const grouped = new Map<
    string,
    { description: string; count: number; fee: bigint; gst: bigint }
  >()
  for (const line of input.lines) {
    const { key, description } = lineKey(line)
    const group = grouped.get(key) ?? { description, count: 0, fee: 0n, gst: 0n }
    group.count += 1
    group.fee += line.fee
    group.gst += line.gst
    grouped.set(key, group)
  }
  const rowOrder = paymentGatewayTab.rows.map((row) => row.id)
  const order = (key: string) => {
    const index = rowOrder.indexOf(key)
    return index < 0 ? rowOrder.length : index
  }
  const lines = [...grouped.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([key, group]): InvoiceLine => {
      const split = splitGst(group.gst, parties)
      return {
        key,
        description: group.description,
        sac: feesSac,
        chargesCount: group.count,
        taxable: group.fee,
        cgst: split.cgst,
        sgst: split.sgst,
        igst: split.igst,
        gst: group.gst,
        total: group.fee + group.gst,
      }
    })
  const totals = lines.reduce(
    (sum, line) => ({
      chargesCount: sum.chargesCount + line.chargesCount,
      taxable: sum.taxable + line.taxable,
      cgst: sum.cgst + line.cgst,
      sgst: sum.sgst + line.sgst,
      igst: sum.igst + line.igst,
      gst: sum.gst + line.gst,
      total: sum.total + line.total,
    }),
    zero,
  )
  const period = monthPeriod(input.month)
  const split = splitGst(0n, parties)
  return {
    number: input.number,
    date: period.to,
    month: input.month,
    periodFrom: period.from,
    periodTo: period.to,
    parties,
    merchantName: input.merchantName,
    intraState: parties.provider.stateCode === placeOfSupply(parties).code,
    stateTax: split.stateTax,
    settlementsCount: input.settlementsCount,
    lines,
    totals,
  }
}

/** The rates of the three parts as printed: `9.00` or `0.00`. */
export function ratesOf(invoice: Invoice): { cgst: string; sgst: string; igst: string } {
  const percent = (value: number) => value.toFixed(2)
  return invoice.intraState
    ? { cgst: percent(halfGstPercent), sgst: percent(halfGstPercent), igst: percent(0) }
    : { cgst: percent(0), sgst: percent(0), igst: percent(gstPercent) }
}

const stateName = (code: string) => gstStateOf(code)?.name ?? ''

/** The invoice as the API answers it: flat fields in paise, its lines as JSON text. */
export function invoiceAnswer(invoice: Invoice): Record<string, string> {
  const { parties, totals } = invoice
  const rates = ratesOf(invoice)
  const supply = placeOfSupply(parties)
  return {
    MONTH: invoice.month,
    INVOICE_NUMBER: invoice.number,
    INVOICE_DATE: invoice.date,
    PERIOD_FROM: invoice.periodFrom,
    PERIOD_TO: invoice.periodTo,
    PROVIDER_NAME: brand.legalName,
    PROVIDER_ADDRESS: contact.address.lines.join(', '),
    PROVIDER_GSTIN: parties.provider.gstin,
    PROVIDER_STATE_CODE: parties.provider.stateCode,
    PROVIDER_STATE: stateName(parties.provider.stateCode),
    MERCHANT_NAME: invoice.merchantName,
    MERCHANT_GSTIN: parties.merchant.gstin,
    MERCHANT_STATE_CODE: parties.merchant.stateCode,
    MERCHANT_STATE: stateName(parties.merchant.stateCode),
    PLACE_OF_SUPPLY: `${supply.code}-${supply.name}`,
    SUPPLY_TYPE: invoice.intraState ? 'INTRA_STATE' : 'INTER_STATE',
    STATE_TAX: invoice.stateTax,
    CGST_RATE: rates.cgst,
    SGST_RATE: rates.sgst,
    IGST_RATE: rates.igst,
    REVERSE_CHARGE: 'N',
    SETTLEMENTS_COUNT: String(invoice.settlementsCount),
    LINES: JSON.stringify(
      invoice.lines.map((line) => ({
        DESCRIPTION: line.description,
        SAC: line.sac,
        CHARGES_COUNT: String(line.chargesCount),
        TAXABLE_AMOUNT: String(line.taxable),
        CGST_AMOUNT: String(line.cgst),
        SGST_AMOUNT: String(line.sgst),
        IGST_AMOUNT: String(line.igst),
        GST_AMOUNT: String(line.gst),
        TOTAL_AMOUNT: String(line.total),
      })),
    ),
    CHARGES_COUNT: String(totals.chargesCount),
    TAXABLE_AMOUNT: String(totals.taxable),
    CGST_AMOUNT: String(totals.cgst),
    SGST_AMOUNT: String(totals.sgst),
    IGST_AMOUNT: String(totals.igst),
    GST_AMOUNT: String(totals.gst),
    TOTAL_AMOUNT: String(totals.total),
  }
}

type Checked<T> = { ok: true; value: T } | { ok: false; code: '355' | '356' | '359' }

/**
 * MONTH: `YYYY-MM`, a real month from 2000-01 to 2099-12 (355 otherwise), and none after the
 * last whose bank holidays the calendar knows (359).
 */
export function checkMonth(text: string | undefined): Checked<InvoiceMonth> {
  const match = text === undefined ? null : /^(\d{4})-(\d{2})$/.exec(text)
  if (!match) return { ok: false, code: '355' }
  const year = Number(match[1])
  const month = Number(match[2])
  if (year < 2000 || year > 2099 || month < 1 || month > 12) return { ok: false, code: '355' }
  if (text! > lastKnownDates.month) return { ok: false, code: '359' }
  return { ok: true, value: text! }
}

export type InvoiceFormat = 'JSON' | 'PDF'

/** FORMAT: JSON (the default) or PDF (356 otherwise). */
export function checkInvoiceFormat(text: string | undefined): Checked<InvoiceFormat> {
  const format = text ?? 'JSON'
  return format === 'JSON' || format === 'PDF'
    ? { ok: true, value: format }
    : { ok: false, code: '356' }
}
