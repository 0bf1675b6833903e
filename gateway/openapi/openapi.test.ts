import { createConfig, lintFromString } from '@redocly/openapi-core'
import { describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import vectors from '#core/protocol/vectors.json'
import { currencies } from '#core/currency/currencies.ts'
import { disputeFields } from '#gateway/disputes/fields.ts'
import { documentOperations, openApiDocument } from './document.ts'
import recorded from './examples.json'
import { exampleMerchant } from '#tests/support/openapi-scenario.ts'
import type { RecordedExample } from './document.ts'
import {
  documentedPath,
  expectDocumentedAnswer,
  expectDocumentedWebhook,
} from '#tests/support/validate-answer.ts'

const document = openApiDocument()
const examples = recorded as unknown as RecordedExample[]

describe('the OpenAPI document', () => {
  it("lints clean with Redocly's recommended rules, warnings included", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    })
    expect(
      problems.map(
        (problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
      ),
    ).toEqual([])
  })

  it('takes every currency of core/currency, and keeps payouts and QR codes in rupees', () => {
    const schemas = document.components.schemas as unknown as Record<
      string,
      { enum?: string[]; const?: string; properties: Record<string, unknown> }
    >
    expect(schemas.CurrencyCode!.enum).toEqual(currencies.map((currency) => currency.number))
    expect(schemas.RupeeCurrencyCode!.const).toBe('356')
    for (const request of ['PayoutRequest', 'QrRequest'] as const) {
      expect(schemas[request]!.properties.CURRENCY_CODE).toEqual({
        $ref: '#/components/schemas/RupeeCurrencyCode',
      })
    }
    expect(Object.keys(schemas.Dispute!.properties)).toEqual([...disputeFields])
  })

  it('is a copy of its own for each caller: resolving a reference in one changes no other', () => {
    type Schemas = Record<string, { properties: Record<string, unknown> }>
    const changed = openApiDocument().components.schemas as unknown as Schemas
    changed.PayoutRequest!.properties.CURRENCY_CODE = { type: 'string', const: '356' }
    const next = openApiDocument().components.schemas as unknown as Schemas
    expect(next.PayoutRequest!.properties.CURRENCY_CODE).toEqual({
      $ref: '#/components/schemas/RupeeCurrencyCode',
    })
  })

  it('states the HASH rule with the published vector', () => {
    const published = vectors.hash[0]!
    expect(document.info.description).toContain(published.canonical)
    expect(document.info.description).toContain(published.hash)
  })

  it('has an example of every status of every path, all signed as the sandbox signs', () => {
    for (const { path, operation } of documentOperations(document)) {
      for (const status of Object.keys(operation.responses)) {
        expect(
          examples.some((example) => example.path === path && String(example.status) === status),
          `${path} ${status}`,
        ).toBe(true)
      }
    }
    for (const example of examples) {
      // A file (the settlement as CSV) is answered instead of signed fields.
      if (typeof example.response === 'string') continue
      // 324 has no salt to sign with; a 326 is unsigned only for an unreadable body (HTTP 400).
      const code = example.response.RESPONSE_CODE
      const unsigned = code === '324' || (code === '326' && example.status === 400)
      // An account's salt is not kept: the recorder checked its answers' HASH with it.
      if (example.account) expect(example.response.HASH, example.name).toMatch(/^[0-9A-F]{64}$/)
      else expect(verifyHash(example.response, exampleMerchant.salt), example.name).toBe(!unsigned)
    }
  })
})

describe('expectDocumentedAnswer', () => {
  const captured = examples.find((example) => example.name === 'statusCaptured')! as {
    response: Fields
  }

  it('accepts a documented answer at any mount path', () => {
    expect(documentedPath('http://127.0.0.1:4100/sandbox/pgws/payout/status')).toBe(
      '/pgws/payout/status',
    )
    expect(() =>
      expectDocumentedAnswer({
        url: '/sandbox/pgws/transact',
        status: 200,
        body: captured.response,
      }),
    ).not.toThrow()
  })

  it('refuses a field the document does not describe, a status it does not list, and an unknown path', () => {
    expect(() =>
      expectDocumentedAnswer({
        url: '/pgws/transact',
        status: 200,
        body: { ...captured.response, NEW_FIELD: 'x' },
      }),
    ).toThrow(/does not match the OpenAPI document/)
    expect(() =>
      expectDocumentedAnswer({ url: '/pgws/transact', status: 500, body: captured.response }),
    ).toThrow(/describes no such status/)
    expect(() => expectDocumentedAnswer({ url: '/pgws/nothing', status: 200, body: {} })).toThrow(
      /not a path/,
    )
  })

  it('checks webhook bodies by their type', () => {
    const event = {
      id: 'evt_0123456789abcdef01234567',
      type: 'payment.captured',
      created: 1764000000,
      data: captured.response,
    }
    expect(() => expectDocumentedWebhook(event)).not.toThrow()
    expect(() => expectDocumentedWebhook({ ...event, type: 'payment.refunded' })).toThrow(
      /not in the OpenAPI document/,
    )
    expect(() =>
      expectDocumentedWebhook({ ...event, data: { ...captured.response, AMOUNT: 100 } }),
    ).toThrow()
  })
})
