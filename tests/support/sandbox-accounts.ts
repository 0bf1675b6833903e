/** Shared by the sandbox account tests: an account made over HTTP, as the sandbox's merchant. */
import { expect } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { accountMerchant } from '#gateway/accounts/directory.ts'
import { findAccount } from '#gateway/accounts/store.ts'
import { demoMerchant, type SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { call, type SettlementSandbox, settlementSandbox } from './sandbox-settlements.ts'

/** The demo merchant of the account tests' sandboxes. */
export const accountsDemo = demoMerchant({ siteUrl: 'https://shop.paystra.example' })

type SandboxOptions = Omit<Parameters<typeof settlementSandbox>[0], 'db' | 'merchants'>

/**
 * A sandbox over HTTP on `db` with the demo merchant, making accounts without a limit per
 * address unless `options.accounts` says otherwise.
 */
export function accountSandbox(
  db: GatewayDatabase,
  options: SandboxOptions = {},
): Promise<SettlementSandbox> {
  return settlementSandbox({
    db,
    merchants: [accountsDemo],
    ...options,
    accounts: { perHour: 0, ...options.accounts },
  })
}

/** As a public site runs it: its own address, and the demo merchant's clock locked. */
export const onPublicSite = {
  publicUrl: 'https://pay.paystra.example/sandbox',
  publicSandbox: true,
} as const

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

/**
 * A signed call of `merchant` to `path` (`/pgws/…`) on the sandbox at `sandboxUrl`, its PAY_ID
 * added and its answer checked against the OpenAPI document: the answer's fields.
 */
export async function askAs(
  sandboxUrl: string,
  merchant: SandboxMerchant,
  path: string,
  fields: Fields = {},
): Promise<Fields> {
  return (await call(`${sandboxUrl}${path}`, merchant, { PAY_ID: merchant.payId, ...fields })).json
}
