import { describe, expect, it } from 'vitest'
import { quotePaymentGateway, rupeesToPaise } from '#core/pricing/fees.ts'
import { pricingRowFor } from '#core/pricing/payment-fee.ts'
import { paymentGatewayTab } from '#core/pricing/pricing.ts'
import { cycleOf, dueBefore, settlementDateOf, settlementTime } from './schedule.ts'
import {
  carryForwardLine,
  disputeSourceId,
  foreignLineFields,
  lineAnswer,
  lineFields,
  lineOf,
  maskAccount,
  planSettlements,
  type SettlementItem,
  statusOf,
  totalsOf,
} from './settlement.ts'

const ist = (text: string) => new Date(`${text.replace(' ', 'T')}:00+05:30`)
let sequence = 0
const item = (overrides: Partial<SettlementItem>): SettlementItem => ({
  type: 'PAYMENT',
  sourceId: `src-${sequence++}`,
  orderId: 'ORD-1',
  txnId: '1234567890123456',
  pgRefNum: '202600000000000001',
  paymentType: 'CC',
  mopType: 'VI',
  amount: 100000n,
  at: ist('2026-11-27 10:00'),
  ...overrides,
})

describe('when money settles', () => {
  it('on the first working day after the IST capture date, at the settlement hour', () => {
    // Friday → Monday (the 28th is a 4th Saturday); 1st Saturday of December is a working day.
    expect(settlementDateOf(ist('2026-11-27 23:59'))).toBe('2026-11-30')
    expect(settlementDateOf(ist('2026-12-04 10:00'))).toBe('2026-12-05')
    // After the 24th come Christmas (Friday) and a 4th Saturday: Monday the 28th.
    expect(settlementDateOf(ist('2026-12-24 12:00'))).toBe('2026-12-28')
    // 18:31 UTC on the 26th is already the 27th in India.
    expect(settlementDateOf(new Date('2026-11-26T18:31:00Z'))).toBe('2026-11-30')
    expect(settlementTime('2026-11-30', 11).toISOString()).toBe('2026-11-30T05:30:00.000Z')
  })

  it('a settlement date pays for the dates from the previous working day to the day before it', () => {
    expect(cycleOf('2026-11-30')).toEqual({ from: '2026-11-27', to: '2026-11-29' })
    expect(cycleOf('2026-12-01')).toEqual({ from: '2026-11-30', to: '2026-11-30' })
    expect(cycleOf('2026-12-28')).toEqual({ from: '2026-12-24', to: '2026-12-27' })
  })

  it('what is due at a time: everything dated before the latest working day whose hour has come', () => {
    expect(dueBefore(ist('2026-11-30 10:59'), 11)).toEqual(ist('2026-11-27 00:00'))
    expect(dueBefore(ist('2026-11-30 11:00'), 11)).toEqual(ist('2026-11-30 00:00'))
    expect(dueBefore(ist('2026-11-29 15:00'), 11)).toEqual(ist('2026-11-27 00:00'))
    expect(dueBefore(ist('2026-11-30 11:00'), 9)).toEqual(ist('2026-11-30 00:00'))
  })
})

describe('a settlement line', () => {
  it("charges a payment the pricing calculator's fee and GST at every slab boundary of every row", () => {
    const methods = [
      { paymentType: 'UP', mopType: 'UP' },
      { paymentType: 'DC', mopType: 'VI' },
      { paymentType: 'CC', mopType: 'MC' },
      { paymentType: 'NB', mopType: 'HDFC' },
      { paymentType: 'WL', mopType: 'PAYTM' },
    ]
    for (const method of methods) {
      const row = pricingRowFor(method)
      const slabs = paymentGatewayTab.rows.find((candidate) => candidate.id === row)!.slabs
      const edges = slabs.flatMap((slab) =>
        [slab.min, slab.max].flatMap((bound) =>
          bound ? [-1n, 0n, 1n].map((step) => rupeesToPaise(bound.rupees) + step) : [],
        ),
      )
      for (const amount of [1n, 99n, 100n, 12345n, 9_999_999_999n, ...edges]) {
        const quote = quotePaymentGateway(row, amount)
        const line = lineOf(item({ ...method, amount }))
        expect([line.fee, line.gst, line.net], `${row} at ${amount}`).toEqual([
          quote.fee,
          quote.gst,
          amount - quote.fee - quote.gst,
        ])
        expect(line.description).toBe(quote.charges.map((charge) => charge.label).join(' + '))
      }
    }
  })

  it('deducts a refund whole and returns no fee', () => {
    const line = lineOf(item({ type: 'REFUND', amount: 2500n }))
    expect(line).toMatchObject({ type: 'REFUND', amount: 2500n, fee: 0n, gst: 0n, net: -2500n })
  })

  it('adds up: net is gross less refunds, fees and GST, plus adjustments', () => {
    const lines = [
      lineOf(item({ amount: 100000n })),
      lineOf(item({ amount: 50000n, paymentType: 'UP', mopType: 'UP' })),
      lineOf(item({ type: 'REFUND', amount: 30000n })),
    ]
    const totals = totalsOf(lines)
    expect(totals).toEqual({
      paymentsCount: 2,
      refundsCount: 1,
      gross: 150000n,
      refunds: 30000n,
      fees: 2000n,
      gst: 360n,
      adjustments: 0n,
      net: 150000n - 30000n - 2000n - 360n,
    })
    expect(statusOf(totals.net)).toBe('PROCESSED')
    expect(statusOf(0n)).toBe('CARRIED_FORWARD')
  })

  it("counts a FEE line's charge in the fees and GST, and holds, releases and carried balances in the adjustments", () => {
    const fee = {
      ...carryForwardLine({ settlementId: 'setl_x', net: 0n, at: ist('2026-11-27 11:00') }),
      type: 'FEE' as const,
      amount: 0n,
      fee: 1000n,
      gst: 180n,
      net: -1180n,
      description: 'Payment link fee',
      sourceSettlementId: '',
    }
    const dispute = { disputeId: 'dsp_0123456789abcdef0123', reasonCode: '13.1', reason: '' }
    const lines = [
      carryForwardLine({ settlementId: 'setl_x', net: -500n, at: ist('2026-11-27 11:00') }),
      lineOf(item({ amount: 100000n })),
      lineOf(item({ type: 'DISPUTE_HOLD', amount: 40000n, dispute })),
      lineOf(item({ type: 'DISPUTE_RELEASE', amount: 10000n, dispute })),
      fee,
    ]
    expect(lines.map((line) => line.type)).toEqual([
      'CARRY_FORWARD',
      'PAYMENT',
      'DISPUTE_HOLD',
      'DISPUTE_RELEASE',
      'FEE',
    ])
    expect(totalsOf(lines)).toEqual({
      paymentsCount: 1,
      refundsCount: 0,
      gross: 100000n,
      refunds: 0n,
      fees: 2000n + 1000n,
      gst: 360n + 180n,
      adjustments: -500n - 40000n + 10000n,
      net: -500n + 97640n - 40000n + 10000n - 1180n,
    })
  })

  it('prices a foreign payment on the international cards row, exact on its rupee amount, whatever its method', () => {
    for (const [paymentType, mopType] of [
      ['CC', 'VI'],
      ['DC', 'MC'],
      ['DC', 'RU'],
    ]) {
      for (const paise of [1n, 99n, 42108n, 1234567n, 9_999_999_999n]) {
        const quote = quotePaymentGateway('international-cards', paise)
        const line = lineOf(
          item({
            paymentType: paymentType!,
            mopType: mopType!,
            amount: paise,
            foreign: { currencyCode: '840', originalAmount: '500', fxRate: '84.2150' },
          }),
        )
        expect([line.amount, line.fee, line.gst, line.net], `${paymentType} ${paise}`).toEqual([
          paise,
          quote.fee,
          quote.gst,
          paise - quote.fee - quote.gst,
        ])
        expect(line.description).toBe(quote.charges.map((charge) => charge.label).join(' + '))
      }
    }
    // $5.00 at 84.2150 is ₹421.08 (42108 paise): 3 % is 1263 paise, GST 227.
    expect(
      lineOf(
        item({
          amount: 42108n,
          foreign: { currencyCode: '840', originalAmount: '500', fxRate: '84.2150' },
        }),
      ),
    ).toMatchObject({ fee: 1263n, gst: 227n, net: 42108n - 1263n - 227n })
  })

  it("answers a foreign line's currency, original amount and rate; a rupee line has none of them", () => {
    const foreign = lineAnswer(
      lineOf(
        item({
          type: 'REFUND',
          amount: 21054n,
          foreign: { currencyCode: '840', originalAmount: '250', fxRate: '84.2150' },
        }),
      ),
    )
    expect(foreign).toMatchObject({
      TYPE: 'REFUND',
      AMOUNT: '21054',
      NET: '-21054',
      CURRENCY_CODE: '840',
      ORIGINAL_AMOUNT: '250',
      FX_RATE: '84.2150',
    })
    expect(Object.keys(foreign)).toEqual([...lineFields])
    const rupee = lineAnswer(lineOf(item({ amount: 1000n })))
    for (const field of foreignLineFields) expect(rupee).not.toHaveProperty(field)
    expect(rupee).toMatchObject({ DISPUTE_ID: '', SOURCE_SETTLEMENT_ID: '' })
    expect(lineFields.slice(-6)).toEqual([
      'DESCRIPTION',
      'DISPUTE_ID',
      'SOURCE_SETTLEMENT_ID',
      ...foreignLineFields,
    ])
  })

  it("holds and releases a foreign payment's dispute in its currency, at its rate", () => {
    const dispute = { disputeId: 'dsp_0123456789abcdef0123', reasonCode: '13.1', reason: 'x' }
    const foreign = { currencyCode: '840', originalAmount: '250', fxRate: '84.2150' }
    for (const [type, sign] of [
      ['DISPUTE_HOLD', '-'],
      ['DISPUTE_RELEASE', ''],
    ] as const) {
      expect(lineAnswer(lineOf(item({ type, amount: 21054n, foreign, dispute })))).toMatchObject({
        TYPE: type,
        AMOUNT: `${sign}21054`,
        NET: `${sign}21054`,
        FEE: '0',
        DISPUTE_ID: dispute.disputeId,
        CURRENCY_CODE: '840',
        ORIGINAL_AMOUNT: '250',
        FX_RATE: '84.2150',
      })
    }
  })

  it('masks the bank account but its last four digits', () => {
    expect(maskAccount('50100234564321')).toBe('XXXXXXXXXX4321')
    expect(maskAccount('4321')).toBe('XXXX4321')
  })
})

describe('planning a run', () => {
  it('one settlement per settlement date, oldest first; a carried balance goes into the next one made', () => {
    let id = 0
    const plans = planSettlements({
      items: [
        item({ amount: 10000n, paymentType: 'UP', at: ist('2026-12-01 10:00') }),
        item({ type: 'REFUND', amount: 40000n, at: ist('2026-11-30 12:00') }),
        item({ amount: 5000n, paymentType: 'UP', at: ist('2026-11-30 09:00') }),
      ],
      carried: [{ settlementId: 'setl_old', net: -1000n, at: ist('2026-11-27 11:00') }],
      at: ist('2026-12-02 11:00'),
      newId: () => `setl_${id++}`,
    })
    expect(plans.map((plan) => [plan.settlementDate, plan.status, plan.totals.net])).toEqual([
      ['2026-12-01', 'CARRIED_FORWARD', -1000n + 5000n - 40000n],
      ['2026-12-02', 'CARRIED_FORWARD', -36000n + 10000n],
    ])
    expect(plans[0]!.carriedFrom).toEqual(['setl_old'])
    expect(plans[0]!.lines.map((line) => line.type)).toEqual(['CARRY_FORWARD', 'PAYMENT', 'REFUND'])
    expect(plans[1]!.carriedFrom).toEqual(['setl_0'])
    expect(plans[1]!.lines[0]).toMatchObject({
      type: 'CARRY_FORWARD',
      net: -36000n,
      description: 'Balance carried forward from setl_0',
      sourceSettlementId: 'setl_0',
    })
  })

  it("holds a dispute's amount in the settlement of its date, made for it alone if need be; releases it once won", () => {
    let id = 0
    const dispute = {
      disputeId: 'dsp_0123456789abcdef0123',
      reasonCode: '13.1',
      reason: 'Merchandise or services not received',
    }
    const hold = item({
      type: 'DISPUTE_HOLD',
      sourceId: disputeSourceId(dispute.disputeId, 'hold'),
      orderId: 'ORD-D',
      amount: 250000n,
      at: ist('2026-12-01 12:00'),
      dispute,
    })
    const held = planSettlements({
      items: [hold],
      carried: [],
      at: ist('2026-12-02 11:00'),
      newId: () => `setl_${id++}`,
    })
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({
      settlementDate: '2026-12-02',
      status: 'CARRIED_FORWARD',
      disputes: { held: [dispute.disputeId], released: [] },
    })
    expect(held[0]!.totals).toMatchObject({
      paymentsCount: 0,
      adjustments: -250000n,
      net: -250000n,
    })
    expect(held[0]!.lines).toEqual([
      {
        type: 'DISPUTE_HOLD',
        sourceId: 'dsp_0123456789abcdef0123:hold',
        orderId: 'ORD-D',
        txnId: '1234567890123456',
        pgRefNum: '202600000000000001',
        paymentType: 'CC',
        mopType: 'VI',
        amount: -250000n,
        fee: 0n,
        gst: 0n,
        net: -250000n,
        date: '2026-12-01 12:00:00',
        description:
          'Dispute dsp_0123456789abcdef0123 held: 13.1 Merchandise or services not received',
        disputeId: 'dsp_0123456789abcdef0123',
      },
    ])
    const released = planSettlements({
      items: [
        item({ amount: 10000n, paymentType: 'UP', mopType: 'UP', at: ist('2026-12-09 10:00') }),
        item({
          type: 'DISPUTE_RELEASE',
          sourceId: disputeSourceId(dispute.disputeId, 'release'),
          amount: 250000n,
          at: ist('2026-12-09 12:00'),
          dispute,
        }),
      ],
      carried: [{ settlementId: 'setl_0', net: -250000n, at: ist('2026-12-02 11:00') }],
      at: ist('2026-12-10 11:00'),
      newId: () => `setl_${id++}`,
    })
    expect(released).toHaveLength(1)
    expect(released[0]!.lines.map((line) => [line.type, line.net, line.description])).toEqual([
      ['CARRY_FORWARD', -250000n, 'Balance carried forward from setl_0'],
      ['PAYMENT', 10000n, 'UPI and RuPay Debit (0.00%)'],
      ['DISPUTE_RELEASE', 250000n, 'Dispute dsp_0123456789abcdef0123 won: hold released'],
    ])
    expect(released[0]).toMatchObject({
      status: 'PROCESSED',
      disputes: { held: [], released: [dispute.disputeId] },
    })
    expect(released[0]!.totals).toMatchObject({ adjustments: 0n, gross: 10000n, net: 10000n })
  })

  it('makes nothing of nothing', () => {
    expect(planSettlements({ items: [], carried: [], at: new Date(), newId: () => 'x' })).toEqual(
      [],
    )
  })
})

describe('the lines of products that are no payment', () => {
  it('a credit into a virtual account is a COLLECTION line less its slab charge and GST', () => {
    const line = lineOf(
      item({
        type: 'COLLECTION',
        orderId: 'CUST-7',
        txnId: 'vacr_AAAAAAAAAAAAAA',
        pgRefNum: '123456789012',
        paymentType: 'IMPS',
        mopType: '',
        amount: 1_500_000n,
      }),
    )
    expect(line).toMatchObject({
      type: 'COLLECTION',
      amount: 1_500_000n,
      fee: 1000n,
      gst: 180n,
      net: 1_498_820n,
      description: 'Auto Collection fees: Per transaction',
    })
  })

  it("a link's or a virtual account's charge is a FEE line: nothing in, the fee and GST out", () => {
    const fee = (charge: 'paylink' | 'validated-paylink' | 'virtual-account-setup') =>
      lineOf(item({ type: 'FEE', amount: 0n, charge, paymentType: '', mopType: '' }))
    expect(fee('paylink')).toMatchObject({ amount: 0n, fee: 100n, gst: 18n, net: -118n })
    expect(fee('validated-paylink')).toMatchObject({ fee: 600n, gst: 108n, net: -708n })
    expect(fee('virtual-account-setup')).toMatchObject({ fee: 500n, gst: 90n, net: -590n })
    expect(() => lineOf(item({ type: 'FEE', amount: 0n }))).toThrow(RangeError)
  })

  it("a subscription's debit is a PAYMENT line priced by its Subscription row, not the gateway rate", () => {
    const upi = lineOf(
      item({
        amount: 49_900n,
        paymentType: 'UP',
        mopType: 'UP',
        charge: 'upi-autopay-presentation',
      }),
    )
    expect(upi).toMatchObject({
      type: 'PAYMENT',
      fee: 700n,
      gst: 126n,
      net: 49_074n,
      description: 'Subscription fees: UPI AutoPay monthly presentation',
    })
    const card = lineOf(item({ amount: 2_000_000n, charge: 'debit-transaction' }))
    expect(card).toMatchObject({ fee: 700n, gst: 126n, net: 2_000_000n - 826n })
    // The same card payment without the charge pays the card rate.
    expect(lineOf(item({ amount: 2_000_000n })).fee).not.toBe(700n)
  })

  it('counts a collection as money in with its fees, and a FEE line as fees only', () => {
    const lines = [
      lineOf(item({ amount: 100_000n })),
      lineOf(item({ type: 'COLLECTION', amount: 1_500_000n, paymentType: 'NEFT', mopType: '' })),
      lineOf(item({ type: 'FEE', amount: 0n, charge: 'paylink' })),
    ]
    const totals = totalsOf(lines)
    expect(totals.paymentsCount).toBe(1)
    expect(totals.gross).toBe(1_600_000n)
    expect(totals.fees).toBe(lines.reduce((sum, line) => sum + line.fee, 0n))
    expect(totals.gst).toBe(lines.reduce((sum, line) => sum + line.gst, 0n))
    expect(totals.adjustments).toBe(0n)
    expect(totals.net).toBe(totals.gross - totals.fees - totals.gst)
  })

  it('a settlement of charges alone is carried forward', () => {
    const [plan] = planSettlements({
      items: [item({ type: 'FEE', amount: 0n, charge: 'virtual-account-setup' })],
      carried: [],
      at: ist('2026-11-30 11:00'),
      newId: () => 'setl_1',
    })
    expect(plan).toMatchObject({ status: 'CARRIED_FORWARD' })
    expect(plan!.totals.net).toBe(-590n)
  })
})
