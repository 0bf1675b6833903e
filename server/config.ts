import { z } from 'zod'
import { type PublicConfig, readPublicConfig } from '#app/config/public-config.build.ts'
import { retentionDays } from '#app/content/legal/retention.ts'
import { sandboxSettingsShape } from '#gateway/settings.ts'

const emailAddress = z.email()
const mailbox = z.string().min(3) // "Name <address>" or a bare address; nodemailer parses it

const serverSchema = z.object({
  ...sandboxSettingsShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where PGlite, the mail drop and the process lock live. */
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: mailbox.default('Paystra Website <no-reply@paystra.example>'),
  CONTACT_INBOX: emailAddress.default('contact@paystra.example'),
  CAREERS_INBOX: emailAddress.default('careers@paystra.example'),
  /** Requests per minute per IP on each form API; 0 switches the limit off (benchmarks). */
  FORM_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  /** Delivery attempts before a mail is marked dead and waits for `npm run outbox -- --retry`. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** First retry delay in milliseconds; each later one doubles, up to OUTBOX_MAX_DELAY_MS. */
  OUTBOX_BASE_DELAY_MS: z.coerce.number().int().min(1).default(30_000),
  OUTBOX_MAX_DELAY_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 60 * 1000),
  /** The payment gateway's base address; unset means the built-in sandbox at `/sandbox`. */
  PG_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** deriveMerchantHostedKey(SANDBOX_KEY_SALT, PG_PAY_ID) for the sandbox's demo merchant. */
  PG_MERCHANT_HOSTED_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{32}$/, 'the key is 32 ASCII characters')
    .default('034A0B731C8AE0736BD8D47D1B3017B3'),
  /**
   * From SIGTERM, how long /readyz answers 503 while the server still serves, so a load balancer
   * stops sending before the connections close. 0 on a laptop; a few seconds more than the
   * balancer's check interval in production.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /**
   * How long a client may take to send a request's headers: a browser sends them in one go, so
   * ten seconds is generous even on a bad mobile link, and a client that trickles them is cut.
   */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * How long a client may take to send a whole request, headers and body. The largest request
   * the site takes is a job application with a 5 MB resume: 60 s carries it over a 0.7 Mbit/s
   * uplink (a weak mobile connection), where a slow client used to hold a connection for 5 min.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /**
   * Worker processes sharing the port. More than one needs DATABASE_URL: PGlite is one process's
   * database.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** A mail claimed by a worker that died is taken over by another after this long. */
  OUTBOX_CLAIM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  /** pino's level for the server's log lines. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: no /metrics. Set: /metrics answers Prometheus text to `Authorization: Bearer <it>`. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
    .optional(),
  /** Delivered mail (the outbox row and its body) is deleted this many days after delivery; the defaults are the Privacy Policy's. */
  RETENTION_MAIL_DAYS: z.coerce.number().int().min(1).default(retentionDays.mail),
  /** Job applications and their resumes are deleted this many days after they arrive. */
  RETENTION_APPLICATION_DAYS: z.coerce.number().int().min(1).default(retentionDays.jobApplications),
  /** Demo merchant orders and sandbox transactions (with their webhooks) are deleted after this. */
  RETENTION_DEMO_DAYS: z.coerce.number().int().min(1).default(retentionDays.demo),
  /** How often the server runs a pruning pass (one instance at a time). */
  RETENTION_PRUNE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(60 * 60_000),
})

type ServerSchema = z.infer<typeof serverSchema>
export type ServerConfig = ServerSchema & { public: PublicConfig }

/** Parses the environment once at start; a bad value stops the start with one clear line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const picked = Object.fromEntries(
    Object.keys(serverSchema.shape).map((key) => [key, env[key] || undefined]),
  )
  const parsed = serverSchema.safeParse(picked)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'configuration')
    const secret = /SALT|KEY|SECRET|TOKEN/.test(name)
    const shown = secret ? '***' : /URL$/.test(name) ? redact(env[name]) : env[name]
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'bad value'} (got "${shown}")`)
  }
  if (parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid HEADERS_TIMEOUT_MS: ${parsed.data.HEADERS_TIMEOUT_MS} is longer than REQUEST_TIMEOUT_MS (${parsed.data.REQUEST_TIMEOUT_MS}), which includes the headers`,
    )
  }
  if (parsed.data.WEB_CONCURRENCY > 1 && !parsed.data.DATABASE_URL) {
    throw new ConfigError(
      `Invalid WEB_CONCURRENCY: ${parsed.data.WEB_CONCURRENCY} processes need DATABASE_URL (embedded PGlite serves one process); set DATABASE_URL or WEB_CONCURRENCY=1`,
    )
  }
  try {
    return { ...parsed.data, public: readPublicConfig(env) }
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
}

/** Hides a password in a connection URL before it is printed. */
function redact(value: string | undefined): string | undefined {
  return value?.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@')
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}
