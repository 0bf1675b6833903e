// paystra.mjs stands alone (one file, nothing to install), so it carries its own HASH and
// signature check: held here to the same vectors as the library, and its stream reader and
// configuration to what the sandbox and the console's paystra.env give it. Its conversation
// with a live sandbox is tested where the sandbox is built.
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import {
  describeEvents,
  loadCliConfig,
  PaystraCliError,
  run,
  serverSentEvents,
  sign,
  signatureMatches,
} from '../paystra.mjs'

const vectorsPath = process.env.PAYSTRA_VECTORS
  ? resolve(process.env.PAYSTRA_VECTORS)
  : fileURLToPath(new URL('./vectors.json', import.meta.url))
if (!existsSync(vectorsPath)) throw new Error(`No test vectors at ${vectorsPath}`)
/** @type {Record<string, any>} */
const vectors = JSON.parse(readFileSync(vectorsPath, 'utf8'))

describe('paystra.mjs signs and checks as the library does', () => {
  for (const vector of vectors.hash.filter((/** @type {any} */ each) => each.hash)) {
    it(`HASH: ${vector.note}`, () => assert.equal(sign(vector.fields, vector.salt), vector.hash))
  }
  for (const vector of vectors.webhook.sign) {
    it(`signature: ${vector.note}`, () =>
      assert.equal(signatureMatches(vector.header, vector.body, vector.secret), true))
  }
  for (const vector of vectors.webhook.verify) {
    const reason = vector.expect.reason
    // Only the signature itself is this check's: the rest (secret, timestamp, body) is the app's.
    if (!vector.expect.ok && !['signature-mismatch', 'wrong-secret'].includes(reason)) continue
    if (vector.secret === '') continue
    it(`signature check: ${vector.note}`, () =>
      assert.equal(signatureMatches(vector.header, vector.body, vector.secret), vector.expect.ok))
  }
})

/**
 * @param {string[]} chunks
 * @returns {AsyncIterable<Uint8Array>}
 */
async function* bytes(chunks) {
  for (const chunk of chunks) yield new TextEncoder().encode(chunk)
}

describe('the event stream reader', () => {
  it('joins messages split across chunks, skips comments, and keeps each event, id and data', async () => {
    const messages = []
    const stream = bytes([
      'event: ready\ndata: {"PAY_ID":"1"}\n\n: keep-alive\n\nevent: web',
      'hook\r\nid: evt_1\r\ndata: {"BODY":"{\\n}"}\r\n\r\n',
      'data: a\ndata: b\n\n',
    ])
    for await (const message of serverSentEvents(stream)) messages.push(message)
    assert.deepEqual(messages, [
      { event: 'ready', id: '', data: '{"PAY_ID":"1"}' },
      { event: 'webhook', id: 'evt_1', data: '{"BODY":"{\\n}"}' },
      { event: 'message', id: '', data: 'a\nb' },
    ])
  })
})

describe('its configuration', () => {
  const folder = mkdtempSync(join(tmpdir(), 'paystra-cli-'))
  const envFile = join(folder, 'paystra.env')
  writeFileSync(
    envFile,
    [
      '# from the console',
      'PAYSTRA_BASE_URL=https://pay.example/sandbox/',
      'PAYSTRA_PAY_ID=1234567890123456',
      'PAYSTRA_SALT="abcdef0123456789"',
      'PAYSTRA_WEBHOOK_SECRET=wh_abc # rotated',
    ].join('\n'),
  )

  it("reads the console's paystra.env as the kits do, the environment first", () => {
    assert.deepEqual(loadCliConfig({}, envFile), {
      baseUrl: 'https://pay.example/sandbox',
      payId: '1234567890123456',
      salt: 'abcdef0123456789',
      webhookSecret: 'wh_abc',
    })
    assert.equal(loadCliConfig({ PAY_ID: '6543210987654321' }, envFile).payId, '1234567890123456')
    assert.equal(
      loadCliConfig({ PAYSTRA_PAY_ID: '6543210987654321' }, envFile).payId,
      '6543210987654321',
    )
    assert.equal(
      loadCliConfig(
        { PAYSTRA_URL: 'http://localhost:3000/sandbox', PAY_ID: '1', SALT: 's' },
        'none',
      ).baseUrl,
      'http://localhost:3000/sandbox',
    )
  })

  it('names what is missing and where to get it', () => {
    assert.throws(
      () => loadCliConfig({}, join(folder, 'absent.env')),
      (/** @type {unknown} */ error) =>
        error instanceof PaystraCliError &&
        /Missing PAYSTRA_BASE_URL, PAYSTRA_PAY_ID, PAYSTRA_SALT: download paystra.env/.test(
          error.message,
        ),
    )
    assert.throws(
      () => loadCliConfig({ PAYSTRA_BASE_URL: 'ftp://x', PAY_ID: '1', SALT: 's' }, 'none'),
      /must start with http/,
    )
  })

  it('answers usage mistakes with exit code 2 and the usage, before any request', async () => {
    /** @type {string[]} */
    const printed = []
    const print = (/** @type {string} */ line) => printed.push(line)
    const env = { PAYSTRA_BASE_URL: 'http://127.0.0.1:9/sandbox', PAY_ID: '1', SALT: 's' }
    assert.equal(await run(['listen'], { env, print }), 2)
    assert.match(printed.join('\n'), /listen needs --forward-to URL/)
    assert.equal(await run(['clock', 'advance'], { env, print }), 2)
    assert.equal(await run(['fly'], { env, print }), 2)
    assert.match(printed.join('\n'), /Unknown command "fly"/)
    assert.equal(await run(['--help'], { env, print }), 0)
  })

  it('says when the sandbox cannot be reached (exit code 1)', async () => {
    /** @type {string[]} */
    const printed = []
    const env = { PAYSTRA_BASE_URL: 'http://127.0.0.1:9/sandbox', PAY_ID: '1', SALT: 's' }
    assert.equal(await run(['clock'], { env, print: (line) => printed.push(line) }), 1)
    assert.match(printed.join('\n'), /Could not reach http:\/\/127\.0\.0\.1:9\/sandbox/)
  })
})

describe('events', () => {
  it('lists each event with its target and every delivery', () => {
    const lines = describeEvents({
      EVENTS: JSON.stringify([
        {
          id: 'evt_1',
          type: 'payment.captured',
          reference: 'ORD1',
          notify_url: '',
          state: 'delivered',
          created: '2026-12-07 10:00:00',
          attempts: [{ at: '2026-12-07 10:00:01', http_status: 200, error: null, duration_ms: 12 }],
        },
      ]),
    })
    assert.deepEqual(lines, [
      '2026-12-07 10:00:00  payment.captured     evt_1  ORD1  delivered  → paystra listen',
      '    2026-12-07 10:00:01  200  delivered (12 ms)',
    ])
    assert.deepEqual(describeEvents({ EVENTS: '[]' }), ['No events yet.'])
  })
})
