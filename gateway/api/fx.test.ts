import { describe, expect, it } from 'vitest'
import {
  currencies,
  foreignCurrencyCodes,
  type ForeignCurrencyCode,
} from '#core/currency/currencies.ts'
import { sandboxRates } from '#core/currency/exchange.ts'
import { currencyVectors } from '#core/currency/vectors.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { currenciesText, fxAnswer, ratesText } from './fx.ts'
import { startSandboxServer } from '#gateway/server.ts'
import { expectSigned, merchant, sandboxForThisFile, signed } from '#tests/support/sandbox-api.ts'

/** `POST /pgws/fx`: the sandbox's rates and currencies, signed. */
const sandbox = sandboxForThisFile()

/**
 * Posts to /pgws/fx, signed unless `raw`. Not held to the OpenAPI document here (gateway/openapi
 * describes the endpoint separately).
 */
async function fx(fields: Fields, options: { raw?: boolean; url?: string } = {}) {
  const response = await fetch(`${options.url ?? sandbox.current.url}/pgws/fx`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options.raw ? fields : signed(fields)),
  })
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    json: (await response.json()) as Fields,
  }
}

interface ListedCurrency {
  CURRENCY_CODE: string
  CODE: string
  NAME: string
  MINOR_UNITS: string
  FX_RATE: string
}

describe('the rates answer', () => {
  it('RATES: every foreign currency by CURRENCY_CODE, in the order of the list, the rupee not', () => {
    const rates = JSON.parse(ratesText()) as Record<string, string>
    const foreign = currencies.slice(1)
    expect(Object.keys(rates).sort()).toEqual(foreign.map((currency) => currency.number).sort())
    for (const currency of foreign)
      expect(rates[currency.number]).toBe(sandboxRates[currency.code as ForeignCurrencyCode])
    expect(rates).not.toHaveProperty('356')
    expect(ratesText()).toMatch(/^\{"840":"84\.2150","978":"88\.9420","826":"106\.3175",/)
    // AUD's 036 keeps its place and its leading zero.
    expect(ratesText()).toContain('"036":"54.8830"')
  })

  it('CURRENCIES: the rupee first at 1.0000, then every foreign currency, as the vectors list them', () => {
    const listed = JSON.parse(currenciesText()) as ListedCurrency[]
    expect(listed[0]).toEqual({
      CURRENCY_CODE: '356',
      CODE: 'INR',
      NAME: 'Indian Rupee',
      MINOR_UNITS: '2',
      FX_RATE: '1.0000',
    })
    expect(listed[1]).toEqual({
      CURRENCY_CODE: '840',
      CODE: 'USD',
      NAME: 'US Dollar',
      MINOR_UNITS: '2',
      FX_RATE: '84.2150',
    })
    expect(listed).toHaveLength(1 + foreignCurrencyCodes.length)
    expect(
      listed.map(({ CODE, CURRENCY_CODE, MINOR_UNITS, FX_RATE }) => ({
        CODE,
        CURRENCY_CODE,
        MINOR_UNITS: Number(MINOR_UNITS),
        FX_RATE,
      })),
    ).toEqual(
      currencyVectors().list.map(({ CODE, CURRENCY_CODE, MINOR_UNITS, FX_RATE }) => ({
        CODE,
        CURRENCY_CODE,
        MINOR_UNITS,
        FX_RATE,
      })),
    )
    expect(listed.find((currency) => currency.CODE === 'JPY')!.MINOR_UNITS).toBe('0')
    expect(listed.find((currency) => currency.CODE === 'KWD')!.MINOR_UNITS).toBe('3')
  })

  it('is dated, and says it succeeded', () => {
    expect(fxAnswer('1000000000000001', '2026-11-27 10:00:00')).toMatchObject({
      PAY_ID: '1000000000000001',
      RATES_DATE: '2026-11-27',
      RESPONSE_CODE: '000',
      RESPONSE_MESSAGE: 'Transaction successful',
      RESPONSE_DATE_TIME: '2026-11-27 10:00:00',
    })
  })
})

describe('POST /pgws/fx', () => {
  it('answers the rates and currencies, signed, every field a string', async () => {
    const { status, json } = await fx({ PAY_ID: merchant.payId })
    expect(status).toBe(200)
    expectSigned(json)
    expect(Object.keys(json).sort()).toEqual([
      'CURRENCIES',
      'HASH',
      'PAY_ID',
      'RATES',
      'RATES_DATE',
      'RESPONSE_CODE',
      'RESPONSE_DATE_TIME',
      'RESPONSE_MESSAGE',
    ])
    expect(json).toMatchObject({
      PAY_ID: merchant.payId,
      RATES_DATE: '2026-11-27',
      RESPONSE_CODE: '000',
      RATES: ratesText(),
      CURRENCIES: currenciesText(),
    })
    expect(json.RESPONSE_DATE_TIME).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const listed = JSON.parse(json.CURRENCIES!) as ListedCurrency[]
    expect(listed[0]!.CODE).toBe('INR')
    expect(listed.map((currency) => currency.CODE)).toEqual(
      currencies.map((currency) => currency.code),
    )
    const rates = JSON.parse(json.RATES!) as Record<string, string>
    for (const currency of listed.slice(1))
      expect(rates[currency.CURRENCY_CODE]).toBe(currency.FX_RATE)
  })

  it('a bad HASH is 323 (signed, no rates), an unknown PAY_ID 324 (unsigned), malformed JSON 326', async () => {
    const forged = await fx({ ...signed({ PAY_ID: merchant.payId }), EXTRA: 'x' }, { raw: true })
    expect(forged.status).toBe(200)
    expect(forged.json).toMatchObject({
      PAY_ID: merchant.payId,
      RESPONSE_CODE: '323',
      STATUS: 'Failed',
      RESPONSE_MESSAGE: 'Invalid hash',
    })
    expect(forged.json).not.toHaveProperty('RATES')
    expect(forged.json).not.toHaveProperty('CURRENCIES')
    expectSigned(forged.json)
    const unsigned = await fx({ PAY_ID: merchant.payId }, { raw: true })
    expect(unsigned.json).toMatchObject({ RESPONSE_CODE: '323' })
    const unknown = await fx({ PAY_ID: '1000000000000999' })
    expect(unknown.json).toMatchObject({ RESPONSE_CODE: '324' })
    expect(unknown.json).not.toHaveProperty('HASH')
    const malformed = await fetch(`${sandbox.current.url}/pgws/fx`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"PAY_ID":',
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ RESPONSE_CODE: '326' })
  })

  it("keeps the JSON APIs' 16 kB limit", async () => {
    const huge = await fx({ PAY_ID: merchant.payId, NOTE: 'x'.repeat(20_000) })
    expect(huge).toMatchObject({ status: 400, json: { RESPONSE_CODE: '326' } })
  })

  it("counts against the merchant's limit of the JSON APIs: over it, 344 with 429, signed", async () => {
    const limited = await startSandboxServer({
      merchants: [merchant],
      limits: { perIp: 1000, perMerchant: 1, resend: 1000 },
    })
    try {
      expect((await fx({ PAY_ID: merchant.payId }, { url: limited.url })).status).toBe(200)
      const refused = await fx({ PAY_ID: merchant.payId }, { url: limited.url })
      expect(refused.status).toBe(429)
      expect(refused.json).toMatchObject({ PAY_ID: merchant.payId, RESPONSE_CODE: '344' })
      expect(refused.json).not.toHaveProperty('RATES')
      expectSigned(refused.json)
      expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })
})
