import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { Database } from '#server/db/database.ts'
import { outbox, type OutboxRow } from '#server/db/schema.ts'

/** Every mail not yet delivered, oldest first. */
export function listUndelivered(db: Database): Promise<OutboxRow[]> {
  return db.select().from(outbox).where(ne(outbox.status, 'delivered')).orderBy(asc(outbox.id))
}

/** Queues mails again from their first attempt: the given ids, or every dead one. */
export async function requeue(db: Database, which: number[] | 'dead'): Promise<number[]> {
  const rows = await db
    .update(outbox)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
      lastError: null,
      lockedUntil: null,
    })
    .where(
      which === 'dead'
        ? eq(outbox.status, 'dead')
        : and(inArray(outbox.id, which), ne(outbox.status, 'delivered')),
    )
    .returning({ id: outbox.id })
  return rows.map((row) => row.id)
}
