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
