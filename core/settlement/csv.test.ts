import { describe, expect, it } from 'vitest'
import { csvColumns, rupeesOf, settlementCsvRows, spreadsheetText } from './csv.ts'
import { lineFields, type LineFields, type SettlementFields } from './fields.ts'

const settlement = {
  SETTLEMENT_ID: 'setl_8c41d07be2a95f3360d1',
  UTR: 'PYSTN26334518207',
  SETTLEMENT_DATE: '2026-11-30',
  FEES_AMOUNT: '3000',
  GST_AMOUNT: '540',
  NET_AMOUNT: '-5040',
  BANK_ACCOUNT: 'XXXXXXXXXX4321',
  STATUS: 'CARRIED_FORWARD',
} as SettlementFields

const line = (overrides: Partial<LineFields>): LineFields => ({
  TYPE: 'PAYMENT',
  ORDER_ID: 'ORD-1',
  TXN_ID: '7666903093527291',
  PG_REF_NUM: '202693801761231770',
  PAYMENT_TYPE: 'CC',
  MOP_TYPE: 'VI',
  AMOUNT: '150000',
  FEE: '3000',
  GST: '540',
  NET: '146460',
  DATE: '2026-11-28 10:05:47',
  DESCRIPTION: 'Credit card (2.00%)',
  DISPUTE_ID: '',
  SOURCE_SETTLEMENT_ID: '',
  ...overrides,
})

describe('the settlement CSV', () => {
  it("neutralises every cell a spreadsheet would read as a formula, as OWASP's CSV injection guidance lists them", () => {
    for (const value of ['-1-1', '@A1', '=1+1', '+1', '\t=1+1', '\r=1+1', '=HYPERLINK("x")']) {
      expect(spreadsheetText(value)).toBe(`'${value}`)
    }
    for (const value of ['ORD-1', 'Refund', 'setl_8c41d07be2a95f3360d1', "'quoted", '']) {
      expect(spreadsheetText(value)).toBe(value)
    }
  })

  it('keeps an identifier a spreadsheet would read as a value whole and text: 18 digits, leading zeros, a number, date, time or truth value', () => {
    expect(spreadsheetText('123456789012345678')).toBe("'123456789012345678")
    expect(spreadsheetText('036')).toBe("'036")
    for (const value of ['1E5', '12-05', '1/2', '10:30', 'Dec-05', 'march/3', 'TRUE', 'false']) {
      expect(spreadsheetText(value)).toBe(`'${value}`)
    }
    for (const value of ['ORD-1001', 'DEMO-PAID-1', 'Decimal', 'MAYBE', 'TRUE-1']) {
      expect(spreadsheetText(value)).toBe(value)
    }
  })

  it('writes rupees with two decimals beside paise, signed', () => {
    expect(
      ['0', '5', '99', '100', '146460', '-5000', '-1', '123456789012345678'].map(rupeesOf),
    ).toEqual(['0.00', '0.05', '0.99', '1.00', '1464.60', '-50.00', '-0.01', '1234567890123456.78'])
  })

  it('has the settlement on every row, amounts as numbers, text cells neutralised, and a TOTAL row last', () => {
    const rows = settlementCsvRows(settlement, [
      line({ ORDER_ID: '123456789012345678' }),
      line({ ORDER_ID: '-1-1', DESCRIPTION: '=1+1' }),
      line({
        TYPE: 'DISPUTE_HOLD',
        ORDER_ID: '@A1',
        AMOUNT: '-21054',
        FEE: '0',
        GST: '0',
        NET: '-21054',
        DISPUTE_ID: 'dsp_0123456789abcdef0123',
        CURRENCY_CODE: '036',
        ORIGINAL_AMOUNT: '250',
        FX_RATE: '84.2150',
      }),
    ])
    expect(rows[0]).toEqual([...csvColumns])
    expect(csvColumns.slice(0, 3)).toEqual(['SETTLEMENT_ID', 'UTR', 'SETTLEMENT_DATE'])
    expect(csvColumns.filter((column) => !column.endsWith('_RUPEES')).slice(3)).toEqual([
      ...lineFields,
    ])
    const cell = (row: number, column: string) => rows[row]![csvColumns.indexOf(column)]
    expect(rows.slice(1, -1).map((_, index) => cell(index + 1, 'SETTLEMENT_ID'))).toEqual([
      settlement.SETTLEMENT_ID,
      settlement.SETTLEMENT_ID,
      settlement.SETTLEMENT_ID,
    ])
    expect(cell(1, 'ORDER_ID')).toBe("'123456789012345678")
    expect(cell(1, 'TXN_ID')).toBe("'7666903093527291")
    expect([cell(2, 'ORDER_ID'), cell(2, 'DESCRIPTION')]).toEqual(["'-1-1", "'=1+1"])
    expect(cell(3, 'ORDER_ID')).toBe("'@A1")
    // A negative amount is a number, not a formula.
    expect([cell(3, 'AMOUNT'), cell(3, 'AMOUNT_RUPEES'), cell(3, 'NET_RUPEES')]).toEqual([
      '-21054',
      '-210.54',
      '-210.54',
    ])
    expect([cell(3, 'CURRENCY_CODE'), cell(3, 'ORIGINAL_AMOUNT'), cell(3, 'FX_RATE')]).toEqual([
      "'036",
      '250',
      '84.2150',
    ])
    expect([cell(1, 'DATE'), cell(1, 'SETTLEMENT_DATE')]).toEqual([
      '2026-11-28 10:05:47',
      '2026-11-30',
    ])
    const total = rows.at(-1)!
    expect(rows).toHaveLength(5)
    expect(total[0]).toBe('TOTAL')
    expect(
      ['UTR', 'SETTLEMENT_DATE', 'TYPE', 'AMOUNT', 'FEE', 'GST', 'NET', 'NET_RUPEES'].map(
        (column) => cell(4, column),
      ),
    ).toEqual([settlement.UTR, '2026-11-30', '', '', '3000', '540', '-5040', '-50.40'])
    expect(cell(4, 'DESCRIPTION')).toBe('Total of 3 lines; carried forward, nothing paid')
  })
})
