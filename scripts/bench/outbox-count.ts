import path from 'node:path'
import { count } from 'drizzle-orm'
import { openDatabase } from '#server/db/database.ts'
import { contactMessages, outbox } from '#server/db/schema.ts'
import { countMailFiles } from '../measure/mail-files.ts'

export interface StoredCounts {
  contactMessages: number
  /** Outbox rows by status (pending, sending, delivered, dead). */
  outbox: Record<string, number>
  mailFiles: number
}

/**
 * What the server left in its data folder. PGlite serves one process, so this runs after the
 * server has stopped.
 */
export async function countStored(dataDir: string): Promise<StoredCounts> {
  const store = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
  try {
    const [contact] = await store.db.select({ count: count() }).from(contactMessages)
    const byStatus = await store.db
      .select({ status: outbox.status, count: count() })
      .from(outbox)
      .groupBy(outbox.status)
    return {
      contactMessages: contact?.count ?? 0,
      outbox: Object.fromEntries(byStatus.map((row) => [row.status, row.count])),
      mailFiles: await countMailFiles(dataDir),
    }
  } finally {
    await store.close()
  }
}
