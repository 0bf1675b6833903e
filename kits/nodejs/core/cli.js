#!/usr/bin/env node
/**
 * The protocol from the command line, to check your own code against:
 *   node core/cli.js sign --salt SALT KEY=VALUE…           the canonical string and its HASH
 *   node core/cli.js verify --salt SALT KEY=VALUE… HASH=…  "valid" or "invalid" (exit code 1)
 *   node core/cli.js key --key-salt KEY_SALT --pay-id PAY_ID   the merchant-hosted AES key
 *   node core/cli.js decrypt --key KEY [--salt SALT] ENCDATA   the fields inside ENCDATA
 */
import { parseArgs } from 'node:util'
import { Cipher, Hash, PaystraError } from './index.js'

const USAGE = `Usage:
  node core/cli.js sign --salt SALT KEY=VALUE...
  node core/cli.js verify --salt SALT KEY=VALUE... HASH=...
  node core/cli.js key --key-salt KEY_SALT --pay-id PAY_ID
  node core/cli.js decrypt --key KEY [--salt SALT] ENCDATA`

/**
 * @param {string[]} pairs
 * @returns {Record<string, string>}
 */
function fieldsOf(pairs) {
  /** @type {Record<string, string>} */
  const fields = {}
  for (const pair of pairs) {
    const separator = pair.indexOf('=')
    if (separator <= 0) throw new PaystraError(`"${pair}" is not KEY=VALUE`)
    fields[pair.slice(0, separator)] = pair.slice(separator + 1)
  }
  return fields
}

/**
 * @param {string | undefined} value
 * @param {string} name
 * @returns {string}
 */
function required(value, name) {
  if (!value) throw new PaystraError(`--${name} is required`)
  return value
}

/** @param {string[]} argv */
function run(argv) {
  const [command, ...rest] = argv
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      salt: { type: 'string' },
      'key-salt': { type: 'string' },
      'pay-id': { type: 'string' },
      key: { type: 'string' },
    },
  })
  switch (command) {
    case 'sign': {
      const salt = required(values.salt, 'salt')
      const fields = fieldsOf(positionals)
      console.log(Hash.canonical(fields))
      console.log(Hash.sign(fields, salt))
      return 0
    }
    case 'verify': {
      const valid = Hash.verify(fieldsOf(positionals), required(values.salt, 'salt'))
      console.log(valid ? 'valid' : 'invalid')
      return valid ? 0 : 1
    }
    case 'key':
      console.log(
        Cipher.merchantHostedKey(
          required(values['key-salt'], 'key-salt'),
          required(values['pay-id'], 'pay-id'),
        ),
      )
      return 0
    case 'decrypt': {
      const fields = Cipher.decrypt(
        required(positionals[0], 'ENCDATA'),
        required(values.key, 'key'),
      )
      for (const [key, value] of Object.entries(fields)) console.log(`${key}=${value}`)
      if (values.salt) {
        const valid = Hash.verify(fields, values.salt)
        console.log(valid ? 'HASH valid' : 'HASH invalid')
        return valid ? 0 : 1
      }
      return 0
    }
    default:
      console.error(USAGE)
      return 2
  }
}

try {
  process.exitCode = run(process.argv.slice(2))
} catch (error) {
  if (!(error instanceof PaystraError) && !(error instanceof TypeError)) throw error
  console.error(`${error.message}\n\n${USAGE}`)
  process.exitCode = 2
}
