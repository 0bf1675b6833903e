import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '#core/protocol/webhook.ts'
import { WorkerLoop } from '#jobs/worker-loop.ts'
import type { FindMerchant } from '#gateway/checks.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { deliver, type DeliveryOptions } from './deliver.ts'
import { DEFAULT_BASE_DELAY_MS } from './schedule.ts'
import { deliverySignature } from './signing.ts'
import { claimDueEvents, type DeliveryState, recordAttempt, type WebhookEventRow } from './store.ts'

export interface WebhookWorkerOptions {
  db: GatewayDatabase
  findMerchant: FindMerchant
  /** How deliveries are made; whether private addresses may be reached is each event's own. */
  delivery: Omit<DeliveryOptions, 'allowPrivate'>
  baseDelayMs?: number
  pollMs?: number
  /** Deliveries in flight at once, so one slow merchant does not hold up the others. */
  concurrency?: number
  /** Work due on the same clock, run before each delivery pass (late payments settling). */
  beforePass?: () => Promise<unknown>
  /**
   * Told the state each attempt left its event in: delivered, pending (failed, will be retried)
   * or failed (attempts spent). The site counts them in its metrics.
   */
  onAttempt?: (state: DeliveryState) => void
  log?: (line: string) => void
}

/**
 * Delivers stored webhook events in the background, on the worker loop (jobs/worker-loop.ts).
 * Each pass claims due events from their durable queue (jobs/durable-queue.ts, so several
 * instances share the work), posts each one signed with a fresh timestamp, and records the
 * attempt; nothing here runs inside a customer's request.
 */
export class WebhookWorker {
  private readonly loop: WorkerLoop<void>

  constructor(private readonly options: WebhookWorkerOptions) {
    this.loop = new WorkerLoop({
      name: 'sandbox webhooks',
      pass: (signal) => this.pass(signal),
      intervalMs: options.pollMs ?? 1000,
      log: options.log,
    })
  }

  /** Polls every `pollMs`, the first pass at once. */
  start() {
    this.loop.start()
  }

  /** Runs a pass now, or right after the one in progress. Unheard before start() and after stop(). */
  kick() {
    this.loop.kick()
  }

  /**
   * Stops polling and waits a little for the pass in progress, which claims no further batch.
   * A delivery cut short is claimed again by any instance once its claim runs out: at least
   * once, never lost.
   */
  async stop(graceMs?: number) {
    await this.loop.stop(graceMs)
  }

  /** One pass: settle what is due, then deliver every due event, a batch at a time. */
  async pass(signal?: AbortSignal): Promise<void> {
    await this.options.beforePass?.()
    const concurrency = this.options.concurrency ?? 8
    for (;;) {
      if (signal?.aborted) return
      const events = await claimDueEvents(this.options.db, concurrency)
      if (events.length === 0) return
      await Promise.all(events.map((event) => this.attempt(event)))
    }
  }

  private async attempt(event: WebhookEventRow) {
    const merchant = await this.options.findMerchant(event.payId)
    const attemptedAt = new Date()
    const result = merchant
      ? await deliver(
          {
            url: event.notifyUrl,
            body: event.body,
            headers: {
              'Content-Type': 'application/json',
              [EVENT_ID_HEADER]: event.id,
              [SIGNATURE_HEADER]: deliverySignature(merchant, event.body, attemptedAt),
            },
          },
          { ...this.options.delivery, allowPrivate: event.allowPrivate },
        )
      : { ok: false as const, error: 'the merchant is no longer known', durationMs: 0 }
    const state = await recordAttempt(
      this.options.db,
      event,
      {
        attemptedAt,
        ok: result.ok,
        httpStatus: result.status,
        error: result.ok ? undefined : result.error,
        durationMs: result.durationMs,
        final: !result.ok && result.refused === true,
      },
      this.options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS,
    )
    this.options.onAttempt?.(state)
    this.options.log?.(
      `sandbox: webhook ${event.id} ${event.type} attempt ${event.attempts} ${
        result.ok ? `delivered (${result.status})` : `failed (${result.error})`
      }${state === 'failed' ? '; giving up' : ''}`,
    )
  }
}
