/** Shared by the sandbox account tests: an account made over HTTP, as the sandbox's merchant. */
import { expect } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { accountMerchant } from '#gateway/accounts/directory.ts'
import { findAccount } from '#gateway/accounts/store.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'

export interface MadeAccount {
  /** The creation's JSON answer: keys, console link, paystra.env. */
  json: Fields
  /** The account as the sandbox finds it by its PAY_ID, to sign calls with. */
  merchant: SandboxMerchant
}

/** `POST <sandbox>/accounts` asking for JSON (`body` as JSON), expecting 201. */
export async function makeAccount(
  sandboxUrl: string,
  db: GatewayDatabase,
  body: unknown = {},
): Promise<MadeAccount> {
  const response = await fetch(`${sandboxUrl}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(201)
  const json = (await response.json()) as Fields
  const account = await findAccount(db, json.PAY_ID!)
  expect(account).toBeDefined()
  return {
    json,
    merchant: accountMerchant(account!, { returnOrigins: [], eventsPerDay: 0 }),
  }
}
