import { describe, expect, it } from 'vitest'
import { siteFacts, spokenDuration } from './site-facts.ts'

describe('the facts of the configuration a site is built with', () => {
  it('says where the demo merchant is registered for GST, and so which GST its fees carry', () => {
    expect(siteFacts({})).toMatchObject({
      DEMO_MERCHANT_GSTIN: '09AAFCD5862R1ZT',
      DEMO_MERCHANT_STATE_CODE: '09',
      DEMO_MERCHANT_STATE: 'Uttar Pradesh',
      DEMO_SUPPLY_TYPE: 'INTRA_STATE',
      DEMO_STATE_TAX: 'SGST',
      DEMO_CGST_RATE: '9.00',
      DEMO_IGST_RATE: '0.00',
    })
    expect(siteFacts({}).DEMO_GST).toMatch(/CGST and SGST/)
    const mumbai = siteFacts({ SANDBOX_MERCHANT_STATE: '27' })
    expect(mumbai).toMatchObject({
      DEMO_MERCHANT_GSTIN: '27AAFCD5862R1ZV',
      DEMO_MERCHANT_STATE: 'Maharashtra',
      DEMO_SUPPLY_TYPE: 'INTER_STATE',
      DEMO_CGST_RATE: '0.00',
      DEMO_IGST_RATE: '18.00',
    })
    expect(mumbai.DEMO_GST).toMatch(/IGST/)
    expect(() =>
      siteFacts({ SANDBOX_MERCHANT_STATE: '27', SANDBOX_MERCHANT_GSTIN: '09AAFCD5862R1ZT' }),
    ).toThrow('registered in state 09, not 27')
    expect(() => siteFacts({ SANDBOX_MERCHANT_STATE: '40' })).toThrow(
      'Invalid SANDBOX_MERCHANT_STATE',
    )
    expect(() => siteFacts({ SANDBOX_MERCHANT_GSTIN: '09AAFCD5862R1ZX' })).toThrow(
      'Invalid SANDBOX_MERCHANT_GSTIN',
    )
  })

  it('says the defaults once, with the setting that changes them', () => {
    const facts = siteFacts({})
    expect(facts.SANDBOX_URL).toBe('http://localhost:3000/sandbox')
    expect(facts.DEMO_PAY_ID).toBe('1000000000000001')
    expect(facts.SETTLE_DELAY).toBe('30 seconds (`SANDBOX_SETTLE_DELAY_MS`)')
    expect(facts.WEBHOOK_FIRST_RETRY).toBe('1 minute (`SANDBOX_WEBHOOK_BASE_DELAY_MS`)')
    expect(facts.WEBHOOK_RETRY_DELAYS).toBe(
      '1 minute, 5 minutes, 25 minutes, 2 hours 5 minutes, 6 hours, 6 hours, 6 hours, 6 hours, 6 hours',
    )
    expect(facts.WEBHOOK_RETRY_SPAN).toBe('32 hours 36 minutes')
    expect(facts.API_RATE_LIMIT).toBe('120 a minute (`SANDBOX_API_RATE_LIMIT`)')
    expect(facts.PAGE_RATE_LIMIT).toBe('60 a minute (`SANDBOX_PAGE_RATE_LIMIT`)')
    expect(facts.SETTLEMENT_HOUR).toBe('11:00 IST (`SANDBOX_SETTLEMENT_HOUR`)')
    expect(facts.ACCOUNTS_PER_HOUR).toBe('20 an hour (`SANDBOX_ACCOUNTS_PER_HOUR`)')
    expect(facts.ACCOUNTS_MAX).toBe('50,000 accounts (`SANDBOX_ACCOUNTS_MAX`)')
    expect(facts.ACCOUNT_IDLE_PERIOD).toBe('30 days (`SANDBOX_ACCOUNT_TTL_DAYS`)')
    expect(facts.ACCOUNT_IDLE_DAYS).toBe('30')
    expect(facts.PRIVATE_NOTIFY_URLS).toMatch(/refuses them with `357`/)
    // A production sandbox refuses the kits' localhost NOTIFY_URL: the env example leaves it out.
    expect(facts.WEBHOOK_SECRET_VALUE).toBe('')
    expect(facts.WEBHOOK_SECRET_NOTE).toMatch(
      /\n# This sandbox refuses[\s\S]*\n# wh_demo_7c1e4b9a2f6d8035$/,
    )
    expect(facts.LOCAL_RETURN_URLS).toMatch(/`http:\/\/localhost:3000`, `http:\/\/localhost:\*`/)
  })

  it('says what this sandbox does when its operator changed a setting', () => {
    const facts = siteFacts({
      SITE_URL: 'https://www.paystra.example/',
      SANDBOX_SETTLE_DELAY_MS: '5000',
      SANDBOX_WEBHOOK_BASE_DELAY_MS: '500',
      SANDBOX_API_RATE_LIMIT: '0',
      SANDBOX_WEBHOOK_ALLOW_PRIVATE: '1',
      PG_PAY_ID: '1000000000000099',
    })
    expect(facts.SANDBOX_URL).toBe('https://www.paystra.example/sandbox')
    expect(facts.DEMO_PAY_ID).toBe('1000000000000099')
    expect(facts.SETTLE_DELAY).toBe(
      '30 seconds by default (`SANDBOX_SETTLE_DELAY_MS`); this sandbox: 5 seconds',
    )
    expect(facts.WEBHOOK_FIRST_RETRY).toBe(
      '1 minute by default (`SANDBOX_WEBHOOK_BASE_DELAY_MS`); this sandbox: 0.5 seconds',
    )
    expect(facts.API_RATE_LIMIT).toBe(
      '120 a minute by default (`SANDBOX_API_RATE_LIMIT`); this sandbox: no limit',
    )
    expect(facts.PRIVATE_NOTIFY_URLS).toMatch(/delivers to them/)
    expect(facts.LOCAL_RETURN_URLS).toMatch(
      /`https:\/\/www.paystra.example`, `http:\/\/localhost:\*`/,
    )
    expect(facts.WEBHOOK_SECRET_VALUE).toBe('wh_demo_7c1e4b9a2f6d8035')
    expect(facts.WEBHOOK_SECRET_NOTE).toBe('')
    expect(siteFacts({ SANDBOX_LOCAL_RETURN_URLS: '0' }).LOCAL_RETURN_URLS).toBe(
      "This sandbox's demo merchant accepts return URLs on `http://localhost:3000` only (`SANDBOX_LOCAL_RETURN_URLS`).",
    )
    expect(siteFacts({ NODE_ENV: 'development' }).PRIVATE_NOTIFY_URLS).toMatch(/loopback/)
  })

  it('states the sandbox accounts’ limits and idle period as the operator set them', () => {
    const facts = siteFacts({
      SANDBOX_ACCOUNTS_PER_HOUR: '0',
      SANDBOX_ACCOUNTS_MAX: '1000',
      SANDBOX_ACCOUNT_TTL_DAYS: '1',
    })
    expect(facts.ACCOUNTS_PER_HOUR).toBe(
      '20 an hour by default (`SANDBOX_ACCOUNTS_PER_HOUR`); this sandbox: no limit',
    )
    expect(facts.ACCOUNTS_MAX).toBe(
      '50,000 accounts by default (`SANDBOX_ACCOUNTS_MAX`); this sandbox: 1,000 accounts',
    )
    expect(facts.ACCOUNT_IDLE_PERIOD).toBe(
      '30 days by default (`SANDBOX_ACCOUNT_TTL_DAYS`); this sandbox: 1 day',
    )
    expect(facts.ACCOUNT_IDLE_DAYS).toBe('1')
    expect(siteFacts({ SANDBOX_ACCOUNTS_MAX: '0' }).ACCOUNTS_MAX).toMatch(/this sandbox: no cap$/)
  })

  it('names the server on its own port when SITE_URL is not set, as the server does', () => {
    expect(siteFacts({ PORT: '3312' }).SANDBOX_URL).toBe('http://localhost:3312/sandbox')
    expect(siteFacts({ PORT: '3312', SITE_URL: 'https://pay.example' }).SANDBOX_URL).toBe(
      'https://pay.example/sandbox',
    )
  })

  it('refuses a setting the server would refuse', () => {
    expect(() => siteFacts({ SANDBOX_SETTLEMENT_HOUR: '24' })).toThrow(/SANDBOX_SETTLEMENT_HOUR/)
  })

  it('speaks durations as a reader says them', () => {
    expect(spokenDuration(500)).toBe('0.5 seconds')
    expect(spokenDuration(1000)).toBe('1 second')
    expect(spokenDuration(90_000)).toBe('1 minute 30 seconds')
    expect(spokenDuration(7_500_000)).toBe('2 hours 5 minutes')
  })
})
