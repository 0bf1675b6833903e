/**
 * The built-in sandbox's settings, as an operator sets them in the environment: its demo
 * merchant, its delays, limits and settlement hour. One schema for the site's configuration
 * (server/config.ts), the sandbox on its own port (gateway/standalone.ts) and the figures the
 * guides and kit archives print (app/guides/source/site-facts.ts), so a page always states what
 * the sandbox it was built with does.
 */
import { z } from 'zod'
import { checkGstin, gstStateOf } from '#core/tax/gst.ts'
import { demoMerchantDefaults } from './merchants.ts'
import type { PrivateTargets } from './webhooks/addresses.ts'
import { DEFAULT_BASE_DELAY_MS } from './webhooks/schedule.ts'
import {
  DEFAULT_ACCOUNT_IDLE_DAYS,
  DEFAULT_ACCOUNTS_PER_HOUR,
  DEFAULT_MAX_ACCOUNTS,
} from './accounts/defaults.ts'

const wholeNumber = () => z.coerce.number().int().min(0)
const flag = z.enum(['0', '1']).optional()

export const sandboxSettingsShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** The demo merchant's credentials; the defaults are the sandbox's demo merchant. */
  PG_PAY_ID: z
    .string()
    .regex(/^\d{16}$/, 'a PAY_ID is 16 digits')
    .default(demoMerchantDefaults.payId),
  PG_SALT: z.string().min(8).default(demoMerchantDefaults.salt),
  /** Signs the gateway's webhooks to the demo merchant; the built-in sandbox uses the same. */
  PG_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .regex(/^\S+$/, 'no white space in the secret')
    .default(demoMerchantDefaults.webhookSecret),
  /** The built-in sandbox derives its merchants' merchant-hosted keys from this. */
  SANDBOX_KEY_SALT: z.string().min(8).default(demoMerchantDefaults.keySalt),
  /** The built-in sandbox's first webhook retry delay; each later one is five times longer. */
  SANDBOX_WEBHOOK_BASE_DELAY_MS: z.coerce.number().int().min(1).default(DEFAULT_BASE_DELAY_MS),
  /**
   * 1 lets the built-in sandbox deliver webhooks to loopback, private and other special-purpose
   * addresses, for every client; 0 never. Unset: never in production, and in development only
   * for a request whose socket comes from this machine (never a remote client).
   */
  SANDBOX_WEBHOOK_ALLOW_PRIVATE: flag,
  /**
   * The built-in sandbox's demo merchant takes RETURN_URLs on localhost and 127.0.0.1 (any
   * port), and is framed by them, unless this is 0: then only the site's own.
   */
  SANDBOX_LOCAL_RETURN_URLS: flag,
  /** How long the test UPI ID late@upi stays Pending before the bank confirms it. */
  SANDBOX_SETTLE_DELAY_MS: wholeNumber().default(30_000),
  /**
   * Requests a minute the built-in sandbox's JSON APIs (`/sandbox/pgws/*`) take from one address,
   * for one merchant, and webhook resends for one merchant; 0 switches one off, and so does
   * FORM_RATE_LIMIT=0 (the tests' and benchmarks' switch) for all three. Counted in PostgreSQL
   * when the site runs on it (ADR 015, 034).
   */
  SANDBOX_API_RATE_LIMIT: wholeNumber().default(120),
  SANDBOX_MERCHANT_RATE_LIMIT: wholeNumber().default(600),
  SANDBOX_RESEND_RATE_LIMIT: wholeNumber().default(10),
  /**
   * Requests a minute from one address to the built-in sandbox's payment pages, their form posts
   * and QR images; 0 switches it off, and so does FORM_RATE_LIMIT=0.
   */
  SANDBOX_PAGE_RATE_LIMIT: wholeNumber().default(60),
  /**
   * Webhook events the built-in sandbox stores per merchant in any 24 hours; beyond it payments
   * still go through but send no webhook. 0: no cap.
   */
  SANDBOX_WEBHOOK_EVENTS_PER_DAY: wholeNumber().default(5000),
  /**
   * Sandbox accounts one address may create in an hour (0: no limit, and FORM_RATE_LIMIT=0
   * lifts it too), how many the sandbox holds at most (0: no cap), and the days an unused one is
   * kept before the retention job removes it with its data.
   */
  SANDBOX_ACCOUNTS_PER_HOUR: wholeNumber().default(DEFAULT_ACCOUNTS_PER_HOUR),
  SANDBOX_ACCOUNTS_MAX: wholeNumber().default(DEFAULT_MAX_ACCOUNTS),
  SANDBOX_ACCOUNT_TTL_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(DEFAULT_ACCOUNT_IDLE_DAYS),
  /** The hour (IST, 0–23) at which the built-in sandbox makes each working day's settlements. */
  SANDBOX_SETTLEMENT_HOUR: z.coerce.number().int().min(0).max(23).default(11),
  /**
   * The demo merchant's GST state code, the place of supply of its fees: the provider's own
   * (CGST and SGST) unless set; another state's makes them IGST. Its GSTIN must be registered
   * there; unset, the demo merchant's PAN registered in that state.
   */
  SANDBOX_MERCHANT_STATE: z
    .string()
    .refine((code) => gstStateOf(code) !== undefined, 'a GST state code, 01 to 38')
    .default(demoMerchantDefaults.gstStateCode),
  SANDBOX_MERCHANT_GSTIN: z
    .string()
    .refine((gstin) => checkGstin(gstin).ok, 'a GSTIN: 15 characters with a valid check character')
    .optional(),
}

const sandboxSettingsSchema = z.object(sandboxSettingsShape)
export type SandboxSettings = z.infer<typeof sandboxSettingsSchema>

/** The sandbox's settings from an environment; unset and empty values take the defaults. */
export function readSandboxSettings(env: Record<string, string | undefined>): SandboxSettings {
  const picked = Object.fromEntries(
    Object.keys(sandboxSettingsShape).map((key) => [key, env[key] || undefined]),
  )
  const parsed = sandboxSettingsSchema.safeParse(picked)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const name = String(issue?.path[0] ?? 'setting')
  throw new Error(`Invalid ${name}: ${issue?.message ?? 'bad value'}`)
}

/** A site others reach over the internet: its address is not this machine's. */
export function isPublicSite(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname
  return !['localhost', '127.0.0.1', '[::1]'].includes(host)
}

/** Whether the demo merchant takes RETURN_URLs on localhost and 127.0.0.1: unless set to 0. */
export function localReturnUrls(settings: Pick<SandboxSettings, 'SANDBOX_LOCAL_RETURN_URLS'>) {
  return settings.SANDBOX_LOCAL_RETURN_URLS !== '0'
}

/**
 * Where the sandbox may deliver webhooks: private and loopback addresses only when the operator
 * says so (SANDBOX_WEBHOOK_ALLOW_PRIVATE=1), or outside production for a request whose socket
 * comes from this machine: a sandbox reachable from elsewhere must not be a way into the network
 * it runs in, whatever SITE_URL says.
 */
export function privateTargetsOf(
  settings: Pick<SandboxSettings, 'SANDBOX_WEBHOOK_ALLOW_PRIVATE' | 'NODE_ENV'>,
): PrivateTargets {
  if (settings.SANDBOX_WEBHOOK_ALLOW_PRIVATE !== undefined) {
    return settings.SANDBOX_WEBHOOK_ALLOW_PRIVATE === '1'
  }
  return settings.NODE_ENV === 'production' ? false : 'loopback'
}
