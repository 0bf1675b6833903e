import path from 'node:path'
import { formsApi } from './api/forms-api.ts'
import type { ServerConfig } from './config.ts'
import { lockDataDir } from './db/data-lock.ts'
import { type DataStore, openDatabase } from './db/database.ts'
import { OutboxWorker } from './mail/outbox.ts'
import { fileTransport, type MailTransport, smtpTransport } from './mail/transport.ts'

/** The parts of the server that hold state: database, mail worker, and the APIs using them. */
export interface Services {
  store: DataStore
  transport: MailTransport
  worker: OutboxWorker
  routers: ReturnType<typeof formsApi>[]
  close(): Promise<void>
}

export async function startServices(config: ServerConfig): Promise<Services> {
  const log = (line: string) => console.log(line)
  const releaseLock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR)
  const store = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
  })
  const transport = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : fileTransport(path.join(config.DATA_DIR, 'mail'))
  const worker = new OutboxWorker({
    db: store.db,
    transport,
    log,
    policy: {
      maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
      baseDelayMs: config.OUTBOX_BASE_DELAY_MS,
      maxDelayMs: config.OUTBOX_MAX_DELAY_MS,
    },
  })
  worker.start()
  log(
    `Data: ${store.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${path.resolve(config.DATA_DIR, 'pglite')}`}; mail: ${transport.describe()}`,
  )

  const api = formsApi({
    db: store.db,
    addresses: {
      from: config.MAIL_FROM,
      contactInbox: config.CONTACT_INBOX,
      careersInbox: config.CAREERS_INBOX,
    },
    rateLimitPerMinute: config.FORM_RATE_LIMIT,
    onQueued: () => worker.kick(),
    log,
  })

  return {
    store,
    transport,
    worker,
    routers: [api],
    async close() {
      await worker.stop()
      transport.close()
      await store.close()
      releaseLock()
    },
  }
}
