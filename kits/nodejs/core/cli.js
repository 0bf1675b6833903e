#!/usr/bin/env node
/**
 * The protocol from the command line, to check your own code against:
 *   node core/cli.js sign --salt SALT KEY=VALUE…           the canonical string and its HASH
 *   node core/cli.js verify --salt SALT KEY=VALUE… HASH=…  "valid" or "invalid" (exit code 1)
 *   node core/cli.js key --key-salt KEY_SALT --pay-id PAY_ID   the merchant-hosted AES key
 *   node core/cli.js decrypt --key KEY [--salt SALT] ENCDATA   the fields inside ENCDATA
 *   node core/cli.js webhook --secret SECRET [--salt SALT] [--type TYPE] [--post URL] KEY=VALUE…
 *     a signed test webhook whose data is the fields (with their HASH when the salt is given),
 *     printed as headers and body or posted to your webhook route
 */
import { parseArgs } from 'node:util'
import { Cipher, Hash, PaystraError, signWebhookEvent } from './index.js'

const USAGE = `Usage:
  node core/cli.js sign --salt SALT KEY=VALUE...
  node core/cli.js verify --salt SALT KEY=VALUE... HASH=...
  node core/cli.js key --key-salt KEY_SALT --pay-id PAY_ID
  node core/cli.js decrypt --key KEY [--salt SALT] ENCDATA
  node core/cli.js webhook --secret SECRET [--salt SALT] [--type payment.captured]
                           [--id evt_...] [--timestamp UNIX_SECONDS] [--post URL] KEY=VALUE...`

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

/**
 * A signed test event: printed as an HTTP request's headers and body, or posted.
 * @param {Record<string, string | undefined>} values
 * @param {string[]} positionals
 * @returns {Promise<number>}
 */
async function webhook(values, positionals) {
  const fields = fieldsOf(positionals)
  const data = values.salt ? Hash.withHash(fields, values.salt) : fields
  const type = values.type ?? 'payment.captured'
  if (values.timestamp !== undefined && !/^\d{1,12}$/.test(values.timestamp)) {
    throw new PaystraError('--timestamp must be unix seconds')
  }
  const timestamp = values.timestamp === undefined ? undefined : Number(values.timestamp)
  const event = { id: values.id, type, data }
  const signed = signWebhookEvent(event, required(values.secret, 'secret'), { timestamp })
  if (!values.post) {
    for (const [name, value] of Object.entries(signed.headers)) console.log(`${name}: ${value}`)
    process.stdout.write(`\n${signed.body}`)
    return 0
  }
  const answer = await fetch(values.post, {
    method: 'POST',
    headers: signed.headers,
    body: signed.body,
  })
  console.log(`HTTP ${answer.status} ${await answer.text()}`)
  return answer.ok ? 0 : 1
}

/** @param {string[]} argv */
async function run(argv) {
  const [command, ...rest] = argv
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      salt: { type: 'string' },
      'key-salt': { type: 'string' },
      'pay-id': { type: 'string' },
      key: { type: 'string' },
      secret: { type: 'string' },
      type: { type: 'string' },
      timestamp: { type: 'string' },
      post: { type: 'string' },
      id: { type: 'string' },
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
    case 'webhook':
      return webhook(values, positionals)
    default:
      console.error(USAGE)
      return 2
  }
}

try {
  process.exitCode = await run(process.argv.slice(2))
} catch (error) {
  if (!(error instanceof PaystraError) && !(error instanceof TypeError)) throw error
  console.error(`${error.message}\n\n${USAGE}`)
  process.exitCode = 2
}
