import { describe, expect, it } from 'vitest'
import { currencies } from '#core/currency/currencies.ts'
import { sandboxRates } from '#core/currency/exchange.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import { disputeCards } from '#gateway/methods.ts'
import { column, markedTables, records } from '#tests/support/doc-tables.ts'
import { fillFacts, fillGenerated, guideFacts } from './generated.ts'

/** A generated section as the guide tables read it (a marker comment before a table). */
function generatedTable(directive: string) {
  const [table] = markedTables(
    `<!-- examples: generated -->\n\n${fillGenerated(directive, 'test')}`,
  )
  return table!
}

describe('generated guide sections', () => {
  it('list every currency with its numeric code, minor units and sandbox rate, the rupee first', () => {
    const rows = records(generatedTable('<!-- generate currencies -->'))
    expect(rows.map((row) => row.Code)).toEqual(currencies.map((currency) => currency.code))
    expect(rows[0]).toMatchObject({ Code: 'INR', CURRENCY_CODE: '356', 'Minor units': '2' })
    const byCode = Object.fromEntries(rows.map((row) => [row.Code, row]))
    expect(byCode.USD).toMatchObject({
      CURRENCY_CODE: '840',
      'Minor units': '2',
      'FX_RATE (₹ per unit)': sandboxRates.USD,
    })
    expect(byCode.JPY!['Minor units']).toBe('0')
    expect(byCode.KWD!['Minor units']).toBe('3')
  })

  it('price the worked examples on the international cards row of their rupee amount', () => {
    const rows = records(generatedTable('<!-- generate fx-examples -->'))
    expect(rows.find((row) => row.Price === 'USD 12.34')).toMatchObject({
      AMOUNT: '1234',
      FX_RATE: '84.2150',
      // 12.34 × 84.2150 = 1039.21310 rupees; 3 % of it, then 18 % GST on the fee.
      INR_AMOUNT: '103921',
      Fee: '3118',
      GST: '561',
      Net: '100242',
    })
    expect(rows.find((row) => row.Price === 'JPY 500')?.AMOUNT).toBe('500')
    expect(rows.find((row) => row.Price === 'KWD 1.250')?.AMOUNT).toBe('1250')
  })

  it('give the dispute cards with their reasons, and deadlines on the business calendar', () => {
    const cards = records(generatedTable('<!-- generate dispute-cards -->'))
    expect(cards.map((row) => row.Card!.replaceAll(' ', ''))).toEqual(
      disputeCards.map((card) => card.number),
    )
    expect(cards.map((row) => row['Can evidence win it?'])).toEqual(['Yes, with a document', 'No'])
    const deadlines = records(generatedTable('<!-- generate respond-by -->'))
    // Monday 30 November: 5 working days on is Saturday 5 December, the month's first Saturday.
    expect(deadlines[0]).toMatchObject({
      'Dispute created (IST)': '2026-11-30 12:00, Monday',
      RESPOND_BY: '2026-12-05, Saturday',
    })
  })

  it('write a code table marked for the code checks, with the messages of core/protocol/codes.ts', () => {
    const [table] = markedTables(fillGenerated('<!-- generate codes disputes 345 352 -->', 'test'))
    expect(table).toMatchObject({ kind: 'codes', tag: 'disputes' })
    expect(column(table!, 'RESPONSE_MESSAGE')).toEqual([
      responseCodes['345'].message,
      responseCodes['352'].message,
    ])
    expect(() => fillGenerated('<!-- generate codes disputes 999 -->', 'test')).toThrow(/999/)
  })

  it('refuse a section no generator makes, naming the document', () => {
    expect(() => fillGenerated('<!-- generate rates -->', 'docs/integration/x.md')).toThrow(
      'docs/integration/x.md: unknown generated section "rates"',
    )
  })

  it('fill the facts they know and leave other placeholders to be refused', () => {
    expect(fillFacts('{{RATES_DATE}} {{INTERNATIONAL_CARDS_RATE}} {{NOPE}}')).toBe(
      `${guideFacts.RATES_DATE} 3.00% {{NOPE}}`,
    )
    expect(guideFacts.DISPUTE_CARD_WINNABLE).toBe('4000 0000 0000 1976')
    // A card for each card row, and the row's rates as the pricing page states them.
    expect(guideFacts.DEBIT_CARD).toBe('4000 0566 5566 5556')
    expect(guideFacts.DEBIT_CARD_ROW).toBe('Debit card')
    expect(guideFacts.DEBIT_CARD_RATES).toBe('0.40% up to ₹2,000, 0.90% above ₹2,000')
    expect(guideFacts.RUPAY_DEBIT_CARD).toBe('6074 8492 0000 4917')
    expect(guideFacts.RUPAY_DEBIT_ROW).toBe('UPI and RuPay Debit')
    expect(guideFacts.RUPAY_DEBIT_RATE).toBe('0.00%')
    expect(guideFacts.ABROAD_CARD).toBe('4000 0082 6000 0000')
    expect(guideFacts.FOREIGN_CURRENCY_COUNT).toBe(String(currencies.length - 1))
    // The dispute module's limits, as a person reads them.
    expect(guideFacts.EVIDENCE_MAX_CHARACTERS).toBe('5,000')
    expect(guideFacts.EVIDENCE_FILE_MAX).toBe('2 MB')
    expect(guideFacts.DISPUTE_BODY_LIMIT).toBe('3 MB')
    expect(guideFacts.JSON_BODY_LIMIT).toBe('16 KB')
    expect(guideFacts.EVIDENCE_FILE_EXTENSIONS).toBe('`.pdf`, `.jpg`, `.jpeg` or `.png`')
  })
})
