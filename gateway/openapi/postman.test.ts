import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import newman, { type NewmanRunSummary } from 'newman'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant } from '#gateway/merchants.ts'
import vectors from '#core/protocol/vectors.json'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { postmanCollection } from './postman.ts'

type PostmanHash = (fields: object, salt: string, sha256Hex: (text: string) => string) => string
const paystraHash = new Function(
  `${readFileSync(new URL('postman-hash.js', import.meta.url), 'utf8')}; return paystraHash`,
)() as PostmanHash
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe("the Postman scripts' HASH", () => {
  it.each(vectors.hash.filter((vector) => 'hash' in vector))('$note', (vector) => {
    expect(paystraHash(vector.fields, vector.salt, sha256Hex)).toBe(vector.hash)
  })
})

describe('the Postman collection, run by newman against a sandbox', () => {
  let sandbox: SandboxServer
  beforeAll(async () => {
    sandbox = await startSandboxServer({
      merchants: [demoMerchant({ siteUrl: 'http://localhost:3000' })],
      webhooks: { baseDelayMs: 3_600_000 },
    })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it('passes every test of every request, and pays out, makes QR codes and resends an event', async () => {
    const { collection, environment } = await postmanCollection({ baseUrl: sandbox.url })
    // Each request carries the recorded answer of its own example as its saved response.
    for (const folder of collection.item) {
      for (const request of folder.item ?? [])
        expect(request.response, request.name).toHaveLength(1)
    }
    const summary = await new Promise<NewmanRunSummary>((resolve, reject) => {
      newman.run({ collection, environment, reporters: [] }, (error, done) =>
        error ? reject(error) : resolve(done),
      )
    })
    const failures = summary.run.failures.map(
      (failure) => `${failure.source?.name ?? '?'}: ${failure.error.message}`,
    )
    expect(failures).toEqual([])
    const answers = Object.fromEntries(
      summary.run.executions.map((execution) => [
        execution.item.name,
        JSON.parse(execution.response?.stream?.toString() ?? '{}') as Record<string, string>,
      ]),
    )
    expect(summary.run.stats.requests.total).toBeGreaterThanOrEqual(15)
    expect(summary.run.stats.assertions.failed).toBe(0)
    expect(answers['A UPI QR code']?.RESPONSE_CODE).toBe('006')
    expect(answers['An IMPS payout to a bank account']?.RESPONSE_CODE).toBe('000')
    expect(answers['An event sent again now, with the same id']?.RESPONSE_CODE).toBe('000')
  }, 60_000)
})
