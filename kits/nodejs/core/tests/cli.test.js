import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:http'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { verifyWebhook } from '../index.js'

const cli = fileURLToPath(new URL('../cli.js', import.meta.url))
const run = (/** @type {string[]} */ ...args) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' })

describe('command line', () => {
  it('signs the published vector', () => {
    const result = run(
      'sign',
      '--salt',
      '473531b173db4371',
      'ORDER_ID=SPIN020406172',
      'PAY_ID=1001340526093022',
      'TXNTYPE=STATUS',
    )
    assert.equal(result.status, 0)
    assert.equal(
      result.stdout,
      'ORDER_ID=SPIN020406172~PAY_ID=1001340526093022~TXNTYPE=STATUS\n' +
        'A3097C8B28D22786CFFB1466EC1340577CB1CAE98953E31577A57C3A277F36D1\n',
    )
  })

  it('verifies, derives the key, and fails with usage on bad input', () => {
    const hash = 'HASH=A3097C8B28D22786CFFB1466EC1340577CB1CAE98953E31577A57C3A277F36D1'
    const fields = ['ORDER_ID=SPIN020406172', 'PAY_ID=1001340526093022']
    assert.equal(
      run('verify', '--salt', '473531b173db4371', ...fields, 'TXNTYPE=STATUS', hash).status,
      0,
    )
    assert.equal(
      run('verify', '--salt', '473531b173db4371', ...fields, 'TXNTYPE=SALE', hash).status,
      1,
    )
    const key = run('key', '--key-salt', 'f0e1d2c3b4a59687', '--pay-id', '1000000000000001')
    assert.equal(key.stdout, '034A0B731C8AE0736BD8D47D1B3017B3\n')
    const missing = run('sign', 'A=1')
    assert.equal(missing.status, 2)
    assert.match(missing.stderr, /--salt is required/)
    assert.equal(run('nothing').status, 2)
  })

  it('prints a signed test webhook that verifies, its data signed with the salt', () => {
    const secret = 'wh_demo_7c1e4b9a2f6d8035'
    const salt = 'a1b2c3d4e5f60718'
    const now = Math.floor(Date.now() / 1000)
    const result = run(
      'webhook',
      ...['--secret', secret, '--salt', salt, '--type', 'payment.failed', '--id', 'evt_1'],
    )
    assert.equal(result.status, 0)
    const [head = '', body = ''] = result.stdout.split(/\n\n(?={)/)
    const signature = /^X-Paystra-Signature: (.+)$/m.exec(head)?.[1]
    const event = verifyWebhook(body, signature, secret, { salt, now })
    assert.equal(event.type, 'payment.failed')
    assert.equal(event.id, 'evt_1')
    assert.equal(run('webhook', '--secret', secret, '--timestamp', 'soon').status, 2)
  })

  it('posts a signed test webhook and exits 1 unless the answer is 2xx', async () => {
    /** @type {string[]} */
    const received = []
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        received.push(`${req.headers['x-paystra-signature']}|${body}`)
        res.writeHead(received.length === 1 ? 200 : 400).end('{"received":true}')
      })
    })
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
    const address = server.address()
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`
    const post = () =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [
          cli,
          'webhook',
          '--secret',
          's',
          '--post',
          url,
          'A=1',
        ])
        let out = ''
        child.stdout.on('data', (chunk) => (out += chunk))
        child.on('close', (code) => resolve({ code, out }))
      })
    assert.deepEqual(await post(), { code: 0, out: 'HTTP 200 {"received":true}\n' })
    assert.equal(/** @type {{ code: number }} */ (await post()).code, 1)
    server.close()
    assert.match(received[0] ?? '', /^t=\d+,v1=[0-9a-f]{64}\|\{\n/)
  })
})
