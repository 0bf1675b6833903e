import type { AccountCredentials } from './credentials.ts'

export interface EnvFileOptions {
  /** The sandbox's public base URL, e.g. `https://paystra.example/sandbox`. */
  sandboxUrl: string
  /**
   * Whether this sandbox delivers webhooks to the developer's own machine. A public sandbox
   * does not: there the kits' NOTIFY_URL (APP_URL/webhook, on localhost) is accepted for the
   * account's `paystra listen` stream, and the file says how to run it.
   */
  privateWebhooks: boolean
}

/**
 * An account's `paystra.env`: the kits' own configuration file (kits/paystra.env.example), with
 * this account's keys in it, read by every kit as it is.
 */
export function accountEnvFile(
  credentials: Pick<AccountCredentials, 'payId' | 'salt' | 'keySalt' | 'webhookSecret'>,
  options: EnvFileOptions,
): string {
  const webhook = [
    ...(options.privateWebhooks
      ? []
      : [
          '# This sandbox sends nothing to localhost: your app’s webhooks come through',
          '#   node paystra.mjs listen --forward-to http://localhost:8000/webhook',
          '# (paystra.mjs is in the Node.js kit and on the Developers page; it reads this file).',
        ]),
    `PAYSTRA_WEBHOOK_SECRET=${credentials.webhookSecret}`,
  ]
  return [
    `# Paystra kit configuration for sandbox account ${credentials.payId}.`,
    '# Environment variables override these values. Keep this file on your server: it holds',
    '# your salt and webhook secret.',
    '',
    '# The gateway: this sandbox.',
    `PAYSTRA_BASE_URL=${options.sandboxUrl}`,
    '# Your merchant id (PAY_ID) and salt.',
    `PAYSTRA_PAY_ID=${credentials.payId}`,
    `PAYSTRA_SALT=${credentials.salt}`,
    '# Derives the 32-character AES key of ENCDATA (responses and merchant-hosted requests).',
    `PAYSTRA_KEY_SALT=${credentials.keySalt}`,
    '# Verifies the signed webhooks the gateway POSTs to NOTIFY_URL (APP_URL/webhook).',
    ...webhook,
    '',
    '# Where this app is reachable; the gateway returns the customer to APP_URL/response and',
    '# posts webhooks to APP_URL/webhook.',
    'APP_URL=http://localhost:8000',
    'PORT=8000',
    '# Where the examples keep their orders (<example>-orders.json); default ./data in the kit root.',
    '# PAYSTRA_DATA_DIR=data',
    '',
  ].join('\n')
}
