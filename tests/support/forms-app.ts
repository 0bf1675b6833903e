import type { AddressInfo } from 'node:net'
import express from 'express'
import { formsApi } from '#server/api/forms-api.ts'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { contactMessages, jobApplications, outbox } from '#server/db/schema.ts'
import { OutboxWorker, type RetryPolicy } from '#server/mail/outbox.ts'
import { smtpTransport } from '#server/mail/transport.ts'
import { testDatabaseOptions } from './database.ts'

export const testAddresses = {
  from: 'Paystra Website <no-reply@paystra.example>',
  contactInbox: 'contact@paystra.example',
  careersInbox: 'careers@paystra.example',
}

/** A job application's text fields that pass every rule, as the form sends them. */
export const validApplication = {
  name: 'Ravi Kumar',
  phone: '9123456780',
  email: 'ravi@example.com',
  subject: 'New Job Application from Paystra',
  message: 'I would like to join the backend team.',
}

export const fastRetries: RetryPolicy = { maxAttempts: 50, baseDelayMs: 50, maxDelayMs: 400 }

export interface FormsTestApp {
  baseUrl: string
  store: DataStore
  worker: OutboxWorker
  close(): Promise<void>
  reset(): Promise<void>
}

/** The form APIs on a real HTTP port, a real database and a worker mailing `smtpUrl`. */
export async function startFormsApp(options: {
  smtpUrl: string
  rateLimitPerMinute?: number
  policy?: RetryPolicy
}): Promise<FormsTestApp> {
  const store = await openDatabase(testDatabaseOptions())
  const transport = smtpTransport(options.smtpUrl)
  const worker = new OutboxWorker({
    db: store.db,
    transport,
    policy: options.policy ?? fastRetries,
    pollMs: 100,
  })
  worker.start()
  const app = express()
  app.set('trust proxy', 'loopback')
  app.use(
    formsApi({
      db: store.db,
      addresses: testAddresses,
      rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
      onQueued: () => worker.kick(),
    }),
  )
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    store,
    worker,
    /** Waits for any delivery in flight, then empties the tables, so tests never see each other's mail. */
    async reset() {
      await worker.stop()
      await store.db.delete(outbox)
      await store.db.delete(contactMessages)
      await store.db.delete(jobApplications)
      worker.start()
    },
    async close() {
      await new Promise((resolve) => server.close(resolve))
      await worker.stop()
      transport.close()
      await store.close()
    },
  }
}
