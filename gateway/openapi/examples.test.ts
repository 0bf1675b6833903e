import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import recorded from './examples.json'
import {
  examplePublicUrl,
  exampleMerchant,
  limitedExampleLimits,
  type RecordedExample,
  recordExamples,
  recordLimitExamples,
} from './scenario.ts'

/** Ids, times and what carries them differ on every run; the rest of an answer may not. */
const volatile = [
  'TXN_ID',
  'ORIG_TXN_ID',
  'PG_REF_NUM',
  'ACQ_ID',
  'RRN',
  'UTR',
  'RESPONSE_DATE_TIME',
  'HASH',
  'QR_IMAGE_URL',
  'QR_SCAN_URL',
  'PAYMENT_URL',
  'UPI_INTENT',
  'EVENT_ID',
  'EVENTS',
]

function stable(fields: Fields | string) {
  if (typeof fields === 'string') return fields
  const kept = Object.entries(fields).map(([key, value]) => [
    key,
    volatile.includes(key) ? typeof value : value,
  ])
  const events =
    fields.EVENTS &&
    (JSON.parse(fields.EVENTS) as Array<{ type: string }>).map((event) => event.type)
  return { ...Object.fromEntries(kept), ...(events ? { EVENTS: events } : {}) }
}

let sandbox: SandboxServer
let limited: SandboxServer
beforeAll(async () => {
  sandbox = await startSandboxServer({
    merchants: [exampleMerchant],
    publicUrl: examplePublicUrl,
    webhooks: { baseDelayMs: 3_600_000 },
  })
  limited = await startSandboxServer({
    merchants: [exampleMerchant],
    publicUrl: examplePublicUrl,
    limits: limitedExampleLimits,
  })
})
afterAll(async () => {
  await sandbox?.close()
  await limited?.close()
})

it("the document's examples are what the sandbox answers (record-examples.ts writes them again)", async () => {
  const again = [
    ...(await recordExamples(sandbox.url)),
    ...(await recordLimitExamples(limited.url)),
  ]
  const documented = recorded as unknown as RecordedExample[]
  expect(again.map((example) => example.name)).toEqual(documented.map((example) => example.name))
  for (const [index, example] of again.entries()) {
    const before = documented[index]!
    expect(
      {
        status: example.status,
        request: stable(example.request),
        response: stable(example.response),
      },
      example.name,
    ).toEqual({
      status: before.status,
      request: stable(before.request),
      response: stable(before.response),
    })
  }
})
