import { eq, sql } from 'drizzle-orm'
import type Mail from 'nodemailer/lib/mailer'
import { brand } from '#core/brand/brand.ts'
import { backoffDelayMs } from '#core/retry/backoff.ts'
import {
  claimDue,
  complete,
  type DurableQueue,
  giveUp,
  release,
  retryLater,
} from '#jobs/durable-queue.ts'
import { WorkerLoop } from '#jobs/worker-loop.ts'
import type { Database } from '#server/db/database.ts'
import { jobApplications, type MailDraft, outbox, type OutboxRow } from '#server/db/schema.ts'
import type { MailTransport } from './transport.ts'

export interface RetryPolicy {
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
}

/**
 * The wait before the next try of a mail after `attempt` failed ones: base, 2×base, 4×base …
 * capped at maxDelayMs, each up to a fifth shorter at random (core/retry/backoff.ts).
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random?: () => number): number {
  return backoffDelayMs(
    attempt,
    { baseMs: policy.baseDelayMs, growth: 2, capMs: policy.maxDelayMs },
    random,
  )
}

/**
 * Queues a mail inside the caller's transaction, so the submission and its mail are committed
 * together or not at all.
 */
export async function enqueueMail(tx: Database, kind: OutboxRow['kind'], mail: MailDraft) {
  await tx.insert(outbox).values({ kind, mail })
}

/**
 * A claimed row is the worker's for this long (unless OUTBOX_CLAIM_TIMEOUT_MS says otherwise);
 * after that another worker may take it over, as it does the rows of a process that died.
 */
const DEFAULT_CLAIM_MS = 5 * 60_000

/**
 * How long stop() lets the mail being sent finish. A mail host that hangs would hold it for
 * the transport's timeouts (10 s and more), past the server's own 10-second hard stop.
 */
const STOP_GRACE_MS = 3000

/**
 * Passes start at most this often. A quiet site's mail still goes out at once, while under a
 * burst of submissions each pass claims and marks many mails together instead of one by one:
 * each statement costs embedded PGlite about a millisecond.
 */
const MIN_PASS_INTERVAL_MS = 100

/**
 * Mails sent in a batch are marked delivered together in one statement: when the batch is
 * done, or as soon as a send finishes this long after the first unmarked mail went out. A
 * crash in between resends those mails (with the same Message-ID).
 */
const MARK_DELIVERED_WITHIN_MS = 250

interface OutboxWorkerOptions {
  db: Database
  transport: MailTransport
  policy: RetryPolicy
  pollMs?: number
  batchSize?: number
  claimTimeoutMs?: number
  log?: (line: string) => void
}

/**
 * Delivers queued mail. Rows are claimed as a durable queue (jobs/durable-queue.ts), so any
 * number of server instances can run a worker against one database and each mail is sent by one
 * of them.
 * Each message carries a Message-ID made from its outbox row, so a rare resend after a crash
 * between "sent" and "marked delivered" is recognisable as the same mail.
 */
export class OutboxWorker {
  private readonly loop: WorkerLoop<number>
  /** Pending mail falls due at its next attempt; a claimed mail is 'sending' until its claim runs out. */
  private readonly queue: DurableQueue<typeof outbox>
  /** Set while a mail is being sent: gives up waiting for it. */
  private abandonSend: ((error: Error) => void) | undefined
  private abandoned = false

  constructor(private readonly options: OutboxWorkerOptions) {
    this.queue = {
      table: outbox,
      id: outbox.id,
      dueAt: outbox.nextAttemptAt,
      waiting: eq(outbox.status, 'pending'),
      attempts: outbox.attempts,
      lease: { until: outbox.lockedUntil, ms: options.claimTimeoutMs ?? DEFAULT_CLAIM_MS },
      taken: { set: { status: 'sending' }, is: eq(outbox.status, 'sending') },
      orderBy: [outbox.id],
    }
    this.loop = new WorkerLoop({
      name: 'outbox',
      pass: (signal) => this.drain(() => signal.aborted),
      intervalMs: options.pollMs ?? 1000,
      minGapMs: MIN_PASS_INTERVAL_MS,
      log: options.log,
    })
  }

  /** Polls every `pollMs` (jobs/worker-loop.ts), the first pass at once. */
  start() {
    this.abandoned = false
    this.loop.start()
  }

  /**
   * Runs a delivery pass now, or right after the one in progress, but starts passes no more
   * often than every MIN_PASS_INTERVAL_MS. Unheard before start() and after stop().
   */
  kick() {
    this.loop.kick()
  }

  /** Resolves when no delivery pass is in progress. */
  idle(): Promise<void> {
    return this.loop.idle()
  }

  /**
   * Stops polling and waits for the mail being sent, not for the whole queue: with the mail
   * server down, failed mail comes due again while the pass runs, and a shutdown must not wait
   * for it. A send still unanswered after `graceMs` counts as a failed attempt and is retried
   * later; should the mail server accept it after all, the resend carries the same Message-ID.
   */
  async stop(graceMs = STOP_GRACE_MS) {
    if (await this.loop.stop(graceMs)) return
    this.abandoned = true
    this.abandonSend?.(new Error(`no answer from the mail server within ${graceMs} ms of stopping`))
    // The pass hands the rest of its batch back, then ends.
    await this.loop.idle()
  }

  /**
   * Delivers everything that is due, batch after batch; returns how many were delivered, each
   * marked so before it returns.
   * When `stopping` turns true, it hands the rest of its batch back before returning, so a
   * restarted server sends them at once instead of after their claim runs out.
   */
  async drain(stopping: () => boolean = () => false): Promise<number> {
    let delivered = 0
    for (;;) {
      if (stopping()) return delivered
      const rows = await this.claimDue()
      if (rows.length === 0) return delivered
      const sent: number[] = []
      let firstSentAt = 0
      try {
        for (const [index, row] of rows.entries()) {
          if (stopping()) {
            // Handed back to the queue untried, their attempt not counted.
            const untried = rows.slice(index).map((each) => each.id)
            await release(this.options.db, this.queue, untried, { status: 'pending' })
            return delivered
          }
          if (!(await this.deliver(row))) continue
          delivered++
          if (sent.push(row.id) === 1) firstSentAt = Date.now()
          if (Date.now() - firstSentAt >= MARK_DELIVERED_WITHIN_MS) {
            await this.markDelivered(sent.splice(0))
          }
        }
      } finally {
        await this.markDelivered(sent)
      }
    }
  }

  private async markDelivered(ids: number[]) {
    await complete(this.options.db, this.queue, ids, {
      status: 'delivered',
      deliveredAt: sql`now()`,
      lastError: null,
    })
  }

  private claimDue(): Promise<OutboxRow[]> {
    return claimDue(this.options.db, this.queue, { limit: this.options.batchSize ?? 20 })
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    const { db, transport, policy } = this.options
    try {
      const message = await this.toMessage(row)
      await this.unlessAbandoned(() => transport.send(message))
      // Marked delivered with the rest of its batch (drain).
      return true
    } catch (error) {
      const dead = row.attempts >= policy.maxAttempts
      const lastError = String((error as Error).message ?? error).slice(0, 500)
      if (dead) {
        await giveUp(db, this.queue, [row.id], { status: 'dead', lastError })
      } else {
        const delay = retryDelayMs(row.attempts, policy)
        await retryLater(db, this.queue, [row.id], delay, { status: 'pending', lastError })
      }
      this.options.log?.(
        `outbox: mail ${row.id} attempt ${row.attempts} failed (${(error as Error).message})${dead ? '; giving up' : ''}`,
      )
      return false
    }
  }

  private unlessAbandoned(send: () => Promise<void>): Promise<void> {
    if (this.abandoned) return Promise.reject(new Error('the worker stopped'))
    return new Promise<void>((resolve, reject) => {
      this.abandonSend = reject
      send()
        .then(resolve, reject)
        .finally(() => (this.abandonSend = undefined))
    })
  }

  private async toMessage(row: OutboxRow): Promise<Mail.Options> {
    const { mail } = row
    const message: Mail.Options = {
      from: mail.from,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${messageIdOf(row)}>`,
    }
    if (mail.attachResumeOf) {
      const [application] = await this.options.db
        .select()
        .from(jobApplications)
        .where(eq(jobApplications.id, mail.attachResumeOf))
      if (!application) throw new Error(`application ${mail.attachResumeOf} is missing`)
      message.attachments = [
        {
          filename: application.resumeFileName,
          contentType: application.resumeContentType,
          content: application.resume,
        },
      ]
    }
    return message
  }
}

/** The Message-ID (without angle brackets) of an outbox row's mail: the same on every resend. */
export function messageIdOf(row: Pick<OutboxRow, 'id' | 'createdAt'>): string {
  return `outbox-${row.id}.${row.createdAt.getTime()}@${brand.domain}`
}
