/**
 * A test file's sandbox of accounts over HTTP: the site's database (PGlite, or PostgreSQL with
 * DATABASE_URL), a sandbox that sends webhooks to loopback receivers, and one real receiver,
 * opened before the file's tests and closed after them (the hooks are registered here).
 */
import { afterAll, beforeAll } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { openDatabase, type DataStore } from '#server/db/database.ts'
import { testDatabaseOptions } from './database.ts'
import { accountSandbox, askAs, makeAccount } from './sandbox-accounts.ts'
import type { SettlementSandbox } from './sandbox-settlements.ts'
import { type Receiver, startReceiver } from './webhook-receiver.ts'

export interface AccountSandboxSuite {
  readonly store: DataStore
  readonly sandbox: SettlementSandbox
  readonly receiver: Receiver
  /** A new sandbox account, as the sandbox finds it, to sign calls with. */
  makeAccount(): Promise<SandboxMerchant>
  /** A signed call of `merchant` to `path`, checked against the OpenAPI document. */
  ask(merchant: SandboxMerchant, path: string, fields?: Fields): Promise<Fields>
}

export function accountSandboxSuite(): AccountSandboxSuite {
  let store: DataStore | undefined
  let sandbox: SettlementSandbox | undefined
  let receiver: Receiver | undefined
  beforeAll(async () => {
    store = await openDatabase(testDatabaseOptions())
    sandbox = await accountSandbox(store.db, {
      webhooks: { allowPrivate: 'loopback', pollMs: 100 },
    })
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await sandbox?.close()
    await receiver?.close()
    await store?.close()
  })
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The suite is used before its beforeAll ran')
    return value
  }
  return {
    get store() {
      return opened(store)
    },
    get sandbox() {
      return opened(sandbox)
    },
    get receiver() {
      return opened(receiver)
    },
    makeAccount: async () => (await makeAccount(opened(sandbox).url, opened(store).db)).merchant,
    ask: (merchant, path, fields = {}) => askAs(opened(sandbox).url, merchant, path, fields),
  }
}
