import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'

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
})
