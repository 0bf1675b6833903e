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
const policy = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 }
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(condition: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 20_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in 20 s')
    await pause(5)
  }
}

async function statuses() {
  const rows = await database.store.db.select().from(outbox).orderBy(outbox.id)
  return rows.map((row) => row.status)
}

const database = outboxTestDatabase()

describe('OutboxWorker under a burst', () => {
  it('sends a quiet site’s mail at once, then starts passes no more than every 100 ms', async () => {
    const sentAt: number[] = []
    const transport: MailTransport = {
      async send() {
        sentAt.push(Date.now())
      },
      close: () => {},
      describe: () => 'fake',
    }
    // No polling during the test: only kicks start passes.
    const worker = new OutboxWorker({ db: database.store.db, transport, policy, pollMs: 60_000 })
    worker.start()
    try {
      await pause(150)
      await enqueueMail(database.store.db, 'contact', draft)
      const kickedAt = Date.now()
      worker.kick()
      await until(() => sentAt.length === 1)
      // The first kick after a quiet spell runs at once.
      expect(sentAt[0]! - kickedAt).toBeLessThan(100)
      // A burst: five more mails and five kicks. The next pass waits for its turn (it starts
      // 100 ms after the first; its first send follows its claim) and takes them all.
      for (let i = 0; i < 5; i++) await enqueueMail(database.store.db, 'contact', draft)
      for (let i = 0; i < 5; i++) worker.kick()
      await until(() => sentAt.length === 6)
      expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(60)
      await until(async () => (await statuses()).every((status) => status === 'delivered'))
      expect(await statuses()).toHaveLength(6)
    } finally {
      await worker.stop()
    }
  })

  it('marks sent mail delivered once 250 ms have passed, while the rest of its batch goes out', async () => {
    for (let i = 0; i < 4; i++) await enqueueMail(database.store.db, 'contact', draft)
    let sends = 0
    let releaseLast: () => void = () => {}
    const transport: MailTransport = {
      async send() {
        sends++
        if (sends < 4) await pause(150)
        else if (sends === 4) await new Promise<void>((resolve) => (releaseLast = resolve))
      },
      close: () => {},
      describe: () => 'fake',
    }
    const worker = new OutboxWorker({ db: database.store.db, transport, policy })
    const draining = worker.drain()
    await until(() => sends === 4)
    // The fourth mail is still being sent; the three before it are marked already.
    expect((await statuses()).sort()).toEqual(['delivered', 'delivered', 'delivered', 'sending'])
    releaseLast()
    expect(await draining).toBe(4)
    expect(await statuses()).toEqual(['delivered', 'delivered', 'delivered', 'delivered'])
  })
})
