import { afterAll, describe, expect, it } from 'vitest'
import { siteFacts } from '#app/guides/source/site-facts.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { privateTargetsOf, readSandboxSettings } from '#gateway/settings.ts'
import { loadGuides } from './guides.ts'

/**
 * Statements 3 and 5 of issue 25: the guides printed timings as constants (late@upi 30 s, retries
 * 1 min then 5 min) while the sandbox served others from its configuration, used two demo
 * merchants, and contradicted themselves about private NOTIFY_URLs. Each figure is a fact of the
 * configuration the site is built with (app/guides/source/site-facts.ts).
 */

const plain = (text: string) => text.replaceAll('`', '')

describe('figures from the configuration the site is built with', () => {
  const env = {
    NODE_ENV: 'production',
    SANDBOX_SETTLE_DELAY_MS: '5000',
    SANDBOX_WEBHOOK_BASE_DELAY_MS: '1000',
    SANDBOX_SETTLEMENT_HOUR: '9',
    SANDBOX_RESEND_RATE_LIMIT: '3',
  }

  it('a guide built for a sandbox with other delays states them: “this sandbox: 5 seconds”', async () => {
    const guides = await loadGuides({ siteUrl: 'https://pay.example.org', env })
    for (const slug of ['pg-hosted', 'seamless', 'api', 'pg-qr', 'upi-qr']) {
      const body = plain(guides.get(slug)!.body)
      expect(body, slug).toContain('late@upi')
      expect(body, slug).toContain(
        '30 seconds by default (SANDBOX_SETTLE_DELAY_MS); this sandbox: 5 seconds',
      )
      expect(body, slug).not.toMatch(/30 seconds later/)
      expect(body, slug).toContain('https://pay.example.org/sandbox')
      expect(body, slug).not.toContain('localhost:3000/sandbox')
    }
    const api = plain(guides.get('api')!.body)
    expect(api).toContain('this sandbox: 1 second')
    expect(api).toContain('1 second, 5 seconds, 25 seconds, 2 minutes 5 seconds, 6 minutes')
    expect(api).not.toMatch(/after 1 minute, then/)
    expect(plain(guides.get('settlements')!.body)).toContain('this sandbox: 09:00 IST')
    expect(api).toContain(
      '10 a minute by default (SANDBOX_RESEND_RATE_LIMIT); this sandbox: 3 a minute',
    )
    expect(api).toContain('120 a minute (SANDBOX_API_RATE_LIMIT)')
  })

  it('with the defaults, says so without a second figure', async () => {
    const body = plain((await loadGuides()).get('pg-hosted')!.body)
    expect(body).toContain('30 seconds (SANDBOX_SETTLE_DELAY_MS)')
    expect(body).not.toContain('this sandbox: 30 seconds')
  })

  it('names one demo merchant, the sandbox’s, outside the published hash vector', async () => {
    const payId = '1234567890123456'
    const guides = await loadGuides({
      env: { PG_PAY_ID: payId, PG_WEBHOOK_SECRET: 'wh_other_0123456789' },
    })
    for (const [slug, guide] of guides) {
      const credentials = guide.body
        .split('\n')
        .filter((line) => /^\| `PAY_ID`|use the demo merchant|webhook secret is/.test(line))
      expect(credentials.length, slug).toBeGreaterThan(0)
      for (const line of credentials) {
        expect(line, slug).not.toContain('1000000000000001')
        expect(line, slug).not.toContain('1001340526093022')
      }
      // The published status-enquiry vector's merchant appears only in a block of its vector.
      for (const block of guide.body.split('\n\n').filter((b) => b.includes('1001340526093022'))) {
        expect(block, slug).toMatch(/SPIN020406172/)
      }
    }
    expect(guides.get('pg-hosted')!.body).toContain(`| \`${payId}\``)
    expect(guides.get('api')!.body).toContain('`wh_other_0123456789`')
  })
})

describe('private NOTIFY_URLs: one rule, and what this sandbox does', () => {
  const merchant = demoMerchant({ siteUrl: 'http://localhost:3000' })
  const sandboxes: SandboxServer[] = []
  afterAll(async () => {
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
  })

  /** A QR request with a loopback NOTIFY_URL, sent from this machine to a sandbox of `env`. */
  async function loopbackNotifyUrl(env: Record<string, string>): Promise<string> {
    const sandbox = await startSandboxServer({
      merchants: [merchant],
      webhooks: { allowPrivate: privateTargetsOf(readSandboxSettings(env)) },
    })
    sandboxes.push(sandbox)
    const fields: Fields = {
      PAY_ID: merchant.payId,
      ORDER_ID: `QR${Date.now()}${sandboxes.length}`,
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      QR_TYPE: 'UPI',
      NOTIFY_URL: 'http://127.0.0.1:8000/webhook',
    }
    const response = await fetch(`${sandbox.url}/pgws/qr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(withHash(fields, merchant.salt)),
    })
    return ((await response.json()) as Fields).RESPONSE_CODE!
  }

  it.each([
    [{ NODE_ENV: 'production' }, /refuses them with 357/, '357'],
    [{ NODE_ENV: 'development' }, /accepts them in requests sent from its own machine/, '006'],
    [{ NODE_ENV: 'production', SANDBOX_WEBHOOK_ALLOW_PRIVATE: '1' }, /delivers to them/, '006'],
    // A sandbox of its own each, on PGlite: slow to start on a busy machine.
  ])(
    '%o: the guides say what the sandbox then does',
    async (env, says, code) => {
      const fact = siteFacts(env).PRIVATE_NOTIFY_URLS!
      expect(plain(fact)).toMatch(says)
      expect(await loopbackNotifyUrl(env)).toBe(code)
      const guides = await loadGuides({ env })
      for (const slug of ['pg-hosted', 'seamless', 'api']) {
        const body = guides.get(slug)!.body
        // Said once, in the NOTIFY_URL section, and contradicted nowhere.
        expect(body.split(fact).length - 1, slug).toBe(1)
        expect(body, slug).toContain('`SANDBOX_WEBHOOK_ALLOW_PRIVATE=1`')
        expect(body, slug).not.toMatch(/refuses private addresses and `localhost`/)
        expect(body, slug).not.toMatch(
          /delivers to `localhost` for requests made from that same machine/,
        )
      }
    },
    120_000,
  )
})
