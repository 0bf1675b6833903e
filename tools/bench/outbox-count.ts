import path from 'node:path'
import { count } from 'drizzle-orm'
import { openDatabase } from '../../server/db/database.ts'
import { contactMessages, outbox } from '../../server/db/schema.ts'
import { countMailFiles } from '#tools/measure/mail-files.ts'

export interface StoredCounts {
  contactMessages: number
  /** Outbox rows by status (pending, sending, delivered, dead). */
  outbox: Record<string, number>
  mailFiles: number
}

/**
 * What the server stored: in the PGlite of its data folder, or in the PostgreSQL database at
 * `databaseUrl` when given; the .eml files in its data folder either way. PGlite serves one
 * process, so on PGlite this runs after the server has stopped.
 */
export async function countStored(place: {
  dataDir: string
  databaseUrl?: string
}): Promise<StoredCounts> {
  const store = await openDatabase({
    databaseUrl: place.databaseUrl,
    pgliteDir: path.join(place.dataDir, 'pglite'),
  })
  try {
    const [contact] = await store.db.select({ count: count() }).from(contactMessages)
    const byStatus = await store.db
      .select({ status: outbox.status, count: count() })
      .from(outbox)
      .groupBy(outbox.status)
    return {
      contactMessages: contact?.count ?? 0,
      outbox: Object.fromEntries(byStatus.map((row) => [row.status, row.count])),
      mailFiles: await countMailFiles(place.dataDir),
    }
  } finally {
    await store.close()
  }
}

/**
 * What was added between two counts of a database others use too: the rows the bench's server
 * stored, as long as nobody else wrote to or deleted from those tables meanwhile.
 */
export function storedSince(before: StoredCounts, after: StoredCounts): StoredCounts {
  const statuses = new Set([...Object.keys(before.outbox), ...Object.keys(after.outbox)])
  return {
    contactMessages: after.contactMessages - before.contactMessages,
    outbox: Object.fromEntries(
      [...statuses].map((status) => [
        status,
        (after.outbox[status] ?? 0) - (before.outbox[status] ?? 0),
      ]),
    ),
    mailFiles: after.mailFiles - before.mailFiles,
  }
}
