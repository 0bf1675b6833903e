/**
 * The sandbox the account benchmarks time: the gateway on DATABASE_URL (PostgreSQL) or an
 * in-memory PGlite, served on 127.0.0.1 under /sandbox, with the demo merchant, accounts without
 * a cap and no request limits, its settlement runs stopped. A second instance can share the
 * first one's database, as two servers behind one address would.
 */
import type { AddressInfo } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import express from 'express'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type {
  Gateway,
  GatewayDatabase,
  GatewayOptions,
  SandboxMerchant,
} from '../../gateway/index.ts'
import { repositoryRoot } from '#tools/measure/repository.ts'

export interface BenchSandbox {
  db: GatewayDatabase
  /** `PostgreSQL` or `PGlite`, as the report names it. */
  databaseName: string
  demo: SandboxMerchant
  gateway: Gateway
  /** `http://127.0.0.1:<port>/sandbox` */
  url: string
  /** Stops answering (open connections cut) and stops the gateway; the database stays open. */
  stop(): Promise<void>
  closeDatabase(): Promise<void>
}

export async function startBenchSandbox(options: {
  /** Connections of the PostgreSQL pool. */
  poolSize: number
  webhooks?: GatewayOptions['webhooks']
  /**
   * Another instance whose database this one uses: on PostgreSQL through a pool of its own, as a
   * second server would; an in-memory PGlite is the other's, and only the other closes it.
   */
  sharing?: BenchSandbox
}): Promise<BenchSandbox> {
  // The gateway finds its migrations from the working directory (gateway/db/migrate.ts), which
  // npm makes tools/: it is imported once the repository is the working directory.
  process.chdir(repositoryRoot)
  const { createGateway, demoMerchant } = await import('../../gateway/index.ts')
  const url = process.env.DATABASE_URL
  const { sharing } = options
  const pool = url ? new pg.Pool({ connectionString: url, max: options.poolSize }) : undefined
  const pglite = pool || sharing ? undefined : new PGlite()
  const db: GatewayDatabase = pool ? drizzlePostgres(pool) : (sharing?.db ?? drizzlePglite(pglite!))
  const demo = demoMerchant({ siteUrl: 'http://127.0.0.1' })
  const gateway = await createGateway({
    db,
    merchants: [demo],
    accounts: { perHour: 0, max: 0 },
    limits: { perIp: 0, perMerchant: 0, resend: 0, pages: 0 },
    ...(options.webhooks && { webhooks: options.webhooks }),
  })
  // No settlement run may take the benchmark's payments half-way through (none is due anyway).
  await gateway.settlements.stop()
  const app = express()
  app.use('/sandbox', gateway.router)
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    db,
    databaseName: url ? 'PostgreSQL' : 'PGlite',
    demo,
    gateway,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`,
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await gateway.close()
    },
    async closeDatabase() {
      await pool?.end()
      await pglite?.close()
    },
  }
}
