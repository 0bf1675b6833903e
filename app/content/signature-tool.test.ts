import { describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import {
  carryForwardLine,
  lineAnswer,
  lineOf,
  settlementFields,
  totalsOf,
} from '#core/settlement/settlement.ts'
import { settlementAmountFields } from '#app/components/developers/signature/diagnosis.ts'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import { expectDocumentedAnswer, expectDocumentedWebhook } from '#tests/support/validate-answer.ts'
import {
  hashExamples,
  sandboxExampleSalt,
  settlementAnswerExample,
  settlementWebhookExample,
} from './signature-tool.ts'

const ist = (text: string) => new Date(`${text.replace(' ', 'T')}+05:30`)

describe("the signature debugger's settlement examples", () => {
  it('are signed as the sandbox signs, with the published example salt, never the demo merchant’s configured one', () => {
    expect(sandboxExampleSalt).not.toBe(demoMerchantDefaults.salt)
    expect(settlementAnswerExample.PAY_ID).toBe(demoMerchantDefaults.payId)
    expect(verifyHash(settlementAnswerExample, sandboxExampleSalt)).toBe(true)
    expect(verifyHash(settlementWebhookExample.data, sandboxExampleSalt)).toBe(true)
  })

  it('have the shape the API reference documents', () => {
    expect(() =>
      expectDocumentedAnswer({
        url: '/pgws/settlement',
        status: 200,
        body: settlementAnswerExample,
      }),
    ).not.toThrow()
    expect(() => expectDocumentedWebhook(settlementWebhookExample)).not.toThrow()
  })

  it('add up as a settlement does: every line made by the settlement rules, the totals their sums', () => {
    const lines = JSON.parse(settlementAnswerExample.LINES) as Fields[]
    const [carried, ...items] = lines
    expect(carried).toEqual(
      lineAnswer(
        carryForwardLine({
          settlementId: carried!.SOURCE_SETTLEMENT_ID!,
          net: BigInt(carried!.NET!),
          at: ist(carried!.DATE!),
        }),
      ),
    )
    for (const line of items) {
      expect(line).toEqual(
        lineAnswer(
          lineOf({
            type: line.TYPE as 'PAYMENT' | 'REFUND',
            sourceId: line.TXN_ID!,
            orderId: line.ORDER_ID!,
            txnId: line.TXN_ID!,
            pgRefNum: line.PG_REF_NUM!,
            paymentType: line.PAYMENT_TYPE!,
            mopType: line.MOP_TYPE!,
            amount: BigInt(line.AMOUNT!),
            at: ist(line.DATE!),
          }),
        ),
      )
    }
    const totals = totalsOf(
      lines.map((line) => ({
        type: line.TYPE as 'PAYMENT',
        orderId: '',
        txnId: '',
        pgRefNum: '',
        paymentType: '',
        mopType: '',
        amount: BigInt(line.AMOUNT!),
        fee: BigInt(line.FEE!),
        gst: BigInt(line.GST!),
        net: BigInt(line.NET!),
        date: line.DATE!,
        description: '',
      })),
    )
    expect(settlementAnswerExample).toMatchObject({
      PAYMENTS_COUNT: String(totals.paymentsCount),
      REFUNDS_COUNT: String(totals.refundsCount),
      GROSS_AMOUNT: String(totals.gross),
      REFUNDS_AMOUNT: String(totals.refunds),
      FEES_AMOUNT: String(totals.fees),
      GST_AMOUNT: String(totals.gst),
      ADJUSTMENTS_AMOUNT: String(totals.adjustments),
      NET_AMOUNT: String(totals.net),
    })
    const { PAY_ID, HASH, ...data } = settlementWebhookExample.data
    expect(data).toEqual(
      Object.fromEntries(settlementFields.map((field) => [field, settlementAnswerExample[field]])),
    )
    expect(PAY_ID).toBe(settlementAnswerExample.PAY_ID)
    expect(HASH).not.toBe(settlementAnswerExample.HASH)
  })

  it('fill in what the form reads: the pasted text, its salt and no HASH apart', () => {
    expect(hashExamples.map((example) => example.id)).toEqual([
      'status',
      'settlement',
      'settlement-webhook',
    ])
    const webhook = hashExamples.find((example) => example.id === 'settlement-webhook')!
    expect(JSON.parse(webhook.fields)).toEqual(settlementWebhookExample)
    for (const example of hashExamples) expect(example.hash).toBe('')
  })

  it('knows every settlement figure as an amount that may be zero or negative', () => {
    expect([...settlementAmountFields].sort()).toEqual(
      settlementFields.filter((field) => field.endsWith('_AMOUNT')).sort(),
    )
  })
})
