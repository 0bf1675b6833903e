import { providerGst } from '#core/brand/gst-registration.ts'
import type { FindMerchant } from '#gateway/checks.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { merchantHostedKeyOf } from './credentials.ts'
import { clockOffset } from '#gateway/clock/store.ts'
import { findAccount, type StoredAccount, touchAccount } from './store.ts'

/** What every sandbox account shares: where its customers may come back to, and its caps. */
export interface AccountPolicy {
  /** Origins its RETURN_URLs may name (and that may frame its pages): the demo merchant's. */
  returnOrigins: string[]
  /** Webhook events stored for it in any 24 hours (the gateway's cap). */
  eventsPerDay: number
  /**
   * Its default NOTIFY_URL may lead to a private address: as the configured merchants' may, only
   * where the operator allows private targets outright, since the default serves requests from
   * anywhere. Unset: no.
   */
  notifyUrlAllowsPrivate?: boolean
}

/** An account as the sandbox's merchant: its own keys and default NOTIFY_URL, the shared policy. */
export function accountMerchant(account: StoredAccount, policy: AccountPolicy): SandboxMerchant {
  return {
    clockOffsetMs: account.clockOffsetMs,
    payId: account.payId,
    salt: account.salt,
    merchantHostedKey: merchantHostedKeyOf(account),
    name: account.name,
    webhookSecret: account.webhookSecret,
    ...(account.previousWebhookSecret &&
      account.previousWebhookSecretUntil && {
        previousWebhookSecret: {
          secret: account.previousWebhookSecret,
          until: account.previousWebhookSecretUntil,
        },
      }),
    ...(account.notifyUrl && { notifyUrl: account.notifyUrl }),
    ...(account.listenedAt && { listenedAt: account.listenedAt }),
    bankAccount: account.bankAccount,
    returnOrigins: policy.returnOrigins,
    eventsPerDay: policy.eventsPerDay,
    notifyUrlAllowsPrivate: policy.notifyUrlAllowsPrivate === true,
    privateNotifyViaListener: true,
    // An unregistered business in the provider's state: CGST and SGST on its fees.
    gstStateCode: providerGst.stateCode,
  }
}

export interface MerchantDirectory {
  /** The configured merchant or the account a PAY_ID names. */
  find: FindMerchant
  /** Marks an account as in use (a signed call, a payment, a console visit); idle ones go. */
  markActive(payId: string, now: Date): Promise<void>
  /** True for the merchants the operator configured (the demo merchant), not accounts. */
  isConfigured(payId: string): boolean
}

const PAY_ID = /^\d{16}$/

/**
 * The merchants the sandbox knows: those it was configured with, then the accounts in its
 * database. Accounts are read on each lookup (one primary-key read), so an account made or
 * deleted on one instance is known to every other at once.
 */
export function merchantDirectory(options: {
  db: GatewayDatabase
  configured: readonly SandboxMerchant[]
  accounts?: AccountPolicy
}): MerchantDirectory {
  const configured = new Map(options.configured.map((merchant) => [merchant.payId, merchant]))
  const { accounts } = options
  return {
    async find(payId, db = options.db) {
      const known = configured.get(payId)
      if (known) return { ...known, clockOffsetMs: await clockOffset(db, payId) }
      if (!accounts || !PAY_ID.test(payId)) return undefined
      const account = await findAccount(db, payId)
      return account && accountMerchant(account, accounts)
    },
    async markActive(payId, now) {
      if (accounts && !configured.has(payId)) await touchAccount(options.db, payId, now)
    },
    isConfigured: (payId) => configured.has(payId),
  }
}
