import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { newPGlite } from './db/pglite.ts'
import { drizzle } from 'drizzle-orm/pglite'
import express from 'express'
import {
  type AccountSettings,
  type ApiLimitSettings,
  createGateway,
  type SettlementSettings,
  type WebhookSettings,
} from './index.ts'
import type { SandboxMerchant } from './merchants.ts'
import type { HashRefusalLessons } from './hash-lesson.ts'

export interface SandboxServerOptions {
  merchants: SandboxMerchant[]
  port?: number
  host?: string
  /** PGlite's folder; unset keeps everything in memory. */
  dataDir?: string
  /** Where the gateway is mounted: `/sandbox` (as on the site) or `` for the root. */
  basePath?: string
  publicUrl?: string
  /** Tests and a developer's machine deliver webhooks to 127.0.0.1: `{ allowPrivate: true }`. */
  webhooks?: WebhookSettings
  settleDelayMs?: number
  settlements?: SettlementSettings
  /** The JSON APIs' limits; absent, the defaults (gateway/api/limits.ts). */
  limits?: ApiLimitSettings
  /** The sandbox's clock (tests). */
  now?: () => Date
  log?: (line: string) => void
  /** 323 refusals teach (gateway/hash-lesson.ts). */
  hashRefusalLessons?: HashRefusalLessons
  /** Private sandbox accounts anyone can make (gateway/accounts/); absent, none. */
  accounts?: AccountSettings
  publicSandbox?: boolean
}

export interface SandboxServer {
  /** The gateway's base URL, e.g. `http://127.0.0.1:4100/sandbox`. */
  url: string
  origin: string
  server: Server
  close(): Promise<void>
}

/** The sandbox on an HTTP server and a PGlite database of its own (tests, a second origin). */
export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  // The server listens first, so that the sandbox's public URL defaults to the address it
  // listens at: checkout.js and the QR answers never take theirs from a request's Host.
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  const basePath = (options.basePath ?? '/sandbox').replace(/\/+$/, '')

  const client = newPGlite(options.dataDir)
  let gateway: Awaited<ReturnType<typeof createGateway>>
  try {
    gateway = await createGateway({
      db: drizzle(client),
      merchants: options.merchants,
      publicUrl: options.publicUrl ?? origin + basePath,
      webhooks: options.webhooks,
      settleDelayMs: options.settleDelayMs,
      settlements: options.settlements,
      limits: options.limits,
      now: options.now,
      log: options.log,
      hashRefusalLessons: options.hashRefusalLessons,
      accounts: options.accounts,
      publicSandbox: options.publicSandbox,
    })
  } catch (error) {
    server.close()
    await client.close()
    throw error
  }
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    next()
  })
  if (basePath) app.use(basePath, gateway.router)
  else app.use(gateway.router)
  server.on('request', app)

  return {
    url: origin + basePath,
    origin,
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      })
      await gateway.close()
      await client.close()
    },
  }
}
