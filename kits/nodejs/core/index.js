/**
 * @paystra/node: the merchant's side of the Paystra payment gateway protocol, on Node.js 18+
 * with no dependencies. See README.md for a walk-through.
 */
export * as Hash from './src/hash.js'
export * as Cipher from './src/cipher.js'
export * as Webhook from './src/webhook.js'
export * as OrderStatus from './src/order-status.js'
export * as Reconciliation from './src/reconcile.js'
export { canonical, sign, verify, withHash } from './src/hash.js'
export { decrypt, encrypt, merchantHostedKey, parseFields } from './src/cipher.js'
export { CONFIG_FILE, loadConfig, parseEnvFile, writeEnvFile } from './src/config.js'
export { MAX_ACCOUNT_NAME_LENGTH, createSandboxAccount } from './src/sandbox-account.js'
export {
  Client,
  CURRENCY_INR,
  SETTLEMENT_PAGE_SIZE,
  SETTLEMENT_RANGE_DAYS,
  isOrderId,
  newOrderId,
} from './src/client.js'
export { reconcile } from './src/reconcile.js'
export {
  CURRENCIES,
  currencyByCode,
  currencyByNumber,
  fromMinorUnits,
  inrPaise,
  toMinorUnits,
} from './src/currency.js'
export {
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  WEBHOOK_MESSAGES,
  WEBHOOK_TOLERANCE_SECONDS,
  signWebhookEvent,
  verifyWebhook,
} from './src/webhook.js'
export {
  CipherError,
  ConfigError,
  GatewayError,
  InvalidInputError,
  PaystraError,
  VerificationError,
  WebhookError,
} from './src/errors.js'
