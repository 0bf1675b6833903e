import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it, vi } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { contactMessages } from '#server/db/schema.ts'
import { startServices } from '#server/services.ts'

/**
 * The server prunes by itself: a first pass soon after start, stopped with the services. The
 * test moves the timers' clock past the first pass's delay rather than waiting it out; as the
 * clock stands still otherwise, the pass cannot come before the row it must delete is written.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'paystra-services-retention-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

it('runs a pruning pass shortly after the services start', { timeout: 60_000 }, async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {})
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
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
    // The first pass is due 10 s after start (server/retention/runner.ts).
    await vi.advanceTimersByTimeAsync(10_000)
    await expect.poll(async () => (await db.select().from(contactMessages)).length).toBe(0)
  } finally {
    await services.close()
    vi.useRealTimers()
  }
})
