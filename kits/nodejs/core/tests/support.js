import { Client } from '../index.js'

/** The sandbox's demo merchant as a loaded configuration, for the tests that need one. */
export const demoSecret = 'wh_demo_7c1e4b9a2f6d8035'
export const demoSalt = 'a1b2c3d4e5f60718'

/**
 * @param {Partial<import('../src/config.js').Config>} [overrides]
 * @returns {import('../src/config.js').Config}
 */
export function demoConfig(overrides = {}) {
  return Object.freeze({
    baseUrl: 'http://127.0.0.1:4150/sandbox',
    payId: '1000000000000001',
    salt: demoSalt,
    keySalt: 'f0e1d2c3b4a59687',
    appUrl: 'http://127.0.0.1:4151',
    port: 4151,
    webhookSecret: demoSecret,
    dataDir: '/tmp/unused',
    file: undefined,
    ...overrides,
  })
}

/**
 * A stand-in for the gateway's JSON APIs: records each request and answers with `answer`.
 * @param {import('../src/config.js').Config} config
 * @param {(request: Record<string, string>, url: string) => { status?: number, body: unknown, headers?: Record<string, string> }} answer
 */
export function stubGateway(config, answer) {
  /** @type {Array<{ url: string, body: Record<string, string>, headers: Record<string, string> }>} */
  const calls = []
  /** @type {typeof globalThis.fetch} */
  const fakeFetch = async (url, init) => {
    const body = JSON.parse(String(init?.body))
    calls.push({ url: String(url), body, headers: /** @type {any} */ (init?.headers) })
    const { status = 200, body: reply, headers } = answer(body, String(url))
    const text =
      typeof reply === 'string' || reply instanceof Uint8Array ? reply : JSON.stringify(reply)
    return new Response(text, { status, headers })
  }
  return { calls, client: new Client(config, { fetch: fakeFetch }) }
}
