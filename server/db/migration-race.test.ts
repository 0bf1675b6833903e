/**
 * Instances started together on an empty PostgreSQL database (a deploy of N machines, or
 * WEB_CONCURRENCY workers) each apply the migrations at start, the gateway's and the site's;
 * they must take turns. Runs only with DATABASE_URL (CI's data tests), on a database of its own
 * that it drops afterwards.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { gatewayMigrationsTable } from '#gateway/db/migrate.ts'
import { openDatabase } from './database.ts'
import { contactMessages } from './schema.ts'

const databaseUrl = process.env.DATABASE_URL

describe.runIf(databaseUrl)('migrations on PostgreSQL', () => {
  it('four instances starting at once on an empty database all start, and migrate it once', async () => {
    const name = `paystra_race_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(databaseUrl!)
    url.pathname = `/${name}`
    try {
      const stores = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url.toString() })),
      )
      try {
        for (const store of stores)
          expect(await store.db.select().from(contactMessages)).toEqual([])
        const probe = new pg.Client({ connectionString: url.toString() })
        await probe.connect()
        // The site's history and the gateway's: each migration recorded once.
        for (const table of ['__drizzle_migrations', gatewayMigrationsTable]) {
          const applied = await probe.query(`select hash from drizzle.${table}`)
          expect(applied.rowCount, table).toBeGreaterThan(0)
          expect(new Set(applied.rows.map((row: { hash: string }) => row.hash)).size).toBe(
            applied.rowCount,
          )
        }
        await probe.end()
      } finally {
        await Promise.all(stores.map((store) => store.close()))
      }
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
      await admin.end()
    }
  }, 60_000)
})
