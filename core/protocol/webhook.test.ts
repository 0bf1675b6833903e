import { describe, expect, it } from 'vitest'
import { withHash } from './hash.ts'
import vectorFile from './vectors.json'
import {
  newEventId,
  serialiseEvent,
  signatureHeader,
  signWebhook,
  verifyWebhook,
  webhookRefusals,
  webhookSignature,
  type WebhookEvent,
} from './webhook.ts'

interface VerifyVector {
  note: string
  body: string
  header: string | null
  secret: string
  salt?: string
  now: number
  expect: { ok: true; id: string; type: string } | { ok: false; reason: string }
}

const vectors = (
  vectorFile as unknown as {
    webhook: {
      tolerance_seconds: number
      messages: Record<string, string>
      sign: Array<{
        note: string
        secret: string
        timestamp: number
        body: string
        signature: string
        header: string
      }>
      verify: VerifyVector[]
    }
  }
).webhook

describe('webhook signatures (shared vectors)', () => {
  it('the messages are the module’s, word for word', () => {
    expect(vectors.messages).toEqual(webhookRefusals)
    expect(vectors.tolerance_seconds).toBe(300)
  })

  for (const vector of vectors.sign) {
    it(`signs: ${vector.note}`, () => {
      expect(webhookSignature(vector.secret, vector.timestamp, vector.body)).toBe(vector.signature)
      expect(signatureHeader(vector.secret, vector.timestamp, vector.body)).toBe(vector.header)
      expect(webhookSignature(vector.secret, vector.timestamp, Buffer.from(vector.body))).toBe(
        vector.signature,
      )
    })
  }

  for (const vector of vectors.verify) {
    it(`verifies: ${vector.note}`, () => {
      const result = verifyWebhook(vector.body, vector.header, vector.secret, {
        salt: vector.salt,
        now: vector.now,
      })
      if (vector.expect.ok) {
        expect(result).toMatchObject({
          ok: true,
          event: { id: vector.expect.id, type: vector.expect.type },
        })
      } else {
        expect(result).toEqual({
          ok: false,
          reason: vector.expect.reason,
          message: vectors.messages[vector.expect.reason],
        })
      }
    })
  }
})

describe('signWebhook', () => {
  const event: WebhookEvent = {
    id: newEventId(),
    type: 'payment.failed',
    created: 1_764_000_000,
    data: withHash({ ORDER_ID: 'A1', RESPONSE_CODE: '004' }, 'salt'),
  }

  it('signs what a receiver verifies, and names the event in a header', () => {
    const signed = signWebhook(event, 'secret', 1_764_000_100)
    expect(signed.headers['X-Paystra-Event-Id']).toBe(event.id)
    expect(signed.headers['Content-Type']).toBe('application/json')
    const result = verifyWebhook(signed.body, signed.headers['X-Paystra-Signature'], 'secret', {
      salt: 'salt',
      now: 1_764_000_100,
    })
    expect(result).toEqual({ ok: true, event })
  })

  it('lays the body out over several lines, ending in a line break', () => {
    const body = serialiseEvent(event)
    expect(body.startsWith('{\n  "id": "evt_')).toBe(true)
    expect(body.endsWith('}\n')).toBe(true)
  })

  it('makes event ids of evt_ and 24 hex digits, never the same twice', () => {
    const ids = new Set(Array.from({ length: 100 }, newEventId))
    expect(ids.size).toBe(100)
    for (const id of ids) expect(id).toMatch(/^evt_[0-9a-f]{24}$/)
  })

  it('refuses a parsed body passed in place of the raw one', () => {
    const parsed = JSON.parse(serialiseEvent(event)) as unknown as string
    expect(verifyWebhook(parsed, 't=1,v1=' + '0'.repeat(64), 'secret')).toMatchObject({
      ok: false,
      reason: 'body-not-raw',
    })
  })
})
