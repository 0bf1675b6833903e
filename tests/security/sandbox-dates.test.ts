/**
 * Issue 31, finding 1: one request with a date outside the years the sandbox reads took the
 * whole site down. `settlement/run` with `AS_OF` in the year 50 walked its day loop forever while
 * holding the settlement lock (years 0 to 99 read as 1900 to 1999); `FROM=0000-01-01` and an
 * `AS_OF` at 9999-12-31 answered 500. Each is now refused with 353 before any work, on the real
 * server process, while the server keeps answering.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import { type RealServer, realServer } from './real-server.ts'

const start = realServer()
let server: RealServer
const { payId, salt } = demoMerchantDefaults

beforeAll(async () => {
  server = await start()
})

async function pgws(path: string, fields: Fields) {
  const response = await fetch(`${server.url}/sandbox/pgws/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(withHash({ PAY_ID: payId, ...fields }, salt)),
  })
  return { status: response.status, json: (await response.json()) as Fields }
}

describe('dates outside 2000 to 2099', () => {
  it.each([
    '0050-06-15T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '0100-01-01T00:00:00Z',
    '1999-12-31T23:59:59+05:30',
    '2100-01-01T00:00:00+05:30',
    '9999-12-31T23:59:59Z',
    // Written in 2099, but already 2100 in India.
    '2099-12-31T23:00:00Z',
  ])(
    'AS_OF %s is refused with 353 within a second, and /healthz answers meanwhile',
    async (asOf) => {
      const started = performance.now()
      const [run, health] = await Promise.all([
        pgws('settlement/run', { AS_OF: asOf }),
        fetch(`${server.url}/healthz`),
      ])
      // The finding was a request that never answered: a bound on its time is the point here.
      expect(performance.now() - started).toBeLessThan(1_000)
      expect(health.status).toBe(200)
      expect(run.status).toBe(200)
      expect(run.json).toMatchObject({ RESPONSE_CODE: '353', STATUS: 'Failed', AS_OF: asOf })
      expect(verifyHash(run.json, salt)).toBe(true)
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    },
  )

  it.each([
    ['settlements', { FROM: '0000-01-01', TO: '0000-01-31' }],
    ['settlements', { FROM: '1999-12-31', TO: '2000-01-15' }],
    ['settlements', { FROM: '2099-12-15', TO: '2100-01-01' }],
    ['disputes', { FROM: '0050-06-01', TO: '0050-06-15' }],
  ])('%s with %o is refused with 353, not 500', async (path, range) => {
    const { status, json } = await pgws(path, range)
    expect(status).toBe(200)
    expect(json).toMatchObject({ RESPONSE_CODE: '353', STATUS: 'Failed' })
    expect(verifyHash(json, salt)).toBe(true)
  })

  it('the first day of the range is read, and its last days once the calendar knows them', async () => {
    const { json: first } = await pgws('settlements', { FROM: '2000-01-01', TO: '2000-01-31' })
    expect(first).toMatchObject({ RESPONSE_CODE: '000', SETTLEMENTS: '[]' })
    // 2099 is read, but no bank holidays are known that far ahead (ADR 045).
    const { json: last } = await pgws('settlements', { FROM: '2099-12-01', TO: '2099-12-31' })
    expect(last).toMatchObject({ RESPONSE_CODE: '359', STATUS: 'Failed' })
    const { json } = await pgws('settlement/run', { AS_OF: '2000-01-03T11:00:00+05:30' })
    expect(json).toMatchObject({ RESPONSE_CODE: '000' })
  })
})
