import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it, vi } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { contactMessages } from '#server/db/schema.ts'
import { startServices } from '#server/services.ts'

/** The server prunes by itself: a first pass soon after start, stopped with the services. */

const dataDir = mkdtempSync(path.join(tmpdir(), 'paystra-services-retention-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

it('runs a pruning pass shortly after the services start', { timeout: 60_000 }, async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {})
  const services = await startServices(
    loadConfig({
      DATA_DIR: dataDir,
      // A gateway elsewhere: no sandbox in this process, so none of its tables exist.
      PG_BASE_URL: 'https://pg.example',
      RETENTION_APPLICATION_DAYS: '180',
    }),
  )
  try {
    const { db } = services.store
    await db.insert(contactMessages).values({
      name: 'Asha',
      company: 'Asha Traders',
      phone: '9876543210',
      email: 'asha@example.com',
      subject: 'Pricing',
      message: 'Hello',
      createdAt: new Date(Date.now() - 181 * 24 * 60 * 60 * 1000),
    })
    await expect
      .poll(async () => (await db.select().from(contactMessages)).length, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(0)
  } finally {
    await services.close()
  }
})
