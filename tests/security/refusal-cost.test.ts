/**
 * A refused request costs no more than a real one. 150,000 empty fields with a wrong HASH took
 * 2.4–3.6 s and answered 2.7 MB (the 323 lesson repeated every field); 1.5 million levels of
 * nesting took 2 s. The bounds are checked on the raw text before anything is parsed, hashed or
 * echoed: too many fields, a nested value, a value too long are 326 (HTTP 400, unsigned), small
 * and at once; a 323 lesson shows only the fields its call takes, as the OpenAPI document lists
 * them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { MAX_REQUEST_FIELDS, MAX_VALUE_LENGTH } from '#core/protocol/json-keys.ts'
import { openApiDocument } from '#gateway/openapi/document.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { merchant, RETURN_URL } from '#tests/support/sandbox-api.ts'

let sandbox: SandboxServer
beforeAll(async () => {
  sandbox = await startSandboxServer({
    merchants: [merchant],
    limits: { perIp: 0, perMerchant: 0, resend: 0, pages: 0 },
    hashRefusalLessons: { signatureDebuggerUrl: 'https://site.paystra.example/signature' },
  })
})
afterAll(async () => {
  await sandbox?.close()
})

/**
 * Posts `body` and answers the response with the CPU time this process spent on it (the
 * sandbox runs in this process; the client's share, sending a few megabytes, is small).
 */
async function timedPost(path: string, body: string, contentType = 'application/json') {
  const before = process.cpuUsage()
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  })
  const text = await response.text()
  const used = process.cpuUsage(before)
  return { status: response.status, text, cpuMs: (used.user + used.system) / 1000 }
}

/**
 * The least CPU time of three posts of `body`. The first post in a process pays for warming the
 * HTTP client and compiling the scanner (about 500 ms alone, more after other test files in the
 * same worker), which is not the refusal's cost; the least of three is.
 */
async function leastCostPost(path: string, body: string) {
  const answers = []
  for (let attempt = 0; attempt < 3; attempt++) answers.push(await timedPost(path, body))
  return answers.reduce((least, answer) => (answer.cpuMs < least.cpuMs ? answer : least))
}

/** The dispute answer takes the largest body (3 MB, for an evidence file). */
const DISPUTE = '/pgws/dispute'

function manyFields(count: number): string {
  const parts = [`"PAY_ID":"${merchant.payId}"`, `"HASH":"${'0'.repeat(64)}"`]
  for (let index = 0; index < count; index++) parts.push(`"F${index}":""`)
  return `{${parts.join(',')}}`
}

function expectSmall326(answer: { status: number; text: string }) {
  expect(answer.status).toBe(400)
  expect(answer.text.length).toBeLessThan(400)
  expect(JSON.parse(answer.text)).toMatchObject({ RESPONSE_CODE: '326' })
  expect(JSON.parse(answer.text)).not.toHaveProperty('HASH')
}

describe('a JSON body beyond the bounds', () => {
  it('150,000 fields with a wrong HASH: a small 326, without parsing or hashing them', async () => {
    const answer = await leastCostPost(DISPUTE, manyFields(150_000))
    expectSmall326(answer)
    // Parsing, hashing and echoing them took about 2,800 ms of CPU; refusing them takes a scan.
    expect(answer.cpuMs).toBeLessThan(600)
  })

  it('1.5 million levels of nesting, in a value or at the top: a small 326 at once', async () => {
    const depth = 1_500_000
    for (const body of [
      `{"PAY_ID":"${merchant.payId}","X":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `{"PAY_ID":"${merchant.payId}","X":${'{"a":'.repeat(depth / 5)}""${'}'.repeat(depth / 5)}}`,
    ]) {
      const answer = await leastCostPost(DISPUTE, body)
      expectSmall326(answer)
      expect(answer.cpuMs).toBeLessThan(600)
    }
  })

  it(`${MAX_REQUEST_FIELDS} fields are read, one more is 326`, async () => {
    const at = await timedPost('/pgws/transact', manyFields(MAX_REQUEST_FIELDS - 2))
    expect(at.status).toBe(200)
    expect(JSON.parse(at.text)).toMatchObject({ RESPONSE_CODE: '323' })
    expectSmall326(await timedPost('/pgws/transact', manyFields(MAX_REQUEST_FIELDS - 1)))
  })

  it(`a value of ${MAX_VALUE_LENGTH} characters is read, a longer one is 326`, async () => {
    const status = (orderId: string) =>
      JSON.stringify(
        withHash({ PAY_ID: merchant.payId, ORDER_ID: orderId, TXNTYPE: 'STATUS' }, merchant.salt),
      )
    const read = await timedPost('/pgws/transact', status('A'.repeat(MAX_VALUE_LENGTH)))
    expect(read.status).toBe(200)
    expect(JSON.parse(read.text)).toMatchObject({ RESPONSE_CODE: '321' })
    expectSmall326(await timedPost('/pgws/transact', status('A'.repeat(MAX_VALUE_LENGTH + 1))))
  })

  it('a value that is not a string, or a field named twice, is 326', async () => {
    for (const body of [
      `{"PAY_ID":"${merchant.payId}","AMOUNT":100}`,
      `{"PAY_ID":"${merchant.payId}","A":null}`,
      `{"PAY_ID":"${merchant.payId}","PAY_ID":"${merchant.payId}"}`,
      `{"PAY_ID":"${merchant.payId}"} {}`,
    ]) {
      expectSmall326(await timedPost('/pgws/transact', body))
    }
  })

  it('an evidence file up to the body limit is still read, and told 351 when too large', async () => {
    const fields = withHash(
      {
        PAY_ID: merchant.payId,
        DISPUTE_ID: `dsp_${'0'.repeat(20)}`,
        ACTION: 'CONTEST',
        EVIDENCE: 'Delivered, signed for.',
        EVIDENCE_FILE: 'A'.repeat(2_900_000),
        EVIDENCE_FILE_NAME: 'proof.pdf',
      },
      merchant.salt,
    )
    const answer = await timedPost(DISPUTE, JSON.stringify(fields))
    expect(answer.status).toBe(200)
    // No such dispute (346) is decided before the file: the body was read, not refused as 326.
    expect(JSON.parse(answer.text).RESPONSE_CODE).not.toBe('326')
  })
})

describe('a form post beyond the bounds', () => {
  it(`more than ${MAX_REQUEST_FIELDS} fields to /paymentrequest: the 326 page`, async () => {
    const fields: Fields = { PAY_ID: merchant.payId, RETURN_URL }
    for (let index = 0; index < 5_000; index++) fields[`F${index}`] = ''
    const answer = await timedPost(
      '/paymentrequest',
      new URLSearchParams(fields).toString(),
      'application/x-www-form-urlencoded',
    )
    expect(answer.text).toContain('data-code>326<')
    expect(answer.text).not.toContain('F4999')
  })
})

/** The request fields of each JSON API, from its OpenAPI request schema (every one of a oneOf). */
function documentedRequestFields(): Map<string, string[]> {
  const document = openApiDocument()
  const byPath = new Map<string, string[]>()
  for (const [path, item] of Object.entries(document.paths)) {
    const post = (item as { post?: { requestBody?: unknown } }).post
    const schema = (
      post?.requestBody as
        { content: Record<string, { schema: Record<string, unknown> }> } | undefined
    )?.content['application/json']?.schema
    if (!schema) continue
    const named = (ref: unknown) =>
      (document.components.schemas as Record<string, unknown>)[String(ref).split('/').pop()!]
    const resolve = (node: Record<string, unknown>): Record<string, unknown>[] => {
      if (node.$ref) return resolve(named(node.$ref) as Record<string, unknown>)
      if (Array.isArray(node.oneOf)) return node.oneOf.flatMap((each) => resolve(each))
      return [node]
    }
    const fields = new Set<string>()
    for (const each of resolve(schema)) {
      for (const key of Object.keys((each.properties as object | undefined) ?? {})) fields.add(key)
    }
    byPath.set(path, [...fields].sort())
  }
  return byPath
}

describe('the fields of each call', () => {
  const documented = documentedRequestFields()

  it('the largest documented request leaves the field bound a wide margin', () => {
    const largest = Math.max(...[...documented.values()].map((fields) => fields.length))
    expect(largest).toBeGreaterThan(3)
    expect(MAX_REQUEST_FIELDS).toBeGreaterThanOrEqual(3 * largest)
  })

  for (const [path, fields] of documented) {
    it(`${path}: a 323 lesson shows exactly the documented fields and counts the others`, async () => {
      const sent: Fields = { EXTRA_FIELD: 'never echoed' }
      for (const field of fields)
        if (field !== 'HASH') sent[field] = field === 'PAY_ID' ? merchant.payId : 'x'
      const body = JSON.stringify(withHash(sent, 'not-the-salt'))
      const answer = await timedPost(path, body)
      const json = JSON.parse(answer.text) as Fields
      expect(json.RESPONSE_CODE, path).toBe('323')
      const shown = json
        .HASHED_TEXT!.replace(/<your salt>$/, '')
        .split('~')
        .map((pair) => pair.slice(0, pair.indexOf('=')))
      expect(shown.sort(), path).toEqual(fields.filter((field) => field !== 'HASH'))
      expect(json.OTHER_FIELDS, path).toBe('1')
      expect(answer.text).not.toContain('never echoed')
    })
  }
})
