import { afterEach, describe, expect, it, vi } from 'vitest'
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
const policy = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 }
async function statuses() {
  const rows = await database.store.db.select().from(outbox).orderBy(outbox.id)
  return rows.map((row) => row.status)
}

const database = outboxTestDatabase()

describe('OutboxWorker under a burst', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  // The loop's own timing is jobs/worker-loop.test.ts's. Here the clock and the loop's timers
  // are fake, so the gap between passes is what the worker asks for, not what a loaded machine
  // happens to take (measured between sends, it once shrank to 7 ms: the first pass's claim
  // took most of the 100 ms before its send).
  it('sends a quiet site’s mail at once, then starts passes no more than every 100 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const sent: number[] = []
    const transport: MailTransport = {
      async send() {
        sent.push(Date.now())
      },
      close: () => {},
      describe: () => 'fake',
    }
    // No polling during the test: only kicks start passes.
    const worker = new OutboxWorker({ db: database.store.db, transport, policy, pollMs: 60_000 })
    worker.start()
    try {
      await worker.idle()
      vi.setSystemTime(Date.now() + 1_000)
      await enqueueMail(database.store.db, 'contact', draft)
      const kickedAt = Date.now()
      worker.kick()
      await worker.idle()
      // The first kick after a quiet spell runs at once: no timer had to fire.
      expect(sent).toEqual([kickedAt])
      // A burst: five more mails and five kicks. The next pass waits for its turn, 100 ms after
      // the last one started, and takes them all.
      for (let i = 0; i < 5; i++) await enqueueMail(database.store.db, 'contact', draft)
      for (let i = 0; i < 5; i++) worker.kick()
      await worker.idle()
      await vi.advanceTimersByTimeAsync(99)
      await worker.idle()
      expect(sent).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      await worker.idle()
      expect(sent).toEqual([kickedAt, ...Array(5).fill(kickedAt + 100)])
      expect(await statuses()).toEqual(Array(6).fill('delivered'))
    } finally {
      await worker.stop()
    }
  })

  it('marks sent mail delivered once 250 ms have passed, while the rest of its batch goes out', async () => {
    // The clock is fake: each of the first three sends takes 150 ms of it.
    vi.useFakeTimers({ toFake: ['Date'] })
    for (let i = 0; i < 4; i++) await enqueueMail(database.store.db, 'contact', draft)
    let sends = 0
    let releaseLast: () => void = () => {}
    let beforeThird: string[] = []
    const transport: MailTransport = {
      async send() {
        sends++
        if (sends === 3) beforeThird = await statuses()
        if (sends < 4) vi.setSystemTime(Date.now() + 150)
        else if (sends === 4) await new Promise<void>((resolve) => (releaseLast = resolve))
      },
      close: () => {},
      describe: () => 'fake',
    }
    const worker = new OutboxWorker({ db: database.store.db, transport, policy })
    const draining = worker.drain()
    await vi.waitFor(() => expect(sends).toBe(4), { timeout: 10_000 })
    // Sent 150 ms after the first, the second was not marked yet; the fourth is still being
    // sent, and the three before it are marked already (300 ms after the first went out).
    expect(beforeThird).toEqual(Array(4).fill('sending'))
    expect((await statuses()).sort()).toEqual(['delivered', 'delivered', 'delivered', 'sending'])
    releaseLast()
    expect(await draining).toBe(4)
    expect(await statuses()).toEqual(['delivered', 'delivered', 'delivered', 'delivered'])
  })
})
