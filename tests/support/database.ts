import { afterAll, beforeAll, beforeEach } from 'vitest'
import { type DatabaseOptions, type DataStore, openDatabase } from '#server/db/database.ts'
import { outbox } from '#server/db/schema.ts'

/**
 * Data tests run on in-memory PGlite, and a second time on a real PostgreSQL server when
 * DATABASE_URL is set (.ci/run starts one).
 */
export function testDatabaseOptions(): DatabaseOptions {
  return process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}
}

/**
 * The test file's database, opened before its tests and closed after them, with the outbox
 * emptied before each test. Read `.store` inside tests and hooks: it is opened in beforeAll.
 */
export function outboxTestDatabase(): { readonly store: DataStore } {
  let store: DataStore | undefined
  beforeAll(async () => {
    store = await openDatabase(testDatabaseOptions())
  })
  afterAll(() => store?.close())
  beforeEach(async () => {
    await store!.db.delete(outbox)
  })
  return {
    get store() {
      if (!store) throw new Error('The database opens in beforeAll: use it inside a test or hook')
      return store
    },
  }
}
