import type { AccountCredentials } from './credentials.ts'

export interface EnvFileOptions {
  /** The sandbox's public base URL, e.g. `https://paystra.example/sandbox`. */
  sandboxUrl: string
  /**
   * Whether this sandbox delivers webhooks to the developer's own machine. A public sandbox
   * refuses private NOTIFY_URLs (and the payment with them, 357), so there the secret is left
   * out and the file says how to add it.
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
  const webhook = options.privateWebhooks
    ? [`PAYSTRA_WEBHOOK_SECRET=${credentials.webhookSecret}`]
    : [
        '# This sandbox refuses webhooks to localhost and private addresses, and with them the',
        '# payment (357): once APP_URL is reachable from the internet, set your secret,',
        `# ${credentials.webhookSecret}`,
        'PAYSTRA_WEBHOOK_SECRET=',
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
