import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'
import { sandboxLimits } from './services.ts'

describe('loadConfig', () => {
  it('serves a working site with no configuration at all', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.NODE_ENV).toBe('production')
    expect(config.public).toEqual({
      PORTAL_URL: 'https://portal.paystra.example',
      SITE_URL: 'http://localhost:3000',
      API_URL: '',
    })
  })

  it('gives a client 10 s for its headers and 60 s for a whole request, and refuses a header limit above the request limit', () => {
    const config = loadConfig({})
    expect(config.HEADERS_TIMEOUT_MS).toBe(10_000)
    expect(config.REQUEST_TIMEOUT_MS).toBe(60_000)
    expect(
      loadConfig({ HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '2000' }).REQUEST_TIMEOUT_MS,
    ).toBe(2000)
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '30000', REQUEST_TIMEOUT_MS: '20000' })).toThrow(
      'Invalid HEADERS_TIMEOUT_MS',
    )
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5' })).toThrow('Invalid REQUEST_TIMEOUT_MS')
  })

  it('hides the password of a connection URL it refuses', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://app:s3cret@db/site' })).toThrow(
      '(got "mysql://app:***@db/site")',
    )
  })

  it('defaults to embedded storage, mail to files and 10 form requests a minute', () => {
    const config = loadConfig({})
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.SMTP_URL).toBeUndefined()
    expect(config.DATA_DIR).toBe('./data')
    expect(config.FORM_RATE_LIMIT).toBe(10)
    expect(loadConfig({ FORM_RATE_LIMIT: '0' }).FORM_RATE_LIMIT).toBe(0)
  })

  it('limits the built-in sandbox APIs and pages by default; FORM_RATE_LIMIT=0 lifts them, not the event cap', () => {
    expect(sandboxLimits(loadConfig({}), undefined)).toEqual({
      perIp: 120,
      perMerchant: 600,
      resend: 10,
      pages: 60,
      counts: undefined,
    })
    expect(sandboxLimits(loadConfig({ SANDBOX_PAGE_RATE_LIMIT: '0' }), undefined).pages).toBe(0)
    expect(loadConfig({}).SANDBOX_WEBHOOK_EVENTS_PER_DAY).toBe(5000)
    const lifted = loadConfig({ FORM_RATE_LIMIT: '0', SANDBOX_WEBHOOK_EVENTS_PER_DAY: '7' })
    expect(sandboxLimits(lifted, undefined)).toMatchObject({
      perIp: 0,
      perMerchant: 0,
      resend: 0,
      pages: 0,
    })
    expect(lifted.SANDBOX_WEBHOOK_EVENTS_PER_DAY).toBe(7)
    expect(() => loadConfig({ SANDBOX_RESEND_RATE_LIMIT: '-1' })).toThrow(
      /^Invalid SANDBOX_RESEND_RATE_LIMIT/,
    )
  })

  it('reads the port and public addresses, dropping a trailing slash', () => {
    const config = loadConfig({
      PORT: '8080',
      SITE_URL: 'https://www.paystra.example/',
      API_URL: 'https://api.paystra.example',
    })
    expect(config.PORT).toBe(8080)
    expect(config.public.SITE_URL).toBe('https://www.paystra.example')
    expect(config.public.API_URL).toBe('https://api.paystra.example')
  })

  it('defaults to the built-in sandbox and its demo merchant', () => {
    const config = loadConfig({})
    expect(config.PG_BASE_URL).toBeUndefined()
    expect(config.PG_PAY_ID).toBe('1000000000000001')
    expect(config.PG_SALT).toBe('a1b2c3d4e5f60718')
    expect(config.PG_MERCHANT_HOSTED_KEY).toBe('034A0B731C8AE0736BD8D47D1B3017B3')
    expect(config.SANDBOX_KEY_SALT).toBe('f0e1d2c3b4a59687')
    expect(loadConfig({ PG_BASE_URL: 'https://pg.example/' }).PG_BASE_URL).toBe(
      'https://pg.example',
    )
  })

  it('never prints a refused salt or key', () => {
    expect(() => loadConfig({ PG_SALT: 'short' })).toThrow(/^Invalid PG_SALT: .*\(got "\*\*\*"\)$/)
    expect(() => loadConfig({ PG_MERCHANT_HOSTED_KEY: 'k' })).toThrow('(got "***")')
  })

  it.each([
    [{ PORT: 'eighty' }, /^Invalid PORT: .*\(got "eighty"\)$/],
    [{ PORT: '70000' }, /^Invalid PORT/],
    [{ NODE_ENV: 'staging' }, /^Invalid NODE_ENV/],
    [{ PORTAL_URL: 'not a url' }, /^Invalid PORTAL_URL: .*\(got "not a url"\)$/],
    [{ SITE_URL: 'ftp://paystra.example' }, /^Invalid SITE_URL/],
    [{ API_URL: 'javascript:alert(1)' }, /^Invalid API_URL/],
    [{ DATABASE_URL: 'mysql://db' }, /^Invalid DATABASE_URL/],
    [{ SMTP_URL: 'http://mail' }, /^Invalid SMTP_URL/],
    [{ CONTACT_INBOX: 'nobody' }, /^Invalid CONTACT_INBOX/],
    [{ FORM_RATE_LIMIT: '-1' }, /^Invalid FORM_RATE_LIMIT/],
    [{ PG_BASE_URL: 'ftp://pg.example' }, /^Invalid PG_BASE_URL/],
    [{ PG_PAY_ID: '12ab' }, /^Invalid PG_PAY_ID/],
  ])('stops with one line naming the variable for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('runs one process unless told otherwise, and several only on PostgreSQL', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1)
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      'Invalid WEB_CONCURRENCY: 2 processes need DATABASE_URL (embedded PGlite serves one process)',
    )
    const config = loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://app@db/site' })
    expect(config.WEB_CONCURRENCY).toBe(2)
  })

  it('keeps data only as long as the Privacy Policy says unless told otherwise', () => {
    const config = loadConfig({})
    expect(config.RETENTION_MAIL_DAYS).toBe(30)
    expect(config.RETENTION_APPLICATION_DAYS).toBe(180)
    expect(config.RETENTION_DEMO_DAYS).toBe(30)
    expect(config.OUTBOX_CLAIM_TIMEOUT_MS).toBe(300_000)
  })

  it('serves no metrics without a token, and never prints a refused token', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined()
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid METRICS_TOKEN: at least 16 characters (got "***")',
    )
  })
})
