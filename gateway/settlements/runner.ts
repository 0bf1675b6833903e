import { WorkerLoop } from '#jobs/worker-loop.ts'
import { maskAccount } from '#core/settlement/settlement.ts'
import { gstPartiesOf, merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import type { NotifyTarget } from '#gateway/webhooks/addresses.ts'
import { notifyTargetFor, queueAnswerEvent } from '#gateway/webhooks/events.ts'
import { decisionEvent, noRequestedTarget, queueDisputeEvent } from '#gateway/disputes/events.ts'
import { createDisputes, decideDueDisputes } from '#gateway/disputes/store.ts'
import { expireDueLinks } from '#gateway/paylinks/store.ts'
import { runDueSubscriptions } from '#gateway/subscriptions/lifecycle.ts'
import type { FindMerchant } from '#gateway/checks.ts'
import {
  merchantsWithOpenItems,
  runSettlements,
  type SettlementMerchant,
  type StoredSettlement,
} from './store.ts'

export interface SettlementRunnerOptions {
  db: GatewayDatabase
  /** The merchants the sandbox was configured with: each scheduled run looks at them. */
  merchants: readonly SandboxMerchant[]
  /** Any merchant by PAY_ID, for the accounts a scheduled run finds something of. */
  findMerchant: FindMerchant
  now: () => Date
  /** The hour (IST) of the day's settlements. */
  hour: number
  /** How often the sandbox looks for settlements due by its clock. */
  intervalMs: number
  /** Called once a run's webhooks are committed, so they go out at once. */
  onEventQueued: () => void
  log?: (line: string) => void
}

export interface SettlementRunner {
  /**
   * The test call: settles one merchant's payments, refunds and disputes' holds and releases due
   * at `asOf`, and makes and decides its disputes as of then, waiting its turn.
   */
  runFor(merchant: SandboxMerchant, asOf: Date, notify: NotifyTarget): Promise<StoredSettlement[]>
  /** Settles everything due by the clock now, unless another instance is at it. */
  runDue(): Promise<StoredSettlement[]>
  start(): void
  stop(): Promise<void>
}

/** The account a merchant's settlements are paid to, masked as written on them, and its GST parties. */
function settlementMerchant(merchant: SandboxMerchant): SettlementMerchant {
  return {
    payId: merchant.payId,
    bankAccount: maskAccount(merchant.bankAccount ?? merchant.payId),
    gst: gstPartiesOf(merchant),
  }
}

/**
 * Settlement runs: the sandbox's own, every interval by its clock (each run settles what its
 * settlement hour has made due, so a run a minute after the hour is the run at the hour), and the
 * test call's, at the AS_OF a developer names. Each settlement's `settlement.processed` event is
 * committed with it. A run is also the disputes' clock (gateway/disputes/outcome.ts): it decides
 * those whose deadline its time has passed, and makes one for each disputed payment it settles,
 * with their events in its transaction.
 */
export function settlementRunner(options: SettlementRunnerOptions): SettlementRunner {
  const { db } = options
  const run = async (
    merchant: SandboxMerchant,
    asOf: Date,
    wait: boolean,
    requested: NotifyTarget,
  ) => {
    let queued = false
    const result = await runSettlements(db, [settlementMerchant(merchant)], {
      asOf,
      hour: options.hour,
      wait,
      onSettled: async (tx, settlement) => {
        const sent = await queueAnswerEvent(tx, merchant, {
          type: 'settlement.processed',
          reference: settlement.fields.SETTLEMENT_ID,
          notify: notifyTargetFor(requested, merchant),
          answer: { PAY_ID: merchant.payId, ...settlement.fields },
        })
        queued ||= sent
      },
      onMerchantSettled: async (tx, payId, settledPayments) => {
        // Links whose EXPIRE_BY the merchant's clock has passed expire with the run (gateway/paylinks/):
        // by its clock, not AS_OF, since a configured merchant's test run leaves its clock as it is.
        const clock = merchantNow(merchant, options.now())
        queued ||= (await expireDueLinks(tx, merchant, clock)).length > 0
        for (const dispute of await decideDueDisputes(tx, payId, asOf)) {
          const sent = await queueDisputeEvent(
            tx,
            merchant,
            decisionEvent(dispute),
            dispute,
            requested,
          )
          queued ||= sent
        }
        for (const dispute of await createDisputes(tx, settledPayments, asOf, requested)) {
          const sent = await queueDisputeEvent(tx, merchant, 'dispute.created', dispute, requested)
          queued ||= sent
        }
      },
    })
    if (queued) options.onEventQueued()
    if (!result.ran) return []
    for (const settlement of result.made) {
      const { SETTLEMENT_ID, SETTLEMENT_DATE, PAYMENTS_COUNT, REFUNDS_COUNT, STATUS } =
        settlement.fields
      options.log?.(
        `sandbox: settlement ${SETTLEMENT_ID} ${SETTLEMENT_DATE} ${STATUS} payments=${PAYMENTS_COUNT} refunds=${REFUNDS_COUNT}`,
      )
    }
    return result.made
  }
  const runDue = async () => {
    // The configured merchants, and the accounts with anything open (an account with nothing to
    // settle or decide costs the run nothing), each at its own clock's time.
    const payIds = new Set(options.merchants.map((merchant) => merchant.payId))
    for (const payId of await merchantsWithOpenItems(db)) payIds.add(payId)
    const made: StoredSettlement[] = []
    for (const payId of payIds) {
      const merchant = await options.findMerchant(payId)
      if (!merchant) continue
      const asOf = merchantNow(merchant, options.now())
      // Subscriptions' notices and debits due by the merchant's clock come first, so a debit
      // made before the settlement hour is settled by this run, as on a clock advance.
      const due = await runDueSubscriptions(db, merchant, asOf)
      if (due.queued) options.onEventQueued()
      made.push(...(await run(merchant, asOf, false, noRequestedTarget)))
    }
    return made
  }
  const loop = new WorkerLoop({
    name: 'sandbox settlements',
    intervalMs: options.intervalMs,
    firstDelayMs: 0,
    log: options.log,
    pass: runDue,
  })
  return {
    runFor: (merchant, asOf, notify) => run(merchant, asOf, true, notify),
    runDue,
    start: () => loop.start(),
    async stop() {
      await loop.stop()
    },
  }
}
