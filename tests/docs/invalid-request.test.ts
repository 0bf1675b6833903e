import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { istDateOf } from '#core/calendar/business-calendar.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { documentOperations, openApiDocument } from '#gateway/openapi/document.ts'
import { invalidHashAnswers } from '#gateway/openapi/schemas.ts'
import { expectDocumentedAnswer } from '#tests/support/validate-answer.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { markedTables, records } from '#tests/support/doc-tables.ts'
import { loadGuides } from './guides.ts'

/**
 * Statement 6 of issue 25: the API conventions said 326 is always HTTP 400 and unsigned, while
 * /pgws/webhook/events answered 326 with 200 and a HASH; and the resend answer
 * (RESPONSE_MESSAGE "1 event", STATUS "Captured") was documented nowhere. The API guide's table
 * of the two kinds of 326 and its resend sentence are sent to a sandbox here.
 */

const merchant = demoMerchant({ siteUrl: 'http://localhost:3000' })
let sandbox: SandboxServer
let rows: Array<Record<string, string>>
let body: string

beforeAll(async () => {
  // Every JSON API is called several times within a minute, more than the address's limit of
  // requests takes: it would answer 344 before the checks these tests are about.
  sandbox = await startSandboxServer({
    merchants: [merchant],
    limits: { perIp: 0, perMerchant: 0, resend: 0 },
  })
  body = (await loadGuides()).get('api')!.body
  const table = markedTables(body).find((t) => t.tag === 'invalid-request')
  if (!table) throw new Error('the API guide has no table marked "checks: invalid-request"')
  rows = records(table)
})
afterAll(async () => {
  await sandbox?.close()
})

async function post(endpoint: string, text: string) {
  const response = await fetch(`${sandbox.url}${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: text,
  })
  return { status: response.status, fields: (await response.json()) as Fields }
}
const signed = (fields: Fields) => JSON.stringify(withHash(fields, merchant.salt))
/** The APIs that take a signed JSON body: every operation but the event stream, a GET. */
const jsonBodyApis = documentOperations(openApiDocument())
  .filter(({ method }) => method === 'post')
  .map(({ path }) => path)
let sequence = 0
const unique = (prefix: string) => `${prefix}${Date.now()}${sequence++}`

const payout = (extra: Fields = {}): Fields => ({
  PAY_ID: merchant.payId,
  PAYOUT_ID: unique('PO'),
  AMOUNT: '100',
  CURRENCY_CODE: '356',
  TRANSFER_MODE: 'UPI',
  BENEFICIARY_NAME: 'Asha Verma',
  BENEFICIARY_VPA: 'success@upi',
  ...extra,
})

/** A monthly UPI subscription from today, its fields with `set` over them. */
const subscription = (set: Fields = {}): Fields => ({
  PAY_ID: merchant.payId,
  SUBSCRIPTION_REF: unique('PLAN'),
  METHOD: 'UPI',
  AMOUNT: '49900',
  MAX_AMOUNT: '49900',
  FREQUENCY: 'MONTHLY',
  START_DATE: istDateOf(new Date()),
  DESCRIPTION: 'Pro plan',
  CUST_NAME: 'Asha Verma',
  CUST_EMAIL: 'asha@example.com',
  CUST_PHONE: '9876543210',
  RETURN_URL: 'http://localhost:3000/subscription/return',
  ...set,
})

/** A subscription registered by its customer on the mandate page (success@upi): ACTIVE. */
async function activeSubscription(): Promise<string> {
  const made = await post('/pgws/subscription', signed(subscription()))
  const page = `${sandbox.url}/m/${made.fields.AUTH_URL!.split('/m/')[1]}`
  const form = (step: string, fields: Record<string, string>) =>
    fetch(`${page}/${step}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })
  await form('upi', { vpa: 'success@upi', decision: 'approve' })
  await form('upi/pin', { vpa: 'success@upi', pin: '1234' })
  return made.fields.SUBSCRIPTION_ID!
}

/** A well-formed, signed request with one field value the endpoint refuses as 326. */
const badFieldValue: Record<string, () => Fields | Promise<Fields>> = {
  '/pgws/payout': () => payout({ REMARKS: 'x'.repeat(51) }),
  '/pgws/webhook/events': () => ({ PAY_ID: merchant.payId, EVENT_ID: 'evt_not-an-event-id' }),
  '/pgws/webhook/resend': () => ({ PAY_ID: merchant.payId }),
  '/pgws/subscription': () => subscription({ CATEGORY: 'GOLD' }),
  '/pgws/subscription/charge': async () => ({
    PAY_ID: merchant.payId,
    SUBSCRIPTION_ID: await activeSubscription(),
    AMOUNT: '49900',
  }),
  '/pgws/subscription/customer': async () => ({
    PAY_ID: merchant.payId,
    SUBSCRIPTION_ID: await activeSubscription(),
    ACTION: 'SKIP',
  }),
}

const endpointsOf = (row: Record<string, string>) =>
  [...new Set(row.Endpoints!.match(/\/pgws\/[\w/]+/g) ?? [])].sort()

describe('326, as the API guide tells its two kinds apart', () => {
  it('a body that cannot be read is HTTP 400 and unsigned, on every JSON API', async () => {
    const row = rows.find((r) => r['HTTP status'] === '400')!
    expect(row.Signed).toMatch(/^No/)
    expect(row.Endpoints).toBe('Every JSON API')
    for (const path of jsonBodyApis) {
      for (const text of ['not json', '[]', '{}', '{"PAY_ID":1}']) {
        const answer = await post(path, text)
        expect(answer.status, `${path} ${text}`).toBe(400)
        expect(answer.fields.RESPONSE_CODE, `${path} ${text}`).toBe('326')
        expect(answer.fields.HASH, `${path} ${text}`).toBeUndefined()
      }
    }
  })

  it('a signed request with a bad field value is HTTP 200 and signed, on exactly the endpoints listed', async () => {
    const row = rows.find((r) => r['HTTP status'] === '200')!
    expect(row.Signed).toMatch(/^Yes/)
    expect(endpointsOf(row)).toEqual(Object.keys(badFieldValue).sort())
    for (const [endpoint, request] of Object.entries(badFieldValue)) {
      const answer = await post(endpoint, signed(await request()))
      expect(answer.status, endpoint).toBe(200)
      expect(answer.fields.RESPONSE_CODE, endpoint).toBe('326')
      expect(verifyHash(answer.fields, merchant.salt), endpoint).toBe(true)
    }
  })

  it('says so in the conventions, not "326 is HTTP 400" alone', () => {
    expect(body).toContain('`400` for a body that cannot be read (`326`, unsigned)')
    expect(body).not.toMatch(/`400` for a malformed request \(`326`\)/)
  })
})

describe('the resend answer', () => {
  it('is what the deliveries section says: RESPONSE_MESSAGE of code 000, no STATUS', async () => {
    const [, message] =
      /A resend answers [^.]*?`RESPONSE_MESSAGE` `([^`]+)`, no `STATUS`/.exec(body) ?? []
    expect(message, 'the guide states the resend answer').toBeDefined()
    const paid = await post(
      '/pgws/payout',
      signed(payout({ NOTIFY_URL: 'https://shop.paystra.example/webhook' })),
    )
    expect(paid.fields.RESPONSE_CODE).toBe('000')
    const listed = await post(
      '/pgws/webhook/events',
      signed({ PAY_ID: merchant.payId, ORDER_ID: paid.fields.PAYOUT_ID! }),
    )
    expect(listed.fields.STATUS).toBeUndefined()
    const [event] = JSON.parse(listed.fields.EVENTS!) as Array<{ id: string }>
    const resent = await post(
      '/pgws/webhook/resend',
      signed({ PAY_ID: merchant.payId, EVENT_ID: event!.id }),
    )
    expect(resent.status).toBe(200)
    expect(resent.fields).toMatchObject({ RESPONSE_CODE: '000', RESPONSE_MESSAGE: message })
    expect(resent.fields.STATUS).toBeUndefined()
    expect(resent.fields.RESPONSE_DATE_TIME).toBeUndefined()
    expectDocumentedAnswer({ url: '/pgws/webhook/resend', status: 200, body: resent.fields })
    const [again] = JSON.parse(resent.fields.EVENTS!) as Array<{ state: string }>
    expect(again!.state).toBe('pending')
  })
})

describe('323: the sandbox’s help with a HASH that does not verify', () => {
  const schemas = openApiDocument().components.schemas as unknown as Record<
    string,
    { properties: Record<string, unknown> }
  >

  it('every answer that can be a 323 declares HASHED_TEXT and DEBUGGER_URL', () => {
    for (const name of invalidHashAnswers) {
      expect(Object.keys(schemas[name]!.properties), name).toEqual(
        expect.arrayContaining(['HASHED_TEXT', 'DEBUGGER_URL']),
      )
    }
  })

  it('every JSON API’s 323 answer, with the sandbox’s help, is one the document describes', async () => {
    const teaching = await startSandboxServer({
      merchants: [merchant],
      hashRefusalLessons: {
        signatureDebuggerUrl: 'https://pay.example.org/developers/tools/signature',
      },
    })
    try {
      for (const path of jsonBodyApis) {
        const response = await fetch(`${teaching.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ PAY_ID: merchant.payId, ORDER_ID: 'X1', HASH: '0'.repeat(64) }),
        })
        const fields = (await response.json()) as Fields
        expect(fields.RESPONSE_CODE, path).toBe('323')
        // A call that takes no ORDER_ID leaves it out of the lesson and counts it.
        if (fields.OTHER_FIELDS === undefined) {
          expect(fields.HASHED_TEXT, path).toBe('ORDER_ID=X1~PAY_ID=1000000000000001<your salt>')
        } else {
          expect(fields.HASHED_TEXT, path).toBe('PAY_ID=1000000000000001<your salt>')
          expect(fields.OTHER_FIELDS, path).toBe('1')
        }
        expect(fields.DEBUGGER_URL, path).toMatch(
          /^https:\/\/pay\.example\.org\/developers\/tools\/signature#fields=/,
        )
        expect(verifyHash(fields, merchant.salt), path).toBe(true)
        expectDocumentedAnswer({ url: path, status: response.status, body: fields })
      }
    } finally {
      await teaching.close()
    }
  })

  it('every JSON API’s 323 answer without it is one the document describes', async () => {
    for (const path of jsonBodyApis) {
      const answer = await post(
        path,
        JSON.stringify({ PAY_ID: merchant.payId, ORDER_ID: 'X1', HASH: '0'.repeat(64) }),
      )
      expect(answer.fields.RESPONSE_CODE, path).toBe('323')
      expectDocumentedAnswer({ url: path, status: answer.status, body: answer.fields })
    }
  })

  it('the API guide’s 323 rows say what the sandbox adds', () => {
    const rows = body.split('\n').filter((line) => line.startsWith('| `323` |'))
    expect(rows.length).toBeGreaterThanOrEqual(2)
    for (const row of rows) expect(row).toMatch(/`HASHED_TEXT`.*`DEBUGGER_URL`/)
  })
})
