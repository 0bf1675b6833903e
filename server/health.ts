/**
 * What a load balancer asks: `GET /healthz` (the process answers) and `GET /readyz` (it should
 * get traffic: the database answers, every migration is applied, and it is not shutting down).
 * Answered before everything else in the request listener: never rate limited, cached or sent
 * through the site's pages.
 */
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { gatewayMigrationsFolder, gatewayMigrationsTable } from '#gateway/db/migrate.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { Database } from './db/database.ts'

export const HEALTH_PATH = '/healthz'
export const READY_PATH = '/readyz'

/** A database that does not answer within this long makes the instance not ready. */
const DATABASE_TIMEOUT_MS = 2000

export interface HealthOptions {
  db: Database
  /** True from SIGTERM on: the balancer should stop sending before the connections close. */
  draining: () => boolean
  /** The site's migrations this build ships (drizzle's journal); all must be applied. */
  migrationsFolder?: string
  /** The gateway's migrations this build ships (gateway/db/migrate.ts); all must be applied. */
  gatewayMigrationsFolder?: string
}

export type ReadyState = { ready: true } | { ready: false; reason: string }

/** The answer to the two paths, or false for any other request. */
export type HealthAnswer = (req: IncomingMessage, res: ServerResponse) => boolean

export function healthChecks(options: HealthOptions): {
  answer: HealthAnswer
  readiness: () => Promise<ReadyState>
} {
  const histories = [
    {
      name: '',
      table: '__drizzle_migrations',
      expected: shippedMigrations(options.migrationsFolder ?? path.resolve('server/db/migrations')),
    },
    {
      name: 'gateway: ',
      table: gatewayMigrationsTable,
      expected: shippedMigrations(options.gatewayMigrationsFolder ?? gatewayMigrationsFolder),
    },
  ]

  const readiness = async (): Promise<ReadyState> => {
    if (options.draining()) return { ready: false, reason: 'shutting down' }
    try {
      for (const { name, table, expected } of histories) {
        const applied = await withTimeout(appliedMigrations(options.db, table), DATABASE_TIMEOUT_MS)
        if (applied < expected) {
          return { ready: false, reason: `${name}${applied} of ${expected} migrations applied` }
        }
      }
      return { ready: true }
    } catch (error) {
      return { ready: false, reason: `database: ${(error as Error).message}` }
    }
  }

  const answer: HealthAnswer = (req, res) => {
    const pathname = (req.url ?? '').split('?')[0]
    if (pathname !== HEALTH_PATH && pathname !== READY_PATH) return false
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { status: 'method not allowed' }, { Allow: 'GET, HEAD' })
      return true
    }
    if (pathname === HEALTH_PATH) {
      send(res, 200, { status: 'ok' })
      return true
    }
    readiness().then(
      (state) =>
        state.ready
          ? send(res, 200, { status: 'ready' })
          : send(res, 503, { status: 'not ready', reason: state.reason }),
      () => send(res, 503, { status: 'not ready', reason: 'check failed' }),
    )
    return true
  }
  return { answer, readiness }
}

function send(
  res: ServerResponse,
  status: number,
  body: Record<string, string>,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  })
  res.end(res.req.method === 'HEAD' ? undefined : JSON.stringify(body))
}

/** How many migrations drizzle's journal lists. */
function shippedMigrations(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
  return journal.entries.length
}

/** How many migrations drizzle has recorded as applied in `table` (schema "drizzle"). */
async function appliedMigrations(db: Database, table: string): Promise<number> {
  const [row] = await rowsOf<{ count: string | number }>(
    db,
    sql`SELECT count(*) AS count FROM ${sql.identifier('drizzle')}.${sql.identifier(table)}`,
  )
  return Number(row?.count ?? 0)
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    }),
  ])
}
