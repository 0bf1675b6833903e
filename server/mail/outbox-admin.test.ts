import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { outbox } from '#server/db/schema.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { listUndelivered, requeue } from './outbox-admin.ts'

const mail = {
  from: 'a@paystra.example',
  to: 'b@paystra.example',
  subject: 'S',
  text: 'T',
  html: 'H',
}

let store: DataStore
beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
})
afterAll(() => store.close())
beforeEach(async () => {
  await store.db.delete(outbox)
  await store.db.insert(outbox).values([
    { kind: 'contact', mail, status: 'delivered', attempts: 1 },
    { kind: 'contact', mail, status: 'pending', attempts: 2, lastError: 'timeout' },
    { kind: 'career', mail, status: 'dead', attempts: 8, lastError: 'refused' },
  ])
})

describe('outbox administration', () => {
  it('lists what is not delivered, oldest first', async () => {
    const rows = await listUndelivered(store.db)
    expect(rows.map((row) => row.status)).toEqual(['pending', 'dead'])
  })

  it('queues every dead mail again from its first attempt', async () => {
    const ids = await requeue(store.db, 'dead')
    expect(ids).toHaveLength(1)
    const rows = await listUndelivered(store.db)
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual([
      ['pending', 2, 'timeout'],
      ['pending', 0, null],
    ])
  })

  it('queues chosen mails again but never a delivered one', async () => {
    const all = await store.db.select().from(outbox)
    const ids = await requeue(
      store.db,
      all.map((row) => row.id),
    )
    expect(ids).toHaveLength(2)
  })
})
