import { describe, expect, test } from 'vitest'
import { pricingTabs } from './pricing.ts'
import {
  amountErrors,
  chargeOn,
  describeSlab,
  formatCharge,
  gstOn,
  maxAmountPaise,
  parseAmount,
  quoteAutoCollection,
  quotePaylink,
  quotePaymentGateway,
  quotePayout,
  quoteSubscription,
  rupeesToPaise,
  type Quote,
  type QuoteResult,
  slabContains,
} from './fees.ts'

const rupees = (value: string) => {
  const parsed = parseAmount(value)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.paise
}

/** The fee before GST of the first (or only) charge line. */
const firstCharge = (quote: Quote) => quote.charges[0]?.paise

const okQuote = (result: QuoteResult): Quote => {
  if (!result.ok) throw new Error(result.error)
  return result.quote
}

describe('parseAmount', () => {
  test.each([
    ['1500', 150000n],
    ['1500.5', 150050n],
    ['1500.50', 150050n],
    ['  2000.01 ', 200001n],
    ['₹1,50,000', 15000000n],
    ['₹ 10,000.00', 1000000n],
    ['.5', 50n],
    ['7.', 700n],
    ['0.01', 1n],
    ['100000000', maxAmountPaise],
  ])('reads %j as %s paise', (input, paise) => {
    expect(parseAmount(input)).toEqual({ ok: true, paise })
  })

  test.each([
    ['', amountErrors.empty],
    ['   ', amountErrors.empty],
    ['-5', amountErrors.negative],
    ['−5', amountErrors.negative],
    ['-0.5', amountErrors.negative],
    ['abc', amountErrors.notNumber],
    ['12abc', amountErrors.notNumber],
    ['1e5', amountErrors.notNumber],
    ['1.2.3', amountErrors.notNumber],
    ['.', amountErrors.notNumber],
    ['1.5,0', amountErrors.notNumber],
    ['1500.505', amountErrors.tooManyDecimals],
    ['0.001', amountErrors.tooManyDecimals],
    ['0', amountErrors.zero],
    ['0.00', amountErrors.zero],
    ['100000000.01', amountErrors.tooLarge],
    ['99999999999', amountErrors.tooLarge],
  ])('refuses %j', (input, error) => {
    expect(parseAmount(input)).toEqual({ ok: false, error })
  })

  test('the empty-field message gives an example the visitor can copy', () => {
    expect(amountErrors.empty).toContain('like 1500 or 1500.50')
  })
})

describe('money arithmetic', () => {
  test('percentages round half up to the paisa', () => {
    // 0.40 % of ₹1.25 is 0.5 paise: half rounds up.
    expect(chargeOn({ kind: 'percent', percent: 0.4 }, 125n)).toBe(1n)
    // 0.40 % of ₹1.24 is 0.496 paise.
    expect(chargeOn({ kind: 'percent', percent: 0.4 }, 124n)).toBe(0n)
    // 2.10 % of ₹333.33 is 699.993 paise; a float would drift, integers do not.
    expect(chargeOn({ kind: 'percent', percent: 2.1 }, 33333n)).toBe(700n)
    expect(chargeOn({ kind: 'percent', percent: 0.9 }, 10_00_00_000_00n)).toBe(9_00_000_00n) // ₹9,00,000 on ₹10 crore
  })

  test('GST is 18 % of the fee, rounded half up', () => {
    expect(gstOn(800n)).toBe(144n)
    expect(gstOn(750n)).toBe(135n)
    expect(gstOn(25n)).toBe(5n) // 4.5 paise
    expect(gstOn(0n)).toBe(0n)
  })
})

describe('Payment Gateway', () => {
  test('UPI and RuPay Debit cost nothing, whatever the amount', () => {
    const quote = quotePaymentGateway('upi-rupay-debit', rupees('250000'))
    expect(quote.fee).toBe(0n)
    expect(quote.gst).toBe(0n)
    expect(quote.outcome).toEqual({ label: 'You receive', paise: rupees('250000') })
  })

  test('debit card: ₹2,000.00 is still "up to 2k" at 0.40 %', () => {
    const quote = quotePaymentGateway('debit-card', rupees('2000'))
    expect(firstCharge(quote)).toBe(800n)
    expect(quote.gst).toBe(144n)
    expect(quote.outcome.paise).toBe(200000n - 944n)
  })

  test('debit card: ₹2,000.01 is "above 2k" at 0.90 %', () => {
    // 0.90 % of 200,001 paise is 1,800.009 paise.
    expect(firstCharge(quotePaymentGateway('debit-card', rupees('2000.01')))).toBe(1800n)
  })

  test.each([
    ['credit-card', 20000n],
    ['net-banking', 20000n],
    ['wallets', 21000n],
    ['international-cards', 30000n],
  ])('%s on ₹10,000 costs %s paise before GST', (method, fee) => {
    expect(quotePaymentGateway(method, rupees('10000')).fee).toBe(fee)
  })

  test('an unknown method is a programming error, not a silent zero', () => {
    expect(() => quotePaymentGateway('cheque', 100n)).toThrow(/cheque/)
  })
})

describe('Subscription', () => {
  test('a card or e-NACH debit is ₹7.00 flat', () => {
    expect(quoteSubscription('debit-transaction', rupees('99999')).fee).toBe(700n)
  })

  test.each([
    ['250', 400n],
    ['250.01', 700n],
    ['1000', 700n],
    ['1000.01', 1500n],
  ])('UPI AutoPay presentation of ₹%s costs %s paise', (amount, fee) => {
    expect(quoteSubscription('upi-autopay-presentation', rupees(amount)).fee).toBe(fee)
  })

  test('mandate registrations are flat', () => {
    expect(quoteSubscription('mandate-registration', rupees('1')).fee).toBe(600n)
    expect(quoteSubscription('upi-mandate', rupees('1')).fee).toBe(700n)
  })

  test('when charges exceed the amount the shortfall is explained', () => {
    const quote = quoteSubscription('debit-transaction', rupees('5'))
    expect(quote.outcome.paise).toBe(500n - 700n - 126n)
    expect(quote.note).toMatch(/next settlement/)
  })
})

describe('Payouts', () => {
  test.each(['1', '10000', '10000.01', '25000.01', '5000000'])(
    'NEFT costs ₹5.00 throughout (₹%s)',
    (amount) => {
      expect(okQuote(quotePayout('neft', rupees(amount))).fee).toBe(500n)
    },
  )

  test('RTGS costs ₹5.00 and starts at ₹2,00,000', () => {
    expect(okQuote(quotePayout('rtgs', rupees('200000'))).fee).toBe(500n)
    expect(okQuote(quotePayout('rtgs', rupees('5000000'))).fee).toBe(500n)
    expect(quotePayout('rtgs', rupees('199999.99'))).toEqual({
      ok: false,
      error: expect.stringMatching(/₹2,00,000/),
    })
  })

  test.each(['imps', 'upi'])('%s slabs: 10k and 25k belong to the lower slab', (rail) => {
    const fee = (amount: string) => okQuote(quotePayout(rail, rupees(amount))).fee
    expect(fee('10000')).toBe(500n)
    expect(fee('10000.01')).toBe(800n)
    expect(fee('25000')).toBe(800n)
    expect(fee('25000.01')).toBe(1200n)
  })

  test('the fee and its GST come on top of the transfer', () => {
    const quote = okQuote(quotePayout('imps', rupees('10000.01')))
    expect(quote.gst).toBe(144n)
    expect(quote.outcome).toEqual({
      label: 'Total debited',
      paise: 1000001n + 800n + 144n,
    })
  })
})

describe('Paylinks', () => {
  test('a normal link is ₹1 plus the transaction charge of the method', () => {
    const quote = quotePaylink('normal', 'credit-card', rupees('1500'))
    expect(quote.charges.map((line) => line.paise)).toEqual([100n, 3000n])
    expect(quote.fee).toBe(3100n)
    expect(quote.gst).toBe(558n)
    expect(quote.outcome.paise).toBe(150000n - 3658n)
  })

  test('a validated link adds ₹5 beneficiary validation', () => {
    const quote = quotePaylink('validated', 'upi-rupay-debit', rupees('1500'))
    expect(quote.charges).toEqual([
      { label: 'Validated link (₹1.00)', paise: 100n },
      { label: 'Beneficiary validation', paise: 500n },
      { label: 'Transaction charge: UPI and RuPay Debit (0.00%)', paise: 0n },
    ])
    expect(quote.totalCharges).toBe(600n + 108n)
  })

  test('the method slab follows the link amount', () => {
    expect(quotePaylink('normal', 'debit-card', rupees('2000')).fee).toBe(100n + 800n)
    expect(quotePaylink('normal', 'debit-card', rupees('2000.01')).fee).toBe(100n + 1800n)
  })
})

describe('Auto Collection', () => {
  test.each([
    ['10000', 750n],
    ['10000.01', 1000n],
    ['25000', 1000n],
    ['25000.01', 1500n],
  ])('a transfer of ₹%s costs %s paise', (amount, fee) => {
    expect(quoteAutoCollection(rupees(amount)).fee).toBe(fee)
  })

  test('₹7.50 plus 18 % GST is ₹8.85', () => {
    expect(quoteAutoCollection(rupees('5000')).totalCharges).toBe(885n)
  })
})

describe('rate data', () => {
  test('every row’s slabs cover every amount exactly once, with no gaps', () => {
    const bounds = pricingTabs.flatMap((tab) =>
      tab.rows.flatMap((row) =>
        row.slabs.flatMap((slab) => [slab.min, slab.max].flatMap((bound) => bound ?? [])),
      ),
    )
    const probes = [
      1n,
      maxAmountPaise,
      ...bounds.flatMap(({ rupees }) => [-1n, 0n, 1n].map((step) => rupeesToPaise(rupees) + step)),
    ]
    for (const tab of pricingTabs) {
      for (const row of tab.rows) {
        const start = row.minimum ? rupeesToPaise(row.minimum.rupees) : 1n
        for (const amount of probes) {
          const matching = row.slabs.filter((slab) => slabContains(slab, amount))
          const expected = amount >= start ? 1 : 0
          expect(matching, `${tab.label} / ${row.label} at ${amount} paise`).toHaveLength(expected)
        }
      }
    }
  })

  test('the tabs are in the order the spec gives', () => {
    expect(pricingTabs.map((tab) => tab.label)).toEqual([
      'Payment Gateway',
      'Subscription',
      'Payouts',
      'Paylinks',
      'Auto Collection',
    ])
  })

  test('slab and charge wording', () => {
    const debit = pricingTabs[0]?.rows.find((row) => row.id === 'debit-card')
    expect(debit?.slabs.map(describeSlab)).toEqual(['Up to ₹2,000', 'Above ₹2,000'])
    expect(debit?.slabs.map((slab) => formatCharge(slab.charge))).toEqual(['0.40%', '0.90%'])
    expect(describeSlab({ charge: { kind: 'flat', rupees: 5 } })).toBe('Any amount')
    expect(
      describeSlab({
        min: { rupees: 10000, inclusive: false },
        max: { rupees: 25000, inclusive: true },
        charge: { kind: 'flat', rupees: 8 },
      }),
    ).toBe('Above ₹10,000 up to ₹25,000')
    expect(formatCharge({ kind: 'flat', rupees: 7.5 })).toBe('₹7.50')
  })
})
