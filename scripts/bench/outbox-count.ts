import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { openDatabase } from '#server/db/database.ts'
import { contactMessages, outbox } from '#server/db/schema.ts'

export interface StoredCounts {
  contactMessages: number
  /** Outbox rows by status (pending, sending, delivered, dead). */
  outbox: Record<string, number>
  mailFiles: number
}

/** How many .eml files the file transport has written so far. */
export async function countMailFiles(dataDir: string): Promise<number> {
  try {
    return (await readdir(path.join(dataDir, 'mail'))).filter((name) => name.endsWith('.eml'))
      .length
  } catch {
    return 0
  }
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
