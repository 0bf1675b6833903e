import { demoMerchant, demoMerchantDefaults } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'

export const demoCredentials = {
  PAYSTRA_PAY_ID: demoMerchantDefaults.payId,
  PAYSTRA_SALT: demoMerchantDefaults.salt,
  PAYSTRA_KEY_SALT: demoMerchantDefaults.keySalt,
}

/** A sandbox of the test's own, in memory, knowing the demo merchant. */
export function startSandbox(): Promise<SandboxServer> {
  return startSandboxServer({
    merchants: [demoMerchant({ siteUrl: 'http://127.0.0.1:1' })],
  })
}
