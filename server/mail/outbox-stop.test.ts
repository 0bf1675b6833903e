import { describe, expect, it } from 'vitest'
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(condition: () => boolean) {
  while (!condition()) await pause(5)
}

const database = outboxTestDatabase()

describe('OutboxWorker.stop', () => {
  it('waits for the mail being sent, not for a queue that keeps coming due, and hands the rest back', async () => {
    for (let i = 0; i < 5; i++) await enqueueMail(database.store.db, 'contact', draft)
    let sends = 0
    // The mail server is down and retries come due at once: one pass would never end.
    const transport: MailTransport = {
      async send() {
        sends++
        await pause(10)
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
    await until(() => sends >= 12)
    const stoppedAt = Date.now()
    await worker.stop()
    expect(Date.now() - stoppedAt).toBeLessThan(2000)

    const rows = await database.store.db.select().from(outbox)
    expect(rows.map((row) => row.status)).toEqual(Array(5).fill('pending'))
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
    await until(() => sends === 1)
    const stoppedAt = Date.now()
    await worker.stop(200)
    expect(Date.now() - stoppedAt).toBeLessThan(2000)

    const [row] = await database.store.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null })
    expect(row?.lastError).toMatch(/no answer from the mail server within 200 ms/)
    expect(sends).toBe(1)
  })
})
