import { readPublicConfig } from '#app/config/public-config.build.ts'
import { retentionDays } from '#app/content/legal/retention.ts'
import {
  localReturnUrls,
  privateTargetsOf,
  readSandboxSettings,
  type SandboxSettings,
} from '#gateway/settings.ts'
import { MAX_ATTEMPTS, retryDelayMs } from '#gateway/webhooks/schedule.ts'
import { demoMerchant, gstPartiesOf } from '#gateway/merchants.ts'
import { gstStateOf, intraState } from '#core/tax/gst.ts'

/**
 * The figures a guide or a kit archive states that an operator can change: the sandbox's address,
 * its demo merchant, its delays and limits. They come from the environment the site is built with
 * (the one its server runs with: `npm start` builds first), so a page never prints a default the
 * sandbox beside it does not use. A document writes `{{SETTLE_DELAY}}`; app/guides/source/load.ts
 * and the kit archives fill it.
 */
export type SiteFacts = Readonly<Record<string, string>>

type Env = Record<string, string | undefined>

const defaults = readSandboxSettings({})

/** `90_000` → `1 minute 30 seconds`; `500` → `0.5 seconds`. */
export function spokenDuration(ms: number): string {
  if (ms < 1000) return `${ms / 1000} seconds`
  const units: [number, string][] = [
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ]
  const parts: string[] = []
  let rest = Math.round(ms / 1000) * 1000
  for (const [size, name] of units) {
    const count = Math.floor(rest / size)
    rest -= count * size
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`)
  }
  return parts.join(' ')
}

/**
 * `30 seconds (`SANDBOX_SETTLE_DELAY_MS`)` when this site uses the default, else
 * `30 seconds by default (`SANDBOX_SETTLE_DELAY_MS`); this sandbox: 5 seconds`.
 */
function configured<T>(name: keyof SandboxSettings, value: T, fallback: T, say: (v: T) => string) {
  return value === fallback
    ? `${say(value)} (\`${name}\`)`
    : `${say(fallback)} by default (\`${name}\`); this sandbox: ${say(value)}`
}

const perMinute = (count: number) => (count === 0 ? 'no limit' : `${count} a minute`)
const perHour = (count: number) => (count === 0 ? 'no limit' : `${count} an hour`)
const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`

/** The longest wait before each retry of a webhook (the jitter only shortens them). */
function retryDelays(baseDelayMs: number): number[] {
  const delays: number[] = []
  for (let failed = 1; failed < MAX_ATTEMPTS; failed++) {
    delays.push(retryDelayMs(failed, baseDelayMs, () => 0)!)
  }
  return delays
}

function privateNotifyUrls(settings: SandboxSettings): string {
  const targets = privateTargetsOf(settings)
  if (targets === true) {
    return 'This sandbox delivers to them: its operator set `SANDBOX_WEBHOOK_ALLOW_PRIVATE=1`.'
  }
  if (targets === 'loopback') {
    return 'This sandbox runs in development: it accepts them in requests sent from its own machine (loopback), and refuses them from anywhere else with `357`.'
  }
  return 'This sandbox refuses them with `357`; an operator can allow them with `SANDBOX_WEBHOOK_ALLOW_PRIVATE=1` on a sandbox of their own.'
}

/** Where the demo merchant of this sandbox may send a customer back to (its RETURN_URLs). */
function returnUrls(siteUrl: string, settings: SandboxSettings): string {
  const own = `\`${new URL(siteUrl).origin}\``
  return localReturnUrls(settings)
    ? `This sandbox's demo merchant accepts return URLs on ${own}, \`http://localhost:*\` and \`http://127.0.0.1:*\` (any port).`
    : `This sandbox's demo merchant accepts return URLs on ${own} only (\`SANDBOX_LOCAL_RETURN_URLS\`).`
}

/**
 * The env example's webhook secret. With it set, the kits' examples ask for webhooks at
 * APP_URL/webhook, on localhost; a sandbox that refuses such addresses refuses the whole payment
 * (357), so there the secret ships empty, with a note saying when to set it.
 */
function webhookSecret(settings: SandboxSettings): { value: string; note: string } {
  if (privateTargetsOf(settings) !== false) return { value: settings.PG_WEBHOOK_SECRET, note: '' }
  return {
    value: '',
    note: [
      '',
      '# This sandbox refuses webhooks to localhost and private addresses, and with them the',
      `# payment (357): once APP_URL is reachable from the internet, set the demo merchant's secret,`,
      `# ${settings.PG_WEBHOOK_SECRET}`,
    ].join('\n'),
  }
}

/**
 * The demo merchant's GST registration and what its fees are charged: CGST and SGST in the
 * provider's state, IGST elsewhere (SANDBOX_MERCHANT_STATE, SANDBOX_MERCHANT_GSTIN).
 */
function demoGst(settings: SandboxSettings): Record<string, string> {
  const merchant = demoMerchant({
    siteUrl: 'http://localhost',
    gstStateCode: settings.SANDBOX_MERCHANT_STATE,
    gstin: settings.SANDBOX_MERCHANT_GSTIN,
  })
  const parties = gstPartiesOf(merchant)
  const within = intraState(parties)
  const state = gstStateOf(parties.merchant.stateCode)!
  return {
    DEMO_MERCHANT_GSTIN: parties.merchant.gstin,
    DEMO_MERCHANT_STATE_CODE: state.code,
    DEMO_MERCHANT_STATE: state.name,
    DEMO_SUPPLY_TYPE: within ? 'INTRA_STATE' : 'INTER_STATE',
    DEMO_STATE_TAX: state.unionTerritory ? 'UTGST' : 'SGST',
    DEMO_CGST_RATE: within ? '9.00' : '0.00',
    DEMO_IGST_RATE: within ? '0.00' : '18.00',
    DEMO_GST: within
      ? `This sandbox's demo merchant is registered in ${state.name} (\`SANDBOX_MERCHANT_STATE\` \`${state.code}\`), Paystra's own state, so its settlements carry CGST and SGST; a sandbox whose operator sets another state code shows IGST.`
      : `This sandbox's demo merchant is registered in ${state.name} (\`SANDBOX_MERCHANT_STATE\` \`${state.code}\`), another state than Paystra's, so its settlements carry IGST.`,
  }
}

/**
 * The site's address as its server writes absolute URLs: SITE_URL, or, when it is not set, the
 * server on localhost at its PORT (server/services.ts siteOrigin), so a site run on another port
 * states its own sandbox.
 */
function siteAddress(env: Env): string {
  const { SITE_URL } = readPublicConfig(env)
  if (SITE_URL !== readPublicConfig({}).SITE_URL) return SITE_URL
  return `http://localhost:${env.PORT || 3000}`
}

export function siteFacts(env: Env): SiteFacts {
  const SITE_URL = siteAddress(env)
  const settings = readSandboxSettings(env)
  const delays = retryDelays(settings.SANDBOX_WEBHOOK_BASE_DELAY_MS)
  const secret = webhookSecret(settings)
  const retentionDaysSet = Number(env.RETENTION_DEMO_DAYS || retentionDays.demo)
  return {
    SITE_URL,
    SANDBOX_URL: `${SITE_URL}/sandbox`,
    DEMO_PAY_ID: settings.PG_PAY_ID,
    DEMO_SALT: settings.PG_SALT,
    DEMO_KEY_SALT: settings.SANDBOX_KEY_SALT,
    DEMO_WEBHOOK_SECRET: settings.PG_WEBHOOK_SECRET,
    SETTLE_DELAY: configured(
      'SANDBOX_SETTLE_DELAY_MS',
      settings.SANDBOX_SETTLE_DELAY_MS,
      defaults.SANDBOX_SETTLE_DELAY_MS,
      spokenDuration,
    ),
    WEBHOOK_FIRST_RETRY: configured(
      'SANDBOX_WEBHOOK_BASE_DELAY_MS',
      settings.SANDBOX_WEBHOOK_BASE_DELAY_MS,
      defaults.SANDBOX_WEBHOOK_BASE_DELAY_MS,
      spokenDuration,
    ),
    WEBHOOK_RETRY_DELAYS: delays.map(spokenDuration).join(', '),
    WEBHOOK_RETRY_CAP: spokenDuration(Math.max(...delays)),
    WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    WEBHOOK_RETRY_SPAN: spokenDuration(delays.reduce((sum, delay) => sum + delay, 0)),
    API_RATE_LIMIT: configured(
      'SANDBOX_API_RATE_LIMIT',
      settings.SANDBOX_API_RATE_LIMIT,
      defaults.SANDBOX_API_RATE_LIMIT,
      perMinute,
    ),
    MERCHANT_RATE_LIMIT: configured(
      'SANDBOX_MERCHANT_RATE_LIMIT',
      settings.SANDBOX_MERCHANT_RATE_LIMIT,
      defaults.SANDBOX_MERCHANT_RATE_LIMIT,
      perMinute,
    ),
    RESEND_RATE_LIMIT: configured(
      'SANDBOX_RESEND_RATE_LIMIT',
      settings.SANDBOX_RESEND_RATE_LIMIT,
      defaults.SANDBOX_RESEND_RATE_LIMIT,
      perMinute,
    ),
    PAGE_RATE_LIMIT: configured(
      'SANDBOX_PAGE_RATE_LIMIT',
      settings.SANDBOX_PAGE_RATE_LIMIT,
      defaults.SANDBOX_PAGE_RATE_LIMIT,
      perMinute,
    ),
    WEBHOOK_EVENTS_PER_DAY: configured(
      'SANDBOX_WEBHOOK_EVENTS_PER_DAY',
      settings.SANDBOX_WEBHOOK_EVENTS_PER_DAY,
      defaults.SANDBOX_WEBHOOK_EVENTS_PER_DAY,
      (count) => (count === 0 ? 'no cap' : `${count.toLocaleString('en-IN')} events`),
    ),
    SETTLEMENT_HOUR: configured(
      'SANDBOX_SETTLEMENT_HOUR',
      settings.SANDBOX_SETTLEMENT_HOUR,
      defaults.SANDBOX_SETTLEMENT_HOUR,
      (hour) => `${String(hour).padStart(2, '0')}:00 IST`,
    ),
    ACCOUNTS_PER_HOUR: configured(
      'SANDBOX_ACCOUNTS_PER_HOUR',
      settings.SANDBOX_ACCOUNTS_PER_HOUR,
      defaults.SANDBOX_ACCOUNTS_PER_HOUR,
      perHour,
    ),
    ACCOUNTS_MAX: configured(
      'SANDBOX_ACCOUNTS_MAX',
      settings.SANDBOX_ACCOUNTS_MAX,
      defaults.SANDBOX_ACCOUNTS_MAX,
      (count) => (count === 0 ? 'no cap' : `${count.toLocaleString('en-IN')} accounts`),
    ),
    ACCOUNT_IDLE_PERIOD: configured(
      'SANDBOX_ACCOUNT_TTL_DAYS',
      settings.SANDBOX_ACCOUNT_TTL_DAYS,
      defaults.SANDBOX_ACCOUNT_TTL_DAYS,
      days,
    ),
    /** The number alone, as an account's JSON answer carries it (`IDLE_DAYS`). */
    ACCOUNT_IDLE_DAYS: String(settings.SANDBOX_ACCOUNT_TTL_DAYS),
    PRIVATE_NOTIFY_URLS: privateNotifyUrls(settings),
    LOCAL_RETURN_URLS: returnUrls(SITE_URL, settings),
    WEBHOOK_SECRET_VALUE: secret.value,
    WEBHOOK_SECRET_NOTE: secret.note,
    SANDBOX_RETENTION_DAYS: `${retentionDaysSet} days`,
    ...demoGst(settings),
  }
}
