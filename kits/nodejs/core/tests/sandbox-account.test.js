import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import {
  ConfigError,
  GatewayError,
  InvalidInputError,
  createSandboxAccount,
  loadConfig,
  writeEnvFile,
} from '../index.js'

// The sandbox's own answers to POST /accounts, recorded from a sandbox at
// http://localhost:3000/sandbox: the same bytes, in the same order.
const ENV = `# Paystra kit configuration for sandbox account 3773599642181897.
# Environment variables override these values. Keep this file on your server: it holds
# your salt and webhook secret.

# The gateway: this sandbox.
PAYSTRA_BASE_URL=http://localhost:3000/sandbox
# Your merchant id (PAY_ID) and salt.
PAYSTRA_PAY_ID=3773599642181897
PAYSTRA_SALT=530dfe1903fb0f06
# Derives the 32-character AES key of ENCDATA (responses and merchant-hosted requests).
PAYSTRA_KEY_SALT=f96a0b4eef978c30
# Verifies the signed webhooks the gateway POSTs to NOTIFY_URL (APP_URL/webhook).
PAYSTRA_WEBHOOK_SECRET=wh_c98c7a1c04ec4a0eadaf875821d416cf

# Where this app is reachable; the gateway returns the customer to APP_URL/response and
# posts webhooks to APP_URL/webhook.
APP_URL=http://localhost:8000
PORT=8000
# Where the examples keep their orders (<example>-orders.json); default ./data in the kit root.
# PAYSTRA_DATA_DIR=data
`
const CONSOLE = 'http://localhost:3000/sandbox/console/tl4-7EL_Eqy_CC0D83YKpM42Z_orZH9kgnBDHCgnnfg'
const account = {
  STATUS: 'Created',
  PAY_ID: '3773599642181897',
  SALT: '530dfe1903fb0f06',
  KEY_SALT: 'f96a0b4eef978c30',
  MERCHANT_HOSTED_KEY: '5BC116EA0D0104F0E095246E6692C1F6',
  WEBHOOK_SECRET: 'wh_c98c7a1c04ec4a0eadaf875821d416cf',
  NAME: 'Chai & Co.',
  PAYSTRA_BASE_URL: 'http://localhost:3000/sandbox',
  CONSOLE_URL: CONSOLE,
  PAYSTRA_ENV_URL: `${CONSOLE}/paystra.env`,
  PAYSTRA_ENV: ENV,
  IDLE_DAYS: '30',
}
const recorded = {
  created: { status: 201, body: JSON.stringify(account) },
  badName: {
    status: 400,
    body: `{"STATUS":"Failed","RESPONSE_CODE":"360","RESPONSE_MESSAGE":"Invalid account name: up to 60 letters, digits, spaces and . , & ' ( ) - / characters"}`,
  },
  limited: {
    status: 429,
    body: '{"STATUS":"Failed","RESPONSE_CODE":"344","RESPONSE_MESSAGE":"Too many requests: try again later"}',
  },
  full: {
    status: 503,
    body: '{"STATUS":"Failed","RESPONSE_CODE":"361","RESPONSE_MESSAGE":"The sandbox holds as many accounts as it can: try again later"}',
  },
}

const baseUrl = 'http://localhost:3000/sandbox'

/**
 * A stand-in sandbox: records each request and answers `status` and `body`.
 * @param {number} status
 * @param {string} body
 * @param {string} [type]
 */
function sandbox(status, body, type = 'application/json; charset=utf-8') {
  /** @type {Array<{ url: string, init: RequestInit }>} */
  const calls = []
  /** @type {typeof fetch} */
  const fetch = async (url, init = {}) => {
    calls.push({ url: String(url), init })
    return new Response(body, { status, headers: { 'content-type': type } })
  }
  return { calls, fetch }
}

describe('createSandboxAccount', () => {
  it('posts the tidied name as JSON, unsigned, and answers the new account’s fields', async () => {
    const { calls, fetch } = sandbox(recorded.created.status, recorded.created.body)
    const made = await createSandboxAccount({
      baseUrl: `${baseUrl}/`,
      name: '  Chai  &\u00a0Co. ',
      fetch,
    })
    assert.deepEqual(made, account)
    assert.equal(calls.length, 1)
    const [{ url, init }] = calls
    assert.equal(url, 'http://localhost:3000/sandbox/accounts')
    assert.equal(init.method, 'POST')
    assert.deepEqual(init.headers, {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    })
    assert.equal(init.body, '{"NAME":"Chai & Co."}')
  })

  it('sends no NAME without one, for the sandbox’s own', async () => {
    for (const name of [undefined, '', '   ']) {
      const { calls, fetch } = sandbox(recorded.created.status, recorded.created.body)
      await createSandboxAccount({ baseUrl, name, fetch })
      assert.equal(calls[0]?.init.body, '{}')
    }
  })

  it('throws each refusal as a GatewayError with its code, message and HTTP status', async () => {
    for (const [refusal, code] of [
      [recorded.badName, '360'],
      [recorded.limited, '344'],
      [recorded.full, '361'],
    ]) {
      const { fetch } = sandbox(refusal.status, refusal.body)
      const fields = JSON.parse(refusal.body)
      await assert.rejects(
        createSandboxAccount({ baseUrl, name: 'Chai & Co.', fetch }),
        (error) => {
          assert.ok(error instanceof GatewayError)
          assert.equal(error.code, code)
          assert.equal(error.httpStatus, refusal.status)
          assert.equal(error.message, fields.RESPONSE_MESSAGE)
          assert.deepEqual(error.fields, fields)
          return true
        },
      )
    }
  })

  it('refuses a name the sandbox would refuse before sending anything', async () => {
    const { calls, fetch } = sandbox(recorded.created.status, recorded.created.body)
    for (const name of ['x'.repeat(61), 'tab\there', 'line\nbreak', '<script>', 'a~b', 'a@b', 7]) {
      await assert.rejects(
        createSandboxAccount({ baseUrl, name: /** @type {any} */ (name), fetch }),
        InvalidInputError,
        String(name),
      )
    }
    assert.equal(calls.length, 0)
    for (const name of ['x'.repeat(60), 'Café Ünïcode', 'चाय वाला', "O'Brien (Pune) - 2/B, Ltd."]) {
      await createSandboxAccount({ baseUrl, name, fetch })
    }
    assert.equal(calls.length, 4)
  })

  it('refuses a base URL that is not http(s) before sending anything', async () => {
    const { calls, fetch } = sandbox(recorded.created.status, recorded.created.body)
    for (const url of [undefined, '', 'localhost:3000/sandbox', 'ftp://localhost/sandbox']) {
      await assert.rejects(
        createSandboxAccount({ baseUrl: /** @type {any} */ (url), name: 'Shop', fetch }),
        ConfigError,
      )
    }
    assert.equal(calls.length, 0)
  })

  it('throws a GatewayError for an answer that is not JSON, or not an account', async () => {
    // A sandbox that makes no accounts answers its HTML 404 page.
    const page = sandbox(404, '<!doctype html><html lang="en" dir="ltr">\n<head>', 'text/html')
    await assert.rejects(
      createSandboxAccount({ baseUrl, name: 'Shop', fetch: page.fetch }),
      (error) => {
        assert.ok(error instanceof GatewayError)
        assert.equal(error.httpStatus, 404)
        assert.match(error.message, /HTTP 404 without JSON/)
        return true
      },
    )
    const { SALT, ...withoutSalt } = account
    assert.equal(SALT, '530dfe1903fb0f06')
    for (const [status, body] of [
      [201, JSON.stringify(withoutSalt)],
      [200, recorded.created.body],
      [201, '[]'],
    ]) {
      const { fetch } = sandbox(status, body)
      await assert.rejects(
        createSandboxAccount({ baseUrl, name: 'Shop', fetch }),
        GatewayError,
        body,
      )
    }
  })

  it('throws a GatewayError when the sandbox cannot be reached', async () => {
    /** @type {typeof fetch} */
    const fetch = async () => {
      throw new TypeError('fetch failed')
    }
    await assert.rejects(createSandboxAccount({ baseUrl, name: 'Shop', fetch }), (error) => {
      assert.ok(error instanceof GatewayError)
      assert.match(error.message, /could not be reached/)
      assert.ok(error.cause instanceof TypeError)
      return true
    })
  })
})

describe('writeEnvFile', () => {
  const root = mkdtempSync(join(tmpdir(), 'paystra-account-'))
  after(() => rmSync(root, { recursive: true, force: true }))

  it('saves the account’s paystra.env for its owner, keeping one that exists unless told', () => {
    const path = writeEnvFile(root, account)
    assert.equal(path, join(root, 'paystra.env'))
    assert.equal(readFileSync(path, 'utf8'), ENV)
    if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600)
    assert.equal(loadConfig(root, {}).payId, account.PAY_ID)

    writeFileSync(path, 'PAYSTRA_PAY_ID=1000000000000001\n')
    assert.throws(() => writeEnvFile(root, account), ConfigError)
    assert.equal(readFileSync(path, 'utf8'), 'PAYSTRA_PAY_ID=1000000000000001\n')
    writeEnvFile(root, account, { overwrite: true })
    assert.equal(readFileSync(path, 'utf8'), ENV)
  })

  it('refuses an account without PAYSTRA_ENV', () => {
    const empty = mkdtempSync(join(root, 'empty-'))
    assert.throws(() => writeEnvFile(empty, /** @type {any} */ ({ PAY_ID: '1' })), ConfigError)
    assert.equal(existsSync(join(empty, 'paystra.env')), false)
  })
})
