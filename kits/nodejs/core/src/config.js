import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ConfigError } from './errors.js'

/**
 * @typedef {object} Config
 * @property {string} baseUrl the gateway's base URL, without a trailing slash
 * @property {string} payId the merchant id (PAY_ID)
 * @property {string} salt signs requests and checks the gateway's hashes; never send it anywhere
 * @property {string} keySalt derives the merchant-hosted AES key
 * @property {string} appUrl where this app is reachable; RETURN_URL is appUrl + "/response"
 * @property {number} port the port the app listens on
 * @property {string} webhookSecret verifies the gateway's webhooks; '' when unset. Not the salt
 * @property {string} dataDir where the example apps keep their orders (PAYSTRA_DATA_DIR, default
 *   data/ in the kit root)
 * @property {string | undefined} file the paystra.env that was read, if there was one
 */

/** The file every kit reads from its root, beside paystra.env.example. */
export const CONFIG_FILE = 'paystra.env'

const REQUIRED = ['PAYSTRA_BASE_URL', 'PAYSTRA_PAY_ID', 'PAYSTRA_SALT', 'PAYSTRA_KEY_SALT']

/**
 * Reads `paystra.env` from the kit root when it exists, then lets environment variables
 * override each value (an empty variable counts as unset).
 * @param {string} kitRoot the folder holding paystra.env
 * @param {Record<string, string | undefined>} [env]
 * @returns {Readonly<Config>}
 */
export function loadConfig(kitRoot, env = process.env) {
  const path = join(kitRoot, CONFIG_FILE)
  const file = existsSync(path) ? parseEnvFile(readFileSync(path, 'utf8')) : {}
  /** @param {string} key */
  const value = (key) => (env[key] || file[key] || '').trim()

  const missing = REQUIRED.filter((key) => value(key) === '')
  if (missing.length > 0) {
    throw new ConfigError(
      `Missing ${missing.join(', ')}. Copy paystra.env.example to ${path} ` +
        'or set the values as environment variables.',
    )
  }
  const baseUrl = absoluteUrl('PAYSTRA_BASE_URL', value('PAYSTRA_BASE_URL'))
  const portText = value('PORT') || '8000'
  const port = Number(portText)
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be a number from 1 to 65535, not "${portText}"`)
  }
  const appUrl = absoluteUrl('APP_URL', value('APP_URL') || `http://localhost:${port}`)
  return Object.freeze({
    baseUrl,
    payId: value('PAYSTRA_PAY_ID'),
    salt: value('PAYSTRA_SALT'),
    keySalt: value('PAYSTRA_KEY_SALT'),
    appUrl,
    port,
    // Not trimmed: verifyWebhook names white space around the secret rather than hiding it.
    webhookSecret: env.PAYSTRA_WEBHOOK_SECRET || file.PAYSTRA_WEBHOOK_SECRET || '',
    dataDir: resolve(kitRoot, value('PAYSTRA_DATA_DIR') || 'data'),
    file: existsSync(path) ? path : undefined,
  })
}

/**
 * Saves a sandbox account's paystra.env (createSandboxAccount's PAYSTRA_ENV) in the kit root,
 * readable by its owner only. An existing paystra.env is kept unless `overwrite` is set.
 * @param {string} kitRoot the folder loadConfig reads
 * @param {{ PAYSTRA_ENV: string }} account
 * @param {{ overwrite?: boolean }} [options]
 * @returns {string} the file's path
 * @throws {ConfigError} when the file exists and `overwrite` is not set
 */
export function writeEnvFile(kitRoot, account, options = {}) {
  const text = account?.PAYSTRA_ENV
  if (typeof text !== 'string' || text === '') {
    throw new ConfigError('The account has no PAYSTRA_ENV to write')
  }
  const path = join(kitRoot, CONFIG_FILE)
  try {
    writeFileSync(path, text, { flag: options.overwrite ? 'w' : 'wx', mode: 0o600 })
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error
    throw new ConfigError(`${path} exists: pass { overwrite: true } to replace it`)
  }
  return path
}

/**
 * `KEY=VALUE` lines. Blank lines and lines starting with `#` are skipped, and so is a `#`
 * comment after the value when a space comes before it. Quotes around a value are removed.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseEnvFile(text) {
  /** @type {Record<string, string>} */
  const values = {}
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim()
    if (line === '' || line.startsWith('#')) continue
    const separator = line.indexOf('=')
    if (separator <= 0) continue
    const key = line
      .slice(0, separator)
      .trim()
      .replace(/^export\s+/, '')
    const raw = line.slice(separator + 1).trim()
    const quoted = /^(["'])(.*?)\1(\s+#.*)?$/.exec(raw)
    values[key] = quoted ? (quoted[2] ?? '') : raw.replace(/\s+#.*$/, '')
  }
  return values
}

/**
 * @param {string} name
 * @param {string} text
 */
function absoluteUrl(name, text) {
  let url
  try {
    url = new URL(text)
  } catch {
    throw new ConfigError(`${name} must be an absolute URL such as http://localhost:8000`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must start with http:// or https://`)
  }
  return text.replace(/\/+$/, '')
}
