import { beforeEach, describe, expect, it } from 'vitest'
import { outbox } from '#server/db/schema.ts'
import { outboxTestDatabase } from '#tests/support/database.ts'
import { listUndelivered, requeue } from './outbox-admin.ts'

const mail = {
  from: 'a@paystra.example',
  to: 'b@paystra.example',
  subject: 'S',
  text: 'T',
  html: 'H',
}

const database = outboxTestDatabase()
beforeEach(async () => {
  await database.store.db.insert(outbox).values([
    { kind: 'contact', mail, status: 'delivered', attempts: 1 },
    { kind: 'contact', mail, status: 'pending', attempts: 2, lastError: 'timeout' },
    { kind: 'career', mail, status: 'dead', attempts: 8, lastError: 'refused' },
  ])
})

describe('outbox administration', () => {
  it('lists what is not delivered, oldest first', async () => {
    const rows = await listUndelivered(database.store.db)
    expect(rows.map((row) => row.status)).toEqual(['pending', 'dead'])
  })

  it('queues every dead mail again from its first attempt', async () => {
    const ids = await requeue(database.store.db, 'dead')
    expect(ids).toHaveLength(1)
    const rows = await listUndelivered(database.store.db)
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual([
      ['pending', 2, 'timeout'],
      ['pending', 0, null],
    ])
  })

  it('queues chosen mails again but never a delivered one', async () => {
    const all = await database.store.db.select().from(outbox)
    const ids = await requeue(
      database.store.db,
      all.map((row) => row.id),
    )
    expect(ids).toHaveLength(2)
  })
})
