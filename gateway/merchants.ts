import { providerGst } from '#core/brand/gst-registration.ts'
import { deriveMerchantHostedKey } from '#core/protocol/cipher.ts'
import { checkGstin, type GstParties, gstinCheckCharacter, gstStateOf } from '#core/tax/gst.ts'

/** A merchant the sandbox knows: its credentials and where it may send customers back to. */
export interface SandboxMerchant {
  payId: string
  salt: string
  /** The 32-character AES key of merchant-hosted ENCDATA (derived from the key salt). */
  merchantHostedKey: string
  /** Shown to the customer on every page of the payment. */
  name: string
  /** The merchant's UPI ID, the payee of its UPI QR codes (`pa=` of the intent). */
  vpa?: string
  /** Signs the webhooks to this merchant (HMAC-SHA256); separate from the salt. */
  webhookSecret: string
  /**
   * A secret rotated out, and until when deliveries still carry its signature beside the new
   * one (the receiver switches over in that time).
   */
  previousWebhookSecret?: { secret: string; until: Date }
  /**
   * When a `paystra listen` stream of this merchant was last open (sandbox accounts only): while
   * recent, its events are queued for the stream too.
   */
  listenedAt?: Date
  /**
   * A private NOTIFY_URL that the sandbox's policy would refuse is accepted, and its events go to
   * the merchant's `paystra listen` stream only, never to that address (sandbox accounts, which
   * have a stream; a laptop's `http://localhost:8000/webhook` then works on a public sandbox).
   */
  privateNotifyViaListener?: boolean
  /** The account its settlements are paid to (shown masked); its PAY_ID stands in when unset. */
  bankAccount?: string
  /** Where webhooks go when a request carries no NOTIFY_URL; none when unset. */
  notifyUrl?: string
  /**
   * The default notifyUrl may lead to a private address. Unset: as the operator's setting says
   * (createGateway fills it in: only an explicit `allowPrivate: true`).
   */
  notifyUrlAllowsPrivate?: boolean
  /**
   * Origins RETURN_URL may point at, which are also the only origins allowed to frame the
   * sandbox's pages. `http://localhost:*` allows any port.
   */
  returnOrigins: string[]
  /**
   * Webhook events stored for it in any 24 hours; beyond them none is stored or sent (0 or
   * unset: no cap; createGateway sets the gateway's cap on merchants without one).
   */
  eventsPerDay?: number
  /**
   * Its GST state code, the place of supply of the provider's fees: CGST and SGST within the
   * provider's state, IGST outside it. Unset: the provider's own state.
   */
  gstStateCode?: string
  /** Its GSTIN, written on its settlements and tax invoices; unset, an unregistered merchant. */
  gstin?: string
  /**
   * Its clock's offset from real time in milliseconds (gateway/clock/): every time written for
   * it is real time plus this. Unset: 0.
   */
  clockOffsetMs?: number
}

/** The merchant's time now: real time moved by its clock (gateway/clock/time.ts). */
export function merchantNow(merchant: Pick<SandboxMerchant, 'clockOffsetMs'>, realNow: Date): Date {
  return new Date(realNow.getTime() + (merchant.clockOffsetMs ?? 0))
}

/** Who supplies the fees charged to a merchant and who receives them, for GST. */
export function gstPartiesOf(
  merchant: Pick<SandboxMerchant, 'gstStateCode' | 'gstin'>,
): GstParties {
  return {
    provider: { stateCode: providerGst.stateCode, gstin: providerGst.gstin },
    merchant: {
      stateCode: merchant.gstStateCode ?? providerGst.stateCode,
      gstin: merchant.gstin ?? '',
    },
  }
}

/**
 * The demo merchant's GSTIN in a state: its PAN registered there (fictional, the check character
 * computed), so a demo merchant moved to another state stays well formed.
 */
export function demoGstin(stateCode: string): string {
  const first14 = `${stateCode}AAFCD5862R1Z`
  return first14 + gstinCheckCharacter(first14)
}

/** The demo merchant of the contract (server/config.ts holds the same defaults). */
export const demoMerchantDefaults = {
  payId: '1000000000000001',
  salt: 'a1b2c3d4e5f60718',
  keySalt: 'f0e1d2c3b4a59687',
  webhookSecret: 'wh_demo_7c1e4b9a2f6d8035',
  name: 'Paystra Demo Store',
  vpa: 'demostore@paystra',
  bankAccount: '50100234564321',
  /** The provider's state, so the demo's settlements show CGST and SGST. */
  gstStateCode: providerGst.stateCode,
} as const

export interface DemoMerchantOptions {
  /** The site's public address; any URL on its origin is a valid RETURN_URL. */
  siteUrl: string
  payId?: string
  salt?: string
  keySalt?: string
  webhookSecret?: string
  notifyUrl?: string
  name?: string
  vpa?: string
  bankAccount?: string
  /**
   * RETURN_URLs on `localhost` and `127.0.0.1` (any port) are accepted, and those origins may
   * frame the sandbox's pages. Default: yes, on every sandbox, public or local: a developer's
   * first run of a kit downloaded from the site is a shop on their own machine (the kits'
   * APP_URL is http://localhost:8000), as test modes of gateways allow (ADR 038). `false` keeps
   * the customers of a sandbox on the site alone.
   */
  localOrigins?: boolean
  /** Two digits (core/tax/gst.ts gstStates); default the provider's state. */
  gstStateCode?: string
  /** Registered in that state; default the demo merchant's PAN registered there (demoGstin). */
  gstin?: string
}

/**
 * The sandbox's demo merchant. For a local site, local origins on any port are allowed as well,
 * so tests and developers can run the site on whatever port is free.
 */
export function demoMerchant(options: DemoMerchantOptions): SandboxMerchant {
  const payId = options.payId ?? demoMerchantDefaults.payId
  const gstStateCode = options.gstStateCode ?? demoMerchantDefaults.gstStateCode
  if (!gstStateOf(gstStateCode)) throw new Error(`Invalid GST state code: "${gstStateCode}"`)
  const gstin = options.gstin ?? demoGstin(gstStateCode)
  const check = checkGstin(gstin)
  if (!check.ok) throw new Error(`Invalid GSTIN "${gstin}": ${check.reason}`)
  if (check.stateCode !== gstStateCode) {
    throw new Error(
      `The GSTIN ${gstin} is registered in state ${check.stateCode}, not ${gstStateCode}`,
    )
  }
  return {
    payId,
    salt: options.salt ?? demoMerchantDefaults.salt,
    merchantHostedKey: deriveMerchantHostedKey(
      options.keySalt ?? demoMerchantDefaults.keySalt,
      payId,
    ),
    webhookSecret: options.webhookSecret ?? demoMerchantDefaults.webhookSecret,
    ...(options.notifyUrl ? { notifyUrl: options.notifyUrl } : {}),
    name: options.name ?? demoMerchantDefaults.name,
    vpa: options.vpa ?? demoMerchantDefaults.vpa,
    bankAccount: options.bankAccount ?? demoMerchantDefaults.bankAccount,
    returnOrigins: unique([
      new URL(options.siteUrl).origin,
      ...((options.localOrigins ?? true) ? ['http://localhost:*', 'http://127.0.0.1:*'] : []),
    ]),
    gstStateCode,
    gstin,
  }
}

/** True when `origin` (scheme://host[:port]) matches an exact origin or a `scheme://host:*` pattern. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    if (!pattern.endsWith(':*')) return pattern === origin
    const prefix = pattern.slice(0, -1) // "http://localhost:"
    if (origin === prefix.slice(0, -1)) return true // default port
    return origin.startsWith(prefix) && /^\d{1,5}$/.test(origin.slice(prefix.length))
  })
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}

/** The payee of a merchant's UPI QR codes: its own UPI ID, or one the sandbox makes up. */
export function merchantVpa(merchant: SandboxMerchant): string {
  return merchant.vpa ?? `merchant${merchant.payId}@paystra`
}
