import { describe, expect, it, vi } from 'vitest'
import { outbox } from '#server/db/schema.ts'
import { outboxTestDatabase } from '#tests/support/database.ts'
import { enqueueMail, OutboxWorker } from './outbox.ts'
import type { MailTransport } from './transport.ts'

const draft = {
  from: 'Paystra Website <no-reply@paystra.example>',
  to: 'contact@paystra.example',
  subject: 'Hello',
  text: 'Hello',
  html: '<p>Hello</p>',
}

const database = outboxTestDatabase()

describe('OutboxWorker.stop', () => {
  it('waits for the mail being sent, not for a queue that keeps coming due, and hands the rest back', async () => {
    for (let i = 0; i < 5; i++) await enqueueMail(database.store.db, 'contact', draft)
    const events: string[] = []
    let sends = 0
    let answerTwelfth!: () => void
    const twelfthAnswered = new Promise<void>((resolve) => (answerTwelfth = resolve))
    // The mail server is down and retries come due at once: one pass would never end. The
    // twelfth send waits for the test to answer it.
    const transport: MailTransport = {
      async send() {
        sends++
        events.push(`send ${sends}`)
        if (sends === 12) await twelfthAnswered
        else await new Promise((resolve) => setTimeout(resolve, 10))
        throw new Error('connect ECONNREFUSED 127.0.0.1:25')
      },
      close: () => {},
      describe: () => 'down',
    }
    const worker = new OutboxWorker({
      db: database.store.db,
      transport,
      policy: { maxAttempts: 1_000_000, baseDelayMs: 1, maxDelayMs: 1 },
      pollMs: 10,
    })
    worker.start()
    await vi.waitFor(() => expect(sends).toBe(12), { timeout: 10_000 })
    const stopped = worker.stop().then(() => events.push('stopped'))
    // Whatever stop() does without waiting is done before the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve))
    events.push('answered')
    answerTwelfth()
    await stopped
    // stop() waited for the send in flight, and no send started after it.
    expect(events.slice(-3)).toEqual(['send 12', 'answered', 'stopped'])

    const rows = await database.store.db.select().from(outbox)
    expect(rows.map((row) => row.status)).toEqual(Array(5).fill('pending'))
    // The send was answered, not given up on.
    expect(rows.map((row) => row.lastError)).toContain('connect ECONNREFUSED 127.0.0.1:25')
    expect(rows.map((row) => row.lastError ?? '').join()).not.toContain('no answer')
    // Rows claimed but not tried went back without an attempt counted against them.
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(sends)
  })

  it('gives up on a mail server that never answers after the grace, and keeps the mail for later', async () => {
    await enqueueMail(database.store.db, 'contact', draft)
    let sends = 0
    const transport: MailTransport = {
      send: () => {
        sends++
        return new Promise<void>(() => {})
      },
      close: () => {},
      describe: () => 'hung',
    }
    const worker = new OutboxWorker({
      db: database.store.db,
      transport,
      policy: { maxAttempts: 8, baseDelayMs: 1, maxDelayMs: 1 },
    })
    worker.start()
    await vi.waitFor(() => expect(sends).toBe(1), { timeout: 10_000 })
    // The send never answers: stop() ends only by giving up on it after the grace (otherwise
    // the test times out), and the mail records why.
    await worker.stop(200)

    const [row] = await database.store.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null })
    expect(row?.lastError).toMatch(/no answer from the mail server within 200 ms/)
    expect(sends).toBe(1)
  })
})
