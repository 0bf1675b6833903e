import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  Cipher,
  Client,
  InvalidInputError,
  VerificationError,
  WEBHOOK_MESSAGES,
  WebhookError,
  merchantHostedKey,
  signWebhookEvent,
  verify,
  verifyWebhook,
  withHash,
} from '../index.js'
import { demoConfig, demoSecret as secret, demoSalt as salt } from './support.js'

const config = demoConfig()
const data = withHash(
  { PAY_ID: config.payId, ORDER_ID: 'PG1', AMOUNT: '100', RESPONSE_CODE: '000' },
  salt,
)
const event = { id: 'evt_0123456789abcdef01234567', type: 'payment.captured', created: 1, data }

/**
 * @param {() => unknown} check
 * @param {string} reason
 */
function refuses(check, reason) {
  assert.throws(check, (error) => {
    assert.ok(error instanceof WebhookError && error instanceof VerificationError)
    assert.equal(error.reason, reason)
    assert.equal(error.message, WEBHOOK_MESSAGES[/** @type {'secret-missing'} */ (reason)])
    return true
  })
}

describe('signWebhookEvent → verifyWebhook', () => {
  it('verifies what it signs, now, as a string or bytes', () => {
    const { body, headers } = signWebhookEvent(event, secret)
    assert.ok(body.startsWith('{\n') && body.endsWith('}\n'))
    const signature = headers['X-Paystra-Signature']
    assert.deepEqual(verifyWebhook(body, signature, secret, { salt }), event)
    assert.deepEqual(verifyWebhook(Buffer.from(body), signature, secret), event)
    assert.deepEqual(verifyWebhook(new TextEncoder().encode(body), signature, secret), event)
  })

  it('makes up an id and created when the event has none', () => {
    const { body, headers } = signWebhookEvent({ type: 'payment.failed', data }, secret, {
      timestamp: 1764000000,
    })
    const parsed = JSON.parse(body)
    assert.match(parsed.id, /^evt_[0-9a-f]{24}$/)
    assert.equal(parsed.created, 1764000000)
    assert.equal(headers['X-Paystra-Event-Id'], parsed.id)
    assert.deepEqual(Object.keys(parsed), ['id', 'type', 'created', 'data'])
  })

  it('refuses parsed JSON, a re-serialised body, another secret and an old timestamp', () => {
    const { body, headers } = signWebhookEvent(event, secret)
    const signature = headers['X-Paystra-Signature']
    refuses(
      () => verifyWebhook(/** @type {any} */ (JSON.parse(body)), signature, secret),
      'body-not-raw',
    )
    refuses(
      () => verifyWebhook(JSON.stringify(JSON.parse(body)), signature, secret),
      'body-reserialised',
    )
    refuses(() => verifyWebhook(body, signature, 'wh_other', { salt }), 'wrong-secret')
    refuses(() => verifyWebhook(body, signature, /** @type {any} */ (undefined)), 'secret-missing')
    const old = signWebhookEvent(event, secret, { timestamp: Math.floor(Date.now() / 1000) - 600 })
    refuses(
      () => verifyWebhook(old.body, old.headers['X-Paystra-Signature'], secret),
      'stale-timestamp',
    )
    const late = old.headers['X-Paystra-Signature']
    assert.deepEqual(verifyWebhook(old.body, late, secret, { toleranceSeconds: 700 }), event)
  })
})

describe('client.verifyWebhook', () => {
  it('uses the configured webhook secret and the salt', () => {
    const { body, headers } = signWebhookEvent(event, secret)
    const signature = headers['X-Paystra-Signature']
    assert.deepEqual(new Client(config).verifyWebhook(body, signature), event)
    const other = new Client({ ...config, webhookSecret: 'wh_other' })
    refuses(() => other.verifyWebhook(body, signature), 'wrong-secret')
    const badData = signWebhookEvent({ ...event, data: { ...data, AMOUNT: '900' } }, secret)
    refuses(
      () => new Client(config).verifyWebhook(badData.body, badData.headers['X-Paystra-Signature']),
      'data-hash',
    )
  })

  it('says the secret is missing or has white space', () => {
    const { body, headers } = signWebhookEvent(event, secret)
    const signature = headers['X-Paystra-Signature']
    const unset = new Client({ ...config, webhookSecret: '' })
    refuses(() => unset.verifyWebhook(body, signature), 'secret-missing')
    const spaced = new Client({ ...config, webhookSecret: `${secret}\n` })
    refuses(() => spaced.verifyWebhook(body, signature), 'secret-whitespace')
  })

  it('takes settlement.processed like any event: the settlement’s fields, signed', () => {
    const settlement = withHash(
      {
        PAY_ID: config.payId,
        SETTLEMENT_ID: 'setl_0a1b2c3d4e5f60718293',
        UTR: 'PYSTN26334000123',
        SETTLEMENT_DATE: '2026-11-30',
        NET_AMOUNT: '97640',
        STATUS: 'PROCESSED',
      },
      salt,
    )
    const processed = { ...event, type: 'settlement.processed', data: settlement }
    const { body, headers } = signWebhookEvent(processed, secret)
    const client = new Client(config)
    assert.deepEqual(client.verifyWebhook(body, headers['X-Paystra-Signature']), processed)
    const altered = signWebhookEvent({ ...processed, data: { ...settlement, UTR: '' } }, secret)
    refuses(
      () => client.verifyWebhook(altered.body, altered.headers['X-Paystra-Signature']),
      'data-hash',
    )
  })
})

describe('NOTIFY_URL on requests', () => {
  const NOTIFY_URL = 'http://127.0.0.1:4151/webhook'
  const order = { ORDER_ID: 'PG1', AMOUNT: '100', NOTIFY_URL }

  it('travels signed in a hosted and, inside ENCDATA, a merchant-hosted payment', () => {
    const client = new Client(config)
    const hosted = client.paymentRequest(order).fields
    assert.equal(hosted.NOTIFY_URL, NOTIFY_URL)
    assert.equal(verify(hosted, salt), true)
    const method = /** @type {const} */ ({ PAYMENT_TYPE: 'WL', MOP_TYPE: 'PPL' })
    const { ENCDATA } = client.merchantHostedRequest(order, method).fields
    const inside = Cipher.decrypt(ENCDATA, merchantHostedKey(config.keySalt, config.payId))
    assert.equal(inside.NOTIFY_URL, NOTIFY_URL)
    assert.equal(verify(inside, salt), true)
    assert.equal('NOTIFY_URL' in client.paymentRequest({ ...order, NOTIFY_URL: '' }).fields, false)
  })

  it('travels signed in a QR, refund and payout request', async () => {
    /** @type {Array<Record<string, string>>} */
    const sent = []
    /** @type {typeof globalThis.fetch} */
    const fakeFetch = async (_url, init) => {
      const request = JSON.parse(String(init?.body))
      sent.push(request)
      return new Response(JSON.stringify(withHash({ ...request, RESPONSE_CODE: '000' }, salt)))
    }
    const client = new Client(config, { fetch: fakeFetch })
    await client.qr(order, 'UPI')
    await client.refund('PG1', 'RF1', '50', { NOTIFY_URL })
    await client.payout({
      PAYOUT_ID: 'PO1',
      AMOUNT: '100000',
      TRANSFER_MODE: 'UPI',
      BENEFICIARY_NAME: 'Asha Verma',
      BENEFICIARY_VPA: 'success@upi',
      NOTIFY_URL,
    })
    assert.deepEqual(
      sent.map((request) => request.NOTIFY_URL),
      [NOTIFY_URL, NOTIFY_URL, NOTIFY_URL],
    )
    for (const request of sent) assert.equal(verify(request, salt), true)
  })

  it('must be an absolute http(s) URL without credentials', () => {
    const client = new Client(config)
    for (const bad of ['/webhook', 'ftp://example.com/x', 'https://user:pw@example.com/x']) {
      assert.throws(() => client.paymentRequest({ ...order, NOTIFY_URL: bad }), InvalidInputError)
    }
    const long = `https://example.com/${'a'.repeat(2100)}`
    assert.throws(() => client.paymentRequest({ ...order, NOTIFY_URL: long }), InvalidInputError)
  })
})
