// Every kit passes the same vectors as the gateway itself: tests/vectors.json, or the file
// PAYSTRA_VECTORS names.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { Cipher, Hash, OrderStatus, Reconciliation, Webhook, WebhookError } from '../index.js'

const path = process.env.PAYSTRA_VECTORS
  ? resolve(process.env.PAYSTRA_VECTORS)
  : fileURLToPath(new URL('./vectors.json', import.meta.url))

if (!existsSync(path)) {
  throw new Error(`No test vectors at ${path}. Set PAYSTRA_VECTORS to the vectors file.`)
}

/** @type {Record<string, any>} */
const vectors = JSON.parse(readFileSync(path, 'utf8'))

describe(`HASH vectors (${path})`, () => {
  it('has vectors to test', () => assert.ok(vectors.hash.length > 0))

  for (const vector of vectors.hash) {
    it(vector.note, () => {
      const { fields, salt } = vector
      if (vector.canonical !== undefined) assert.equal(Hash.canonical(fields), vector.canonical)
      if (vector.hash !== undefined) {
        assert.equal(Hash.sign(fields, salt), vector.hash)
        assert.equal(Hash.verify({ ...fields, HASH: vector.hash }, salt), true)
        assert.deepEqual(Hash.withHash(fields, salt), { ...fields, HASH: vector.hash })
      }
      if (vector.verifies !== undefined) {
        assert.equal(Hash.verify({ ...fields, HASH: vector.claimedHash }, salt), vector.verifies)
      }
    })
  }
})

describe(`ENCDATA vectors (${path})`, () => {
  it('has vectors to test', () => assert.ok(vectors.encdata.length > 0))

  for (const vector of vectors.encdata) {
    it(vector.note, () => {
      let checked = 0
      if (vector.merchantHostedKey !== undefined) {
        assert.equal(
          Cipher.merchantHostedKey(vector.keySalt, vector.payId),
          vector.merchantHostedKey,
        )
        checked++
      }
      if (vector.encdata !== undefined) {
        assert.equal(Cipher.decryptText(vector.encdata, vector.key), vector.plaintext)
        assert.equal(Cipher.encryptText(vector.plaintext, vector.key), vector.encdata)
        const fields = Cipher.decrypt(vector.encdata, vector.key)
        assert.equal(Hash.verify(fields, vector.salt), true, 'the HASH inside verifies')
        assert.equal(Hash.verify({ ...fields, AMOUNT: '1' }, vector.salt), false)
        if (vector.roundTrip) {
          assert.equal(Cipher.encrypt(fields, vector.salt, vector.key), vector.encdata)
        }
        checked++
      }
      if (vector.encdataWithPadding !== undefined) {
        const padded = vector.encdataWithPadding
        assert.match(padded, /=$/)
        assert.equal(Cipher.decryptText(padded, vector.key), vector.plaintext)
        assert.equal(Cipher.decryptText(padded.replace(/=+$/, ''), vector.key), vector.plaintext)
        assert.equal(Cipher.decryptText(padded.replace(/\+/g, ' '), vector.key), vector.plaintext)
        assert.equal(Cipher.encryptText(vector.plaintext, vector.key), padded.replace(/=+$/, ''))
        checked++
      }
      assert.ok(checked > 0, `a vector of a kind this test does not know: ${Object.keys(vector)}`)
    })
  }
})

describe(`webhook vectors (${path})`, () => {
  const { messages, sign, verify } = vectors.webhook

  it('has vectors to test', () => assert.ok(sign.length > 0 && verify.length > 0))

  it('says every reason in the same words', () => {
    assert.deepEqual({ ...Webhook.WEBHOOK_MESSAGES }, messages)
    assert.equal(Webhook.WEBHOOK_TOLERANCE_SECONDS, vectors.webhook.tolerance_seconds)
  })

  for (const vector of sign) {
    it(`sign: ${vector.note}`, () => {
      const { secret, timestamp, body } = vector
      assert.equal(Webhook.webhookSignature(secret, timestamp, body), vector.signature)
      const signed = Webhook.signWebhookEvent(JSON.parse(body), secret, { timestamp })
      assert.equal(signed.body, body)
      assert.equal(signed.headers['X-Paystra-Signature'], vector.header)
      assert.equal(signed.headers['X-Paystra-Event-Id'], JSON.parse(body).id)
      assert.equal(signed.headers['Content-Type'], 'application/json')
    })
  }

  for (const vector of verify) {
    it(`verify: ${vector.note}`, () => {
      const { body, header, secret, salt, now, expect } = vector
      for (const rawBody of [body, Buffer.from(body, 'utf8')]) {
        const check = () => Webhook.verifyWebhook(rawBody, header, secret, { salt, now })
        if (expect.ok) {
          const event = check()
          assert.equal(event.id, expect.id)
          assert.equal(event.type, expect.type)
          assert.deepEqual(event, JSON.parse(body))
        } else {
          assert.throws(check, (error) => {
            assert.ok(error instanceof WebhookError)
            assert.equal(error.reason, expect.reason)
            assert.equal(error.message, messages[expect.reason])
            return true
          })
        }
      }
    })
  }
})

describe(`order vectors (${path})`, () => {
  const { about, statuses, status_of: statusOf, transitions } = vectors.orders

  it('has vectors to test', () => assert.ok(statusOf.length > 0 && transitions.length > 0))

  it('words the rule as the vectors word it', () => {
    const sentence = about.split(' status_of ')[0]
    const words = (/** @type {string} */ text) => text.replace(/[\s*]+/g, ' ').trim()
    const source = readFileSync(new URL('../src/order-status.js', import.meta.url), 'utf8')
    assert.ok(words(source).includes(words(sentence)), `order-status.js says: ${sentence}`)
  })

  it('knows the same statuses', () => assert.deepEqual([...OrderStatus.STATUSES], statuses))

  it('lists every pair of statuses once', () => {
    const pairs = transitions.map((/** @type {any} */ { from, to }) => `${from}>${to}`)
    assert.equal(new Set(pairs).size, statuses.length ** 2)
    assert.equal(pairs.length, statuses.length ** 2)
  })

  for (const vector of statusOf) {
    it(`status of ${JSON.stringify(vector.fields)}: ${vector.status}`, () => {
      assert.equal(OrderStatus.of(vector.fields), vector.status)
    })
  }

  for (const { from, to, moves } of transitions) {
    it(`${from} to ${to}: ${moves ? 'moves' : 'stays'}`, () => {
      assert.equal(OrderStatus.moves(from, to), moves)
      assert.equal(OrderStatus.advance(from, to), moves ? to : from)
    })
  }
})

describe(`reconciliation vectors (${path})`, () => {
  const { results, cases } = vectors.reconciliation

  it('has vectors to test', () => assert.ok(cases.length > 0))

  it('knows the same results', () => assert.deepEqual([...Reconciliation.RESULTS], results))

  it('words the precedence of the results as the vectors do', () => {
    const sentence = `RESULT, the first that applies: ${vectors.reconciliation.precedence.join(', ')}.`
    const words = (/** @type {string} */ text) => text.replace(/[\s*]+/g, ' ').trim()
    const source = readFileSync(new URL('../src/reconcile.js', import.meta.url), 'utf8')
    assert.ok(words(source).includes(sentence), `reconcile.js says: ${sentence}`)
  })

  for (const vector of cases) {
    it(vector.name, () => {
      const { orders, settlements, recon, today } = vector
      const report = Reconciliation.reconcile(orders, settlements, recon, today)
      assert.deepEqual(report, vector.report)
      // The same fields in the same order, as every kit prints them.
      assert.equal(JSON.stringify(report), JSON.stringify(vector.report))
    })
  }
})
