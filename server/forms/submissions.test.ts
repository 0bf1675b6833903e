import { randomUUID } from 'node:crypto'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { contactMessages, outbox } from '#server/db/schema.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { saveContactMessage } from './submissions.ts'

const addresses = {
  from: 'Paystra Website <no-reply@paystra.example>',
  contactInbox: 'contact@paystra.example',
  careersInbox: 'careers@paystra.example',
}
const message = (name: string) => ({
  name,
  company: 'Verma Textiles',
  phone: '9876543210',
  email: 'asha@example.com',
  subject: 'Online payments',
  message: 'We sell sarees online.',
})

/** Names of this run's own rows: on PostgreSQL, earlier runs' rows may still be there. */
const run = randomUUID().slice(0, 8)

let store: DataStore
beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
})
afterAll(() => store.close())

describe('saveContactMessage', () => {
  it('stores the message and queues its mail, and answers the message id', async () => {
    const id = await saveContactMessage(
      store.db,
      message(`Asha Save ${run}`),
      '203.0.113.9',
      addresses,
    )
    const [stored] = await store.db.select().from(contactMessages).where(eq(contactMessages.id, id))
    expect(stored).toMatchObject({ ...message(`Asha Save ${run}`), clientIp: '203.0.113.9' })
    const queued = await store.db
      .select()
      .from(outbox)
      .where(sql`${outbox.mail}->>'replyTo' = ${`Asha Save ${run} <asha@example.com>`}`)
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ kind: 'contact', status: 'pending', attempts: 0 })
    expect(queued[0]!.mail.to).toBe('contact@paystra.example')
  })

  it('stores nothing when its mail cannot be queued', async () => {
    const storedAs = async (name: string) => {
      const [row] = await store.db
        .select({ count: count() })
        .from(contactMessages)
        .where(eq(contactMessages.name, name))
      return row?.count
    }
    // Data tests run one file at a time, so no other test sees the outbox gone for a moment.
    await store.db.execute(sql`alter table outbox rename to outbox_away`)
    try {
      await expect(
        saveContactMessage(store.db, message(`Asha Atomic ${run}`), undefined, addresses),
      ).rejects.toThrow()
    } finally {
      await store.db.execute(sql`alter table outbox_away rename to outbox`)
    }
    expect(await storedAs(`Asha Atomic ${run}`)).toBe(0)
    await saveContactMessage(store.db, message(`Asha After ${run}`), undefined, addresses)
    expect(await storedAs(`Asha After ${run}`)).toBe(1)
  })
})
