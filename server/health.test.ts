import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataStore, openDatabase } from './db/database.ts'
import { healthChecks } from './health.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'

let store: DataStore
let draining = false
let server: Server
let base: string

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  const { answer } = healthChecks({ db: store.db, draining: () => draining })
  server = createServer((req, res) => {
    if (!answer(req, res)) res.writeHead(418).end('the site')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await store.close()
})

describe('GET /healthz and /readyz', () => {
  it('answers alive and ready, as JSON that is never cached', async () => {
    const alive = await fetch(`${base}/healthz`)
    expect(alive.status).toBe(200)
    expect(alive.headers.get('cache-control')).toBe('no-store')
    expect(await alive.json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${base}/readyz?probe=lb`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready' })
    const head = await fetch(`${base}/readyz`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('answers 503 from the moment the server is draining, while it still answers alive', async () => {
    draining = true
    try {
      const ready = await fetch(`${base}/readyz`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({ status: 'not ready', reason: 'shutting down' })
      expect((await fetch(`${base}/healthz`)).status).toBe(200)
    } finally {
      draining = false
    }
  })

  it('refuses other methods and leaves every other path to the site', async () => {
    const posted = await fetch(`${base}/readyz`, { method: 'POST' })
    expect(posted.status).toBe(405)
    expect(posted.headers.get('allow')).toBe('GET, HEAD')
    expect((await fetch(`${base}/healthz/x`)).status).toBe(418)
    expect((await fetch(`${base}/`)).status).toBe(418)
  })
})

describe('readiness', () => {
  it.each([
    { history: 'site', source: 'server/db/migrations', option: 'migrationsFolder', prefix: '' },
    {
      history: 'gateway',
      source: 'gateway/db/migrations',
      option: 'gatewayMigrationsFolder',
      prefix: 'gateway: ',
    },
  ] as const)(
    'is not ready while this build ships a $history migration the database lacks',
    async ({ source, option, prefix }) => {
      const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'))
      try {
        cpSync(path.resolve(source, 'meta'), path.join(folder, 'meta'), { recursive: true })
        const journalPath = path.join(folder, 'meta/_journal.json')
        const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] }
        const shipped = journal.entries.length
        journal.entries.push({ idx: shipped, tag: '9999_next', when: 0, breakpoints: true })
        writeFileSync(journalPath, JSON.stringify(journal))
        const { readiness } = healthChecks({
          db: store.db,
          draining: () => false,
          [option]: folder,
        })
        expect(await readiness()).toEqual({
          ready: false,
          reason: `${prefix}${shipped} of ${shipped + 1} migrations applied`,
        })
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
    },
  )

  it('is not ready when the database does not answer', async () => {
    const closed = await openDatabase(testDatabaseOptions())
    await closed.close()
    const { readiness } = healthChecks({ db: closed.db, draining: () => false })
    const state = await readiness()
    expect(state.ready).toBe(false)
    expect((state as { reason: string }).reason).toMatch(/^database: /)
  })
})
