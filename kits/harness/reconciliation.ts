/**
 * Settlements and reconciliation, proved in every kit language against the sandbox: the kit's
 * reconciliation example settles paid orders through the sandbox's test call and reports a paid
 * order matched (with its UTR), a refunded one refunded, one paid after the run unsettled (and
 * overdue once its date has passed), and the example's webhook records the settlement.processed
 * event it was sent. Money not paid out is never matched: a disputed payment is held from the run
 * that opens its dispute, and a payment in a settlement carried forward stays carried forward
 * until a later settlement pays its balance out, which then names that settlement and its UTR.
 */
import { execFile } from 'node:child_process'
import { expect } from 'vitest'
import { addDays } from '#core/calendar/business-calendar.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { settlementDateOf } from '#core/settlement/schedule.ts'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import { disputeCards } from '#gateway/methods.ts'
import { json, request } from './http.ts'
import type { Command } from './types.ts'

/** One row of the reconciliation report (core/protocol/vectors.json, "reconciliation"). */
export interface ReportRow {
  ORDER_ID: string
  RESULT: string
  AMOUNT: string
  SETTLED_AMOUNT: string
  REFUNDED_AMOUNT: string
  HELD_AMOUNT: string
  NET: string
  SETTLEMENT_ID: string
  UTR: string
  SETTLEMENT_DATE: string
  EXPECTED_SETTLEMENT_DATE: string
}

export interface ReconciliationContext {
  appUrl: string
  sandboxUrl: string
  /** A card payment of ₹1.00 through the example (this card, else one that pays), returned to it. */
  paidOrder(card?: string): Promise<string>
  /** Runs the kit's reconciliation example with these arguments (and `--json`). */
  reconcile(args: string[]): Promise<ReportRow[]>
}

/**
 * Runs a command without blocking: the sandbox answering it lives in this very process, so a
 * synchronous spawn would wait for an answer that can never come.
 */
export function runReconcile(
  command: Command,
  cwd: string,
  env: NodeJS.ProcessEnv,
  args: string[],
): Promise<ReportRow[]> {
  return new Promise((resolve, reject) => {
    execFile(
      command.command,
      [...command.args, ...args, '--json'],
      { cwd, env: { ...process.env, ...env }, timeout: 60_000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(
              `${command.command} ${command.args.join(' ')} ${args.join(' ')}: ${error.message}\n${stderr}`,
            ),
          )
          return
        }
        try {
          resolve((JSON.parse(stdout) as { rows: ReportRow[] }).rows)
        } catch {
          reject(new Error(`Not the JSON report: ${stdout.slice(0, 1000)}\n${stderr}`))
        }
      },
    )
  })
}

async function refundPart(sandboxUrl: string, orderId: string, amount: string) {
  const url = `${sandboxUrl}/pgws/transact`
  const answer = await request(url, {
    json: withHash(
      {
        PAY_ID: demoMerchantDefaults.payId,
        ORDER_ID: orderId,
        REFUND_ORDER_ID: `RF${orderId}`.slice(0, 50),
        AMOUNT: amount,
        CURRENCY_CODE: '356',
        TXNTYPE: 'REFUND',
      },
      demoMerchantDefaults.salt,
    ),
  })
  expect(json<Fields>(answer).RESPONSE_CODE).toBe('000')
}

const rowOf = (rows: ReportRow[], orderId: string) => {
  const row = rows.find((candidate) => candidate.ORDER_ID === orderId)
  expect(row, `a report row for ${orderId} in ${JSON.stringify(rows)}`).toBeDefined()
  return row!
}

export const reconciliationSteps = [
  {
    name: 'the reconciliation example settles through the test call: paid → MATCHED with its UTR, refunded → REFUNDED, paid later → UNSETTLED, then OVERDUE',
    async run(context: ReconciliationContext) {
      const matched = await context.paidOrder()
      const refunded = await context.paidOrder()
      await refundPart(context.sandboxUrl, refunded, '40')
      // Everything paid today settles on the next working day at 11:00 IST.
      const settlementDate = settlementDateOf(new Date())
      const settled = await context.reconcile([
        '--settle-as-of',
        `${settlementDate}T11:05:00+05:30`,
        '--notify-url',
        `${context.appUrl}/webhook`,
      ])
      const paid = rowOf(settled, matched)
      expect(paid).toMatchObject({
        RESULT: 'MATCHED',
        AMOUNT: '100',
        SETTLED_AMOUNT: '100',
        SETTLEMENT_DATE: settlementDate,
      })
      expect(paid.UTR).toMatch(/^[A-Z0-9]{16,22}$/)
      expect(rowOf(settled, refunded)).toMatchObject({
        RESULT: 'REFUNDED',
        REFUNDED_AMOUNT: '40',
        SETTLEMENT_DATE: settlementDate,
      })

      const later = await context.paidOrder()
      const pending = rowOf(await context.reconcile([]), later)
      expect(pending).toMatchObject({
        RESULT: 'UNSETTLED',
        UTR: '',
        EXPECTED_SETTLEMENT_DATE: settlementDate,
      })
      const overdue = rowOf(await context.reconcile(['--today', addDays(settlementDate, 1)]), later)
      expect(overdue).toMatchObject({ RESULT: 'OVERDUE', EXPECTED_SETTLEMENT_DATE: settlementDate })

      // The run's settlement.processed reached the example's webhook, verified and recorded.
      await expect
        .poll(
          async () => {
            const answer = await request(
              `${context.appUrl}/settlements/${encodeURIComponent(paid.SETTLEMENT_ID)}`,
              { accept: 'application/json' },
            )
            return answer.status === 200 ? json<Fields>(answer) : undefined
          },
          { timeout: 15_000 },
        )
        .toMatchObject({
          SETTLEMENT_ID: paid.SETTLEMENT_ID,
          UTR: paid.UTR,
          SETTLEMENT_DATE: settlementDate,
        })
    },
  },
  {
    name: 'the reconciliation example never matches money not paid out: a disputed payment is HELD from the run that opens its dispute, a payment in a settlement carried forward is CARRIED_FORWARD with no UTR, then MATCHED under the UTR of the settlement that pays its balance out',
    async run(context: ReconciliationContext) {
      const settlementDate = settlementDateOf(new Date())
      const notify = ['--notify-url', `${context.appUrl}/webhook`]
      const disputed = await context.paidOrder(disputeCards[0].number)
      const refundedA = await context.paidOrder()
      const refundedB = await context.paidOrder()
      // Later runs of the same day: everything paid before each is due in it.
      const first = await context.reconcile([
        '--settle-as-of',
        `${settlementDate}T11:10:00+05:30`,
        ...notify,
      ])
      const settled = rowOf(first, refundedA)
      expect(settled).toMatchObject({ RESULT: 'MATCHED', SETTLEMENT_DATE: settlementDate })
      expect(settled.UTR).toMatch(/^[A-Z0-9]{16,22}$/)
      // The run settled the payment and opened its dispute; the hold waits for the next settlement.
      expect(rowOf(first, disputed)).toMatchObject({
        RESULT: 'HELD',
        SETTLED_AMOUNT: '100',
        HELD_AMOUNT: '100',
        SETTLEMENT_ID: '',
        UTR: '',
      })

      // Refunds larger than the next settlement's one payment: that settlement is carried forward.
      await refundPart(context.sandboxUrl, refundedA, '100')
      await refundPart(context.sandboxUrl, refundedB, '100')
      const carried = await context.paidOrder()
      const second = await context.reconcile([
        '--settle-as-of',
        `${settlementDate}T11:15:00+05:30`,
        ...notify,
      ])
      const waiting = rowOf(second, carried)
      expect(waiting).toMatchObject({
        RESULT: 'CARRIED_FORWARD',
        SETTLED_AMOUNT: '100',
        UTR: '',
        SETTLEMENT_DATE: settlementDate,
      })
      expect(waiting.SETTLEMENT_ID).toMatch(/^setl_[0-9a-f]{20}$/)
      expect(waiting.SETTLEMENT_ID).not.toBe(settled.SETTLEMENT_ID)
      expect(rowOf(second, refundedA)).toMatchObject({
        RESULT: 'REFUNDED',
        REFUNDED_AMOUNT: '100',
        SETTLEMENT_ID: settled.SETTLEMENT_ID,
        UTR: settled.UTR,
      })
      expect(rowOf(second, disputed).RESULT).toBe('HELD')

      // Two payments outweigh the balance carried in: that settlement pays it all out.
      const payer = await context.paidOrder()
      await context.paidOrder()
      const third = await context.reconcile([
        '--settle-as-of',
        `${settlementDate}T11:20:00+05:30`,
        ...notify,
      ])
      const paying = rowOf(third, payer)
      expect(paying.RESULT).toBe('MATCHED')
      expect(paying.UTR).toMatch(/^[A-Z0-9]{16,22}$/)
      expect(rowOf(third, carried)).toMatchObject({
        RESULT: 'MATCHED',
        SETTLED_AMOUNT: '100',
        SETTLEMENT_ID: paying.SETTLEMENT_ID,
        UTR: paying.UTR,
        SETTLEMENT_DATE: settlementDate,
      })
    },
  },
]
