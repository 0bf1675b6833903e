import { eq, sql } from 'drizzle-orm'
import { rowsOf } from '#jobs/sql-rows.ts'
import type Mail from 'nodemailer/lib/mailer'
import { describe, expect, it } from 'vitest'
import { outbox } from '#server/db/schema.ts'
import { outboxTestDatabase } from '#tests/support/database.ts'
import { enqueueMail, OutboxWorker, retryDelayMs } from './outbox.ts'
import type { MailTransport } from './transport.ts'

const draft = {
  from: 'Paystra Website <no-reply@paystra.example>',
  to: 'contact@paystra.example',
  subject: 'Hello',
  text: 'Hello',
  html: '<p>Hello</p>',
}

function fakeTransport(failuresBeforeSuccess: number) {
  const sent: Mail.Options[] = []
  let failures = 0
  const transport: MailTransport = {
    async send(message) {
      if (failures < failuresBeforeSuccess) {
        failures++
        throw new Error('connect ECONNREFUSED')
      }
      sent.push(message)
    },
    close: () => {},
    describe: () => 'fake',
  }
  return { transport, sent }
}

const database = outboxTestDatabase()

/** The database's now(), in milliseconds: the clock the claims are made and compared by. */
async function databaseNow(): Promise<number> {
  const result = await rowsOf<{ ms: string | number }>(
    database.store.db,
    sql`select extract(epoch from now()) * 1000 as ms`,
  )
  // Claims keep whole milliseconds (a Date): so does this.
  return Math.floor(Number(result[0]!.ms))
}

async function rows() {
  return database.store.db.select().from(outbox)
}

describe('retryDelayMs', () => {
  const policy = { maxAttempts: 8, baseDelayMs: 30_000, maxDelayMs: 3_600_000 }
  const attempts = [1, 2, 3, 4, 8, 9]

  it('doubles from the base and stops at the cap, before jitter', () => {
    expect(attempts.map((attempt) => retryDelayMs(attempt, policy, () => 0))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ])
  })

  it('takes up to a fifth off each delay at random, never more', () => {
    expect(attempts.map((attempt) => retryDelayMs(attempt, policy, () => 1))).toEqual([
      24_000, 48_000, 96_000, 192_000, 2_880_000, 2_880_000,
    ])
  })
})

describe('OutboxWorker', () => {
  it('delivers queued mail once and marks it delivered, with a Message-ID from its row', async () => {
    await enqueueMail(database.store.db, 'contact', draft)
    const { transport, sent } = fakeTransport(0)
    const worker = new OutboxWorker({
      db: database.store.db,
      transport,
      policy: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
    })
    expect(await worker.drain()).toBe(1)
    expect(await worker.drain()).toBe(0)
    expect(sent).toHaveLength(1)
    const [row] = await rows()
    expect(row?.status).toBe('delivered')
    expect(row?.attempts).toBe(1)
    expect(sent[0]?.messageId).toMatch(new RegExp(`^<outbox-${row?.id}\\.\\d+@paystra\\.example>$`))
  })

  it('backs off after a failure and keeps the error', async () => {
    await enqueueMail(database.store.db, 'contact', draft)
    const { transport, sent } = fakeTransport(1)
    const worker = new OutboxWorker({
      db: database.store.db,
      transport,
      policy: { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 },
    })
    expect(await worker.drain()).toBe(0)
    const [row] = await rows()
    expect(row?.status).toBe('pending')
    expect(row?.lastError).toContain('ECONNREFUSED')
    // 60 s less up to a fifth (core/retry/backoff.ts), less the time the test took.
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(45_000)
    // Not due yet: a second pass sends nothing.
    expect(await worker.drain()).toBe(0)
    expect(sent).toHaveLength(0)
  })

  it('gives up after the last attempt and marks the mail dead', async () => {
    await enqueueMail(database.store.db, 'contact', draft)
    const { transport } = fakeTransport(99)
    let tries = 0
    const counting: MailTransport = {
      ...transport,
      send: (message) => (tries++, transport.send(message)),
    }
    const worker = new OutboxWorker({
      db: database.store.db,
      transport: counting,
      // No wait between tries: each failed try is due again at once, so one pass makes them all.
      policy: { maxAttempts: 3, baseDelayMs: 0, maxDelayMs: 0 },
    })
    expect(await worker.drain()).toBe(0)
    const [row] = await rows()
    expect(row?.status).toBe('dead')
    expect(row?.attempts).toBe(3)
    expect(tries).toBe(3)
    // Dead mail is not tried again.
    expect(await worker.drain()).toBe(0)
    expect(tries).toBe(3)
  })

  it('takes over a mail left "sending" by a worker that died', async () => {
    await enqueueMail(database.store.db, 'contact', draft)
    const [queued] = await rows()
    await database.store.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, queued!.id))
    const { transport, sent } = fakeTransport(0)
    const worker = new OutboxWorker({
      db: database.store.db,
      transport,
      policy: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
    })
    expect(await worker.drain()).toBe(1)
    expect(sent).toHaveLength(1)
  })

  it('holds a claim for the configured time, then lets another worker take it over', async () => {
    await enqueueMail(database.store.db, 'contact', draft)
    const hanging: MailTransport = {
      send: () => new Promise(() => {}),
      close: () => {},
      describe: () => 'hangs',
    }
    const policy = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 }
    const claimTimeoutMs = 60_000
    const first = new OutboxWorker({
      db: database.store.db,
      transport: hanging,
      policy,
      claimTimeoutMs,
    })
    // The database's clock, read before and after the claim, brackets the claim's own now().
    const before = await databaseNow()
    void first.drain()
    await expect.poll(async () => (await rows())[0]?.status).toBe('sending')
    const after = await databaseNow()
    const [claimed] = await rows()
    expect(claimed!.lockedUntil!.getTime()).toBeGreaterThanOrEqual(before + claimTimeoutMs)
    expect(claimed!.lockedUntil!.getTime()).toBeLessThanOrEqual(after + claimTimeoutMs)

    const { transport, sent } = fakeTransport(0)
    const second = new OutboxWorker({ db: database.store.db, transport, policy })
    expect(await second.drain()).toBe(0)
    // The claim's time passes: its end moves back by the claim's length (and a millisecond),
    // to the moment of the claim, which the database's clock has passed.
    await database.store.db
      .update(outbox)
      .set({
        lockedUntil: sql`${outbox.lockedUntil} - make_interval(secs => ${(claimTimeoutMs + 1) / 1000})`,
      })
      .where(eq(outbox.id, claimed!.id))
    expect(await second.drain()).toBe(1)
    expect(sent).toHaveLength(1)
  })
})
