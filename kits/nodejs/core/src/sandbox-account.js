import { ConfigError, GatewayError, InvalidInputError } from './errors.js'

/**
 * A sandbox account just made: a merchant of its own with its own keys. Its paystra.env
 * (PAYSTRA_ENV) is what loadConfig reads; writeEnvFile saves it. Every value is a string.
 * @typedef {object} SandboxAccount
 * @property {'Created'} STATUS
 * @property {string} PAY_ID the account's merchant id
 * @property {string} SALT signs its requests; keep it on your server
 * @property {string} KEY_SALT derives its merchant-hosted AES key
 * @property {string} MERCHANT_HOSTED_KEY that key
 * @property {string} WEBHOOK_SECRET verifies its webhooks
 * @property {string} NAME the business name its payment pages show
 * @property {string} PAYSTRA_BASE_URL the sandbox's base URL
 * @property {string} CONSOLE_URL the account's console: its secret link, shown once
 * @property {string} PAYSTRA_ENV_URL its paystra.env, downloaded from the console
 * @property {string} PAYSTRA_ENV the text of its paystra.env
 * @property {string} IDLE_DAYS days the sandbox keeps it unused before deleting it
 */

/** The longest account name the sandbox takes. */
export const MAX_ACCOUNT_NAME_LENGTH = 60

const ACCOUNT_NAME = /^[\p{L}\p{M}\p{N} .,&'()\-/]+$/u
const NEEDED = ['PAY_ID', 'SALT', 'KEY_SALT', 'PAYSTRA_ENV']

// paystra:region sandbox-account
/**
 * Makes a sandbox account (`POST <baseUrl>/accounts`): no keys needed, the answer holds the new
 * account's. The name is checked as the sandbox checks it before anything is sent; without one
 * (or empty) the sandbox names the account "Test store".
 * @param {{ baseUrl: string, name?: string, fetch?: typeof fetch, timeoutMs?: number }} options
 *   baseUrl the sandbox's, e.g. http://localhost:3000/sandbox (PAYSTRA_BASE_URL)
 * @returns {Promise<SandboxAccount>}
 * @throws {InvalidInputError} a name the sandbox would refuse (360), before sending
 * @throws {GatewayError} a refusal (`code` 360, 344 too many accounts from this address this
 *   hour, 361 the sandbox is full; `httpStatus`, `fields`), an answer that is not JSON (a base
 *   URL that is not a Paystra sandbox making accounts), or no answer at all
 */
export async function createSandboxAccount(options) {
  const { baseUrl, name, fetch = globalThis.fetch, timeoutMs = 20000 } = options ?? {}
  const url = `${sandboxUrl(baseUrl)}/accounts`
  const NAME = checkAccountName(name)
  let status
  let text
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(NAME === '' ? {} : { NAME }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    status = response.status
    text = await response.text()
  } catch (error) {
    throw new GatewayError(`The sandbox at ${url} could not be reached`, { cause: error })
  }
  const answer = answerObject(text)
  if (!answer) {
    throw new GatewayError(
      `The sandbox answered HTTP ${status} without JSON: is ${url} a Paystra sandbox that makes accounts?`,
      { httpStatus: status },
    )
  }
  const made = status === 201 && answer.STATUS === 'Created'
  if (made && NEEDED.every((key) => answer[key])) return /** @type {SandboxAccount} */ (answer)
  throw new GatewayError(
    answer.RESPONSE_MESSAGE ?? `The sandbox answered HTTP ${status} without an account`,
    { code: answer.RESPONSE_CODE, httpStatus: status, fields: answer },
  )
}
// paystra:endregion

/**
 * The name as the sandbox stores it (trimmed, each run of white space one space), or '' for
 * none; a name it would refuse (360) throws.
 * @param {unknown} name
 * @returns {string}
 */
function checkAccountName(name) {
  if (name === undefined || name === null) return ''
  if (typeof name !== 'string') throw new InvalidInputError('The account name must be text')
  const tidy = name.trim().replace(/\s+/g, ' ')
  if (tidy === '') return ''
  // A tab or line break would pass once the white space is tidied: the sandbox refuses it.
  const control = [...name].some((char) => char < ' ' || char === '\u007f')
  if (tidy.length > MAX_ACCOUNT_NAME_LENGTH || control || !ACCOUNT_NAME.test(tidy)) {
    throw new InvalidInputError(
      `The account name must be up to ${MAX_ACCOUNT_NAME_LENGTH} letters, digits, spaces and . , & ' ( ) - / characters`,
    )
  }
  return tidy
}

/**
 * @param {unknown} baseUrl
 * @returns {string}
 */
function sandboxUrl(baseUrl) {
  let url
  try {
    url = new URL(String(baseUrl))
  } catch {
    url = undefined
  }
  if (typeof baseUrl !== 'string' || !url || !['http:', 'https:'].includes(url.protocol)) {
    throw new ConfigError(
      'baseUrl must be the sandbox’s absolute http(s) URL, e.g. http://localhost:3000/sandbox',
    )
  }
  return baseUrl.replace(/\/+$/, '')
}

/**
 * A JSON object's string values, or undefined when the text is not one.
 * @param {string} text
 * @returns {Record<string, string> | undefined}
 */
function answerObject(text) {
  let parsed
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
  return Object.fromEntries(Object.entries(parsed).filter((entry) => typeof entry[1] === 'string'))
}
