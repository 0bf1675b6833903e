import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import type { RecordedExample } from './document.ts'
import recorded from './examples.json'
import {
  exampleLimits,
  examplePublicUrl,
  exampleMerchant,
  limitedExampleLimits,
  recordExamples,
  recordLimitExamples,
  recordListenExamples,
} from '#tests/support/openapi-scenario.ts'

/**
 * Ids, times and what carries them differ on every run; so do the dates of the settlement
 * examples, which are those of the day they are recorded. The rest of an answer may not.
 */
const volatile = [
  'TXN_ID',
  'ORIG_TXN_ID',
  'PG_REF_NUM',
  'ACQ_ID',
  'RRN',
  'AUTH_CODE',
  'UTR',
  'RESPONSE_DATE_TIME',
  'HASH',
  'QR_IMAGE_URL',
  'QR_SCAN_URL',
  'PAYMENT_URL',
  'UPI_INTENT',
  'EVENT_ID',
  'EVENTS',
  'SETTLEMENT_ID',
  'AS_OF',
  'FROM',
  'TO',
  'SETTLEMENT_DATE',
  'CYCLE_FROM',
  'CYCLE_TO',
  'DATE',
  'EXPECTED_SETTLEMENT_DATE',
  'DISPUTE_ID',
  'SOURCE_SETTLEMENT_ID',
  'PAID_BY_SETTLEMENT_ID',
  'CREATED_AT',
  'RESPOND_BY',
  'DECIDED_AT',
  'MONTH',
  'INVOICE_NUMBER',
  'INVOICE_DATE',
  'PERIOD_FROM',
  'PERIOD_TO',
  'NOW',
  'AT',
  'REFERENCE',
  'TIMESTAMP',
  'DELIVERY_ID',
  'PAYLINK_ID',
  'SHORT_URL',
  'EXPIRE_BY',
  'PAID_AT',
  'EXPIRED_AT',
  'CANCELLED_AT',
  'VA_ID',
  'ACCOUNT_NUMBER',
  'VPA',
  'CLOSED_AT',
  'CREDIT_ID',
  'CREDITED_AT',
  'SUBSCRIPTION_ID',
  'AUTH_URL',
  'START_DATE',
  'END_DATE',
  'ANCHOR_DATE',
  'ACTIVATED_AT',
  'ENDED_AT',
  'NEXT_DEBIT_AT',
  'DEBIT_ID',
  'NOTIFIED_AT',
  'DEBIT_AT',
  'CHARGED_AT',
]
/** The ids a test event draws (`trigger_` and 16 hex digits) are new on every run too. */
const triggerId = /trigger_[0-9a-f]{16}/g
/**
 * So are a payment link's, a virtual account's, a credit's, a subscription's and a debit's,
 * wherever they are named: a paid link's ORDER_ID (`<PAYLINK_ID>-1`), a debit's
 * (`<SUBSCRIPTION_ID>-<cycle>-<attempt>`), a FEE or COLLECTION line's TXN_ID.
 */
const drawnId = /\b(plink|va|vacr|sub|sdeb)_[A-Za-z0-9]{14}\b/g

/** Lists held as JSON text: compared entry by entry, each entry as an answer is. */
const lists = ['SETTLEMENTS', 'LINES', 'RECON', 'DISPUTES', 'HAPPENED', 'CREDITS', 'DEBITS']

/**
 * Disputes made by one run share their CREATED_AT, and the list orders those by their random ids:
 * compared by order id instead.
 */
function inStableOrder(list: string, entries: Fields[]): Fields[] {
  if (list !== 'DISPUTES') return entries
  return [...entries].sort((a, b) => (a.ORDER_ID ?? '').localeCompare(b.ORDER_ID ?? ''))
}

/** `alsoVolatile`: the PAY_ID of the account the listen examples make, new on every run. */
function stableFields(fields: Fields, alsoVolatile: string[] = []): Record<string, unknown> {
  const kept = Object.entries(fields).map(([key, value]) => [
    key,
    volatile.includes(key) || alsoVolatile.includes(key)
      ? typeof value
      : lists.includes(key)
        ? inStableOrder(key, JSON.parse(value) as Fields[]).map((entry) =>
            stableFields(entry, alsoVolatile),
          )
        : value.replace(triggerId, 'trigger_<id>').replace(drawnId, '$1_<id>'),
  ])
  const events =
    fields.EVENTS &&
    (JSON.parse(fields.EVENTS) as Array<{ type: string }>).map((event) => event.type)
  return { ...Object.fromEntries(kept), ...(events ? { EVENTS: events } : {}) }
}

/** A CSV answer with its ids and date-times blanked, the way stableFields blanks them. */
function stableText(text: string) {
  return text
    .replace(/\b\d{16}\b|\b\d{18}\b|\b\d{12}\b/g, '<id>')
    .replace(drawnId, '$1_<id>')
    .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g, '<date-time>')
    .replace(/\d{4}-\d{2}-\d{2}/g, '<date>')
    .replace(/setl_[0-9a-f]{20}|dsp_[0-9a-f]{20}|PYSTN\d{11}/g, '<id>')
}

/**
 * An event stream message by message: its event name, its data's fields as an answer's, the
 * names of the headers a webhook message hands over and the webhook's type and data.
 */
function stableStream(text: string, alsoVolatile: string[]) {
  return text
    .split('\n\n')
    .map((message) => message.split('\n').filter((line) => line !== '' && !line.startsWith(':')))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const field = (name: string) =>
        lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2)
      const { HEADERS, BODY, ...data } = JSON.parse(field('data') ?? '{}') as Fields & {
        HEADERS?: Record<string, string>
      }
      const webhook =
        BODY === undefined ? undefined : (JSON.parse(BODY) as { type: string; data: Fields })
      return {
        event: field('event'),
        id: typeof field('id'),
        data: stableFields(data, alsoVolatile),
        headers: HEADERS && Object.keys(HEADERS),
        webhook: webhook && { type: webhook.type, data: stableFields(webhook.data, alsoVolatile) },
      }
    })
}

function stable(example: RecordedExample, part: 'request' | 'response') {
  const fields = example[part]
  const alsoVolatile = example.account ? ['PAY_ID'] : []
  if (typeof fields !== 'string') return stableFields(fields, alsoVolatile)
  return part === 'response' && example.contentType === 'text/event-stream'
    ? stableStream(fields, alsoVolatile)
    : stableText(fields)
}

let sandbox: SandboxServer
let limited: SandboxServer
beforeAll(async () => {
  sandbox = await startSandboxServer({
    merchants: [exampleMerchant],
    publicUrl: examplePublicUrl,
    webhooks: { baseDelayMs: 3_600_000 },
    limits: exampleLimits,
    accounts: {},
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

it("the document's examples are what the sandbox answers (tests/support/record-openapi-examples.ts writes them again)", async () => {
  const again = [
    ...(await recordListenExamples(sandbox.url)),
    ...(await recordExamples(sandbox.url)),
    ...(await recordLimitExamples(limited.url)),
  ]
  const documented = recorded as unknown as RecordedExample[]
  expect(again.map((example) => example.name)).toEqual(documented.map((example) => example.name))
  for (const [index, example] of again.entries()) {
    const before = documented[index]!
    expect(
      {
        method: example.method,
        account: example.account,
        status: example.status,
        contentType: example.contentType,
        request: stable(example, 'request'),
        response: stable(example, 'response'),
      },
      example.name,
    ).toEqual({
      method: before.method,
      account: before.account,
      status: before.status,
      contentType: before.contentType,
      request: stable(before, 'request'),
      response: stable(before, 'response'),
    })
  }
})
