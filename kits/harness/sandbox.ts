import { demoMerchant, demoMerchantDefaults } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'

export const demoCredentials = {
  PAYSTRA_PAY_ID: demoMerchantDefaults.payId,
  PAYSTRA_SALT: demoMerchantDefaults.salt,
  PAYSTRA_KEY_SALT: demoMerchantDefaults.keySalt,
  PAYSTRA_WEBHOOK_SECRET: demoMerchantDefaults.webhookSecret,
}

/** The test sandbox's settings, as an operator would set them (the READMEs state them). */
export const sandboxSettings = {
  SANDBOX_WEBHOOK_ALLOW_PRIVATE: '1',
  SANDBOX_WEBHOOK_BASE_DELAY_MS: '500',
  SANDBOX_SETTLE_DELAY_MS: '1000',
  SANDBOX_API_RATE_LIMIT: '0',
  SANDBOX_MERCHANT_RATE_LIMIT: '0',
  SANDBOX_RESEND_RATE_LIMIT: '0',
  SANDBOX_PAGE_RATE_LIMIT: '0',
  SANDBOX_ACCOUNTS_PER_HOUR: '0',
}

/**
 * A sandbox of the test's own, in memory, knowing the demo merchant. It delivers webhooks to
 * the examples on 127.0.0.1, retries after half a second, and settles late@upi after one. Its
 * request limits are off: every example of a language calls it from 127.0.0.1 in quick succession
 * (the limits have their own tests, tests/security/api-limits.test.ts and page-limits.test.ts).
 * It makes sandbox accounts, as many as asked: each kit's README makes one.
 */
export function startSandbox(): Promise<SandboxServer> {
  return startSandboxServer({
    merchants: [demoMerchant({ siteUrl: 'http://127.0.0.1:1' })],
    webhooks: {
      allowPrivate: true,
      baseDelayMs: Number(sandboxSettings.SANDBOX_WEBHOOK_BASE_DELAY_MS),
      pollMs: 200,
    },
    settleDelayMs: Number(sandboxSettings.SANDBOX_SETTLE_DELAY_MS),
    limits: { perIp: 0, perMerchant: 0, resend: 0, pages: 0 },
    accounts: { perHour: Number(sandboxSettings.SANDBOX_ACCOUNTS_PER_HOUR) },
  })
}
