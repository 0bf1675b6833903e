/**
 * A settlement as the rows of its CSV file, for a finance team's spreadsheet (ADR 040): the
 * settlement's id, UTR and date on every row, each amount in paise and beside it in rupees, the
 * lines, then a totals row. A spreadsheet reads a cell as a formula when it begins with `=`, `+`,
 * `-`, `@`, a tab or a carriage return, and as a number, date, time or truth value when it looks
 * like one (digits, rounded past 15 of them; `1E5`; `12-05`; `Dec-5`; `TRUE`); such a text cell
 * is written with a leading apostrophe, which keeps it text and whole.
 */
import { formatRupees } from '#core/currency/paise.ts'
import { lineFields, type LineFields, type SettlementFields } from './fields.ts'

const amountFields = ['AMOUNT', 'FEE', 'GST', 'NET'] as const

/** The CSV's columns: the settlement's own three, then the line's, each amount with its rupees. */
export const csvColumns: readonly string[] = [
  'SETTLEMENT_ID',
  'UTR',
  'SETTLEMENT_DATE',
  ...lineFields.flatMap((field) =>
    (amountFields as readonly string[]).includes(field) ? [field, `${field}_RUPEES`] : [field],
  ),
]

/** The columns that hold numbers the sandbox wrote: left as numbers when they are ones. */
const numberColumns = new Set<string>([
  ...amountFields.flatMap((field) => [field, `${field}_RUPEES`]),
  'ORIGINAL_AMOUNT',
  'FX_RATE',
])
/** The columns a spreadsheet should read as dates. */
const dateColumns = new Set(['SETTLEMENT_DATE', 'DATE'])

const formulaStart = /^[=+\-@\t\r]/
/** Read as a number, date or time (they all begin with a digit), a month's date, or a truth value. */
const valueLike =
  /^\d|^(true|false)$|^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[-/ ]?\d/i
const number = /^-?\d+(\.\d+)?$/
const dateText = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/

/**
 * A text cell a spreadsheet keeps as written: one that would start a formula, or that it would
 * read as a value (an 18-digit PG_REF_NUM, a currency code `036`, an order id `12-05`), gets a
 * leading apostrophe.
 */
export function spreadsheetText(value: string): string {
  return formulaStart.test(value) || valueLike.test(value) ? `'${value}` : value
}

/** Paise as a spreadsheet's rupees, two decimals, no symbol or grouping: `-5000` → `-50.00`. */
export function rupeesOf(paise: string): string {
  return formatRupees(BigInt(paise), { symbol: false, grouped: false })
}

function cellOf(column: string, value: string): string {
  if (value === '') return ''
  if (numberColumns.has(column) && number.test(value)) return value
  if (dateColumns.has(column) && dateText.test(value)) return value
  return spreadsheetText(value)
}

function rowOf(values: Record<string, string>): string[] {
  return csvColumns.map((column) => cellOf(column, values[column] ?? ''))
}

function withRupees(values: Record<string, string>): Record<string, string> {
  const rupees = Object.fromEntries(
    amountFields.flatMap((field) =>
      values[field] === undefined ? [] : [[`${field}_RUPEES`, rupeesOf(values[field])]],
    ),
  )
  return { ...values, ...rupees }
}

/**
 * The CSV's rows, header first, as cells ready for an RFC 4180 writer. The last row's first cell
 * is `TOTAL`: its FEE, GST and NET are the settlement's FEES_AMOUNT, GST_AMOUNT and NET_AMOUNT
 * (the lines' sums), its description says where the net went.
 */
export function settlementCsvRows(
  settlement: SettlementFields,
  lines: Iterable<LineFields>,
): string[][] {
  const own = {
    SETTLEMENT_ID: settlement.SETTLEMENT_ID,
    UTR: settlement.UTR,
    SETTLEMENT_DATE: settlement.SETTLEMENT_DATE,
  }
  const rows = [[...csvColumns]]
  let count = 0
  for (const line of lines) {
    rows.push(rowOf(withRupees({ ...own, ...line })))
    count++
  }
  const paid =
    settlement.STATUS === 'PROCESSED'
      ? `paid to ${settlement.BANK_ACCOUNT}`
      : 'carried forward, nothing paid'
  rows.push(
    rowOf(
      withRupees({
        ...own,
        SETTLEMENT_ID: 'TOTAL',
        FEE: settlement.FEES_AMOUNT,
        GST: settlement.GST_AMOUNT,
        NET: settlement.NET_AMOUNT,
        DESCRIPTION: `Total of ${count} ${count === 1 ? 'line' : 'lines'}; ${paid}`,
      }),
    ),
  )
  return rows
}
