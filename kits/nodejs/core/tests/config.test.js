import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { ConfigError, loadConfig, parseEnvFile } from '../index.js'

const root = mkdtempSync(join(tmpdir(), 'paystra-config-'))
after(() => rmSync(root, { recursive: true, force: true }))

const example = `# Paystra kit configuration
PAYSTRA_BASE_URL=http://localhost:3000/sandbox/   # the gateway
PAYSTRA_PAY_ID=1000000000000001
PAYSTRA_SALT="a1b2c3d4e5f60718"
export PAYSTRA_KEY_SALT='f0e1d2c3b4a59687' # derives the key

APP_URL=http://localhost:8000
PORT=8000
`

describe('configuration', () => {
  it('parses KEY=VALUE lines, comments, quotes and export', () => {
    assert.deepEqual(parseEnvFile(`${example}\r\nBROKEN LINE\nHASHY=a#b\n`), {
      PAYSTRA_BASE_URL: 'http://localhost:3000/sandbox/',
      PAYSTRA_PAY_ID: '1000000000000001',
      PAYSTRA_SALT: 'a1b2c3d4e5f60718',
      PAYSTRA_KEY_SALT: 'f0e1d2c3b4a59687',
      APP_URL: 'http://localhost:8000',
      PORT: '8000',
      HASHY: 'a#b',
    })
  })

  it('reads paystra.env from the kit root', () => {
    writeFileSync(join(root, 'paystra.env'), example)
    const config = loadConfig(root, {})
    assert.deepEqual(
      { ...config },
      {
        baseUrl: 'http://localhost:3000/sandbox',
        payId: '1000000000000001',
        salt: 'a1b2c3d4e5f60718',
        keySalt: 'f0e1d2c3b4a59687',
        appUrl: 'http://localhost:8000',
        port: 8000,
        webhookSecret: '',
        dataDir: join(root, 'data'),
        file: join(root, 'paystra.env'),
      },
    )
    assert.ok(Object.isFrozen(config))
  })

  it('lets environment variables override the file; empty ones do not', () => {
    writeFileSync(join(root, 'paystra.env'), example)
    const config = loadConfig(root, {
      PAYSTRA_BASE_URL: 'http://127.0.0.1:4150/sandbox',
      PAYSTRA_SALT: '',
      PORT: '4151',
      APP_URL: 'http://127.0.0.1:4151/',
    })
    assert.equal(config.baseUrl, 'http://127.0.0.1:4150/sandbox')
    assert.equal(config.salt, 'a1b2c3d4e5f60718')
    assert.equal(config.port, 4151)
    assert.equal(config.appUrl, 'http://127.0.0.1:4151')
  })

  it('works from the environment alone; APP_URL defaults to localhost:PORT', () => {
    const empty = mkdtempSync(join(root, 'empty-'))
    const config = loadConfig(empty, {
      PAYSTRA_BASE_URL: 'http://127.0.0.1:4150/sandbox',
      PAYSTRA_PAY_ID: '1000000000000001',
      PAYSTRA_SALT: 'a1b2c3d4e5f60718',
      PAYSTRA_KEY_SALT: 'f0e1d2c3b4a59687',
      PORT: '4152',
    })
    assert.equal(config.appUrl, 'http://localhost:4152')
    assert.equal(config.file, undefined)
  })

  it('reads the webhook secret untrimmed, so verifying can say it has white space', () => {
    writeFileSync(join(root, 'paystra.env'), `${example}PAYSTRA_WEBHOOK_SECRET=wh_file\n`)
    assert.equal(loadConfig(root, {}).webhookSecret, 'wh_file')
    const fromEnv = loadConfig(root, { PAYSTRA_WEBHOOK_SECRET: 'wh_env\n' })
    assert.equal(fromEnv.webhookSecret, 'wh_env\n')
    writeFileSync(join(root, 'paystra.env'), example)
    assert.equal(loadConfig(root, {}).webhookSecret, '')
  })

  it('keeps orders in data/ of the kit root unless PAYSTRA_DATA_DIR says where', () => {
    writeFileSync(join(root, 'paystra.env'), example)
    assert.equal(loadConfig(root, {}).dataDir, join(root, 'data'))
    assert.equal(loadConfig(root, { PAYSTRA_DATA_DIR: '/tmp/orders' }).dataDir, '/tmp/orders')
    assert.equal(loadConfig(root, { PAYSTRA_DATA_DIR: 'var/x' }).dataDir, join(root, 'var/x'))
  })

  it('names every missing value and refuses a bad URL or port', () => {
    const empty = mkdtempSync(join(root, 'missing-'))
    assert.throws(
      () => loadConfig(empty, { PAYSTRA_PAY_ID: '1' }),
      (error) =>
        error instanceof ConfigError &&
        /PAYSTRA_BASE_URL, PAYSTRA_SALT, PAYSTRA_KEY_SALT/.test(error.message) &&
        /paystra\.env\.example/.test(error.message),
    )
    const complete = {
      PAYSTRA_BASE_URL: 'http://127.0.0.1:4150/sandbox',
      PAYSTRA_PAY_ID: '1',
      PAYSTRA_SALT: 's',
      PAYSTRA_KEY_SALT: 'k',
    }
    assert.throws(
      () => loadConfig(empty, { ...complete, PAYSTRA_BASE_URL: 'sandbox' }),
      ConfigError,
    )
    assert.throws(() => loadConfig(empty, { ...complete, APP_URL: 'ftp://x' }), ConfigError)
    assert.throws(() => loadConfig(empty, { ...complete, PORT: '80a' }), ConfigError)
    assert.throws(() => loadConfig(empty, { ...complete, PORT: '70000' }), ConfigError)
  })
})
