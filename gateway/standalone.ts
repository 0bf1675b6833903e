/**
 * The gateway sandbox on its own port and origin:
 *   SANDBOX_PORT=4100 node --import tsx gateway/standalone.ts
 * Environment: SANDBOX_PORT (4100), SANDBOX_HOST (127.0.0.1), SANDBOX_DATA_DIR (unset: in
 * memory), SANDBOX_BASE_PATH (/sandbox), SANDBOX_PUBLIC_URL, SITE_URL (the demo merchant's
 * site, http://localhost:3000, whose signature debugger its 323 refusals link to), PG_PAY_ID, PG_SALT, SANDBOX_KEY_SALT, PG_WEBHOOK_SECRET (the demo
 * merchant), SANDBOX_WEBHOOK_ALLOW_PRIVATE (1: webhooks may go to private addresses; 0: never;
 * unset: never when NODE_ENV is production, else only for requests from this machine's loopback),
 * SANDBOX_LOCAL_RETURN_URLS (0: RETURN_URLs on the site only; unset or 1: on localhost and
 * 127.0.0.1 too), SANDBOX_WEBHOOK_BASE_DELAY_MS, SANDBOX_SETTLE_DELAY_MS,
 * SANDBOX_SETTLEMENT_HOUR (11: the IST hour of each working day's settlements),
 * SANDBOX_API_RATE_LIMIT, SANDBOX_MERCHANT_RATE_LIMIT, SANDBOX_RESEND_RATE_LIMIT (120, 600, 10:
 * JSON API requests a minute per address, per merchant, and resends per merchant; 0: no limit),
 * SANDBOX_PAGE_RATE_LIMIT (60: payment page requests a minute per address; 0: no limit),
 * SANDBOX_WEBHOOK_EVENTS_PER_DAY (5000: events stored per merchant in 24 hours; 0: no cap):
 * gateway/settings.ts reads them, as the site's own configuration does.
 */
import { demoMerchant } from './merchants.ts'
import { startSandboxServer } from './server.ts'
import { isPublicSite, localReturnUrls, privateTargetsOf, readSandboxSettings } from './settings.ts'

const env = process.env

function port(value: string | undefined): number {
  const number = Number(value ?? 4100)
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    throw new Error(`Invalid SANDBOX_PORT: "${value}"`)
  }
  return number
}

try {
  const siteUrl = env.SITE_URL || 'http://localhost:3000'
  const settings = readSandboxSettings(env)
  const sandbox = await startSandboxServer({
    port: port(env.SANDBOX_PORT),
    host: env.SANDBOX_HOST || '127.0.0.1',
    dataDir: env.SANDBOX_DATA_DIR || undefined,
    basePath: env.SANDBOX_BASE_PATH ?? '/sandbox',
    publicUrl: env.SANDBOX_PUBLIC_URL || undefined,
    merchants: [
      demoMerchant({
        siteUrl,
        localOrigins: localReturnUrls(settings),
        payId: settings.PG_PAY_ID,
        salt: settings.PG_SALT,
        keySalt: settings.SANDBOX_KEY_SALT,
        webhookSecret: settings.PG_WEBHOOK_SECRET,
        gstStateCode: settings.SANDBOX_MERCHANT_STATE,
        gstin: settings.SANDBOX_MERCHANT_GSTIN,
      }),
    ],
    webhooks: {
      allowPrivate: privateTargetsOf(settings),
      baseDelayMs: settings.SANDBOX_WEBHOOK_BASE_DELAY_MS,
      eventsPerDay: settings.SANDBOX_WEBHOOK_EVENTS_PER_DAY,
    },
    limits: {
      perIp: settings.SANDBOX_API_RATE_LIMIT,
      perMerchant: settings.SANDBOX_MERCHANT_RATE_LIMIT,
      resend: settings.SANDBOX_RESEND_RATE_LIMIT,
      pages: settings.SANDBOX_PAGE_RATE_LIMIT,
    },
    accounts: {
      perHour: settings.SANDBOX_ACCOUNTS_PER_HOUR,
      max: settings.SANDBOX_ACCOUNTS_MAX,
      idleDays: settings.SANDBOX_ACCOUNT_TTL_DAYS,
    },
    publicSandbox: isPublicSite(env.SANDBOX_PUBLIC_URL || siteUrl),
    settleDelayMs: settings.SANDBOX_SETTLE_DELAY_MS,
    settlements: { hour: settings.SANDBOX_SETTLEMENT_HOUR },
    log: (line) => console.log(line),
    // A sandbox teaches: its 323s link to the signature debugger of the site it serves.
    hashRefusalLessons: {
      signatureDebuggerUrl: `${new URL(siteUrl).origin}/developers/tools/signature`,
    },
  })
  console.log(`Sandbox gateway ready on ${sandbox.url}`)
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
