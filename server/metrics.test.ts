/**
 * /metrics as Prometheus scrapes it: not there without METRICS_TOKEN, a bearer token required
 * with it, and the counts following real requests, form submissions, outbox rows and webhook
 * deliveries to a real merchant endpoint.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CAREER_API_PATH, CONTACT_API_PATH } from '#core/forms/api.ts'
import { HONEYPOT_FIELD } from '#core/forms/honeypot.ts'
import { payByUpi } from '#tests/support/sandbox-api.ts'
import { answer, type Receiver, startReceiver } from '#tests/support/webhook-receiver.ts'
import { outbox } from './db/schema.ts'
import { exeBytes } from '#tests/support/documents.ts'
import { type ObservedApp, startObservedApp } from '#tests/support/observed-app.ts'

const token = 'metrics-token-0123456789'

let plain: ObservedApp
let app: ObservedApp
const receivers: Receiver[] = []

beforeAll(async () => {
  plain = await startObservedApp()
  // Four submissions a minute from one address: the fifth is refused by the rate limit. Webhook
  // retries 1 ms apart, so a merchant that never answers 2xx exhausts its attempts in seconds.
  app = await startObservedApp({
    metricsToken: token,
    rateLimitPerMinute: 5,
    webhookBaseDelayMs: 1,
  })
})
afterAll(async () => {
  for (const receiver of receivers) await receiver.close()
  await plain?.close()
  await app?.close()
})

async function scrape(target = app, headers: Record<string, string> = bearer()) {
  const response = await fetch(`${target.baseUrl}/metrics`, { headers, redirect: 'manual' })
  return { response, text: await response.text() }
}
const bearer = (value = token) => ({ Authorization: `Bearer ${value}` })

/** The value of one series in Prometheus text, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [
        pair[1],
        pair[2],
      ]),
    )
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      if (Object.keys(found).length === Object.keys(labels).length) return Number(match[3])
    }
  }
  return undefined
}

/** Awaits a condition the workers reach in the background, reporting its last failure. */
const eventually = (check: () => Promise<void>, timeout = 8000) =>
  vi.waitFor(check, { timeout, interval: 50 })

describe('without METRICS_TOKEN', () => {
  it('/metrics is not there: answered like any unknown path', async () => {
    const metrics = await scrape(plain)
    const unknown = await fetch(`${plain.baseUrl}/no-such-page`, { redirect: 'manual' })
    expect(metrics.response.status).toBe(unknown.status)
    // The test build's catch-all route renders "Nothing here"; the site's redirects home.
    expect(await unknown.text()).toContain('Nothing here')
    expect(metrics.text).toContain('Nothing here')
    expect(metrics.text).not.toContain('site_http_requests_total')
    expect(plain.metrics).toBeUndefined()
  })
})

describe('with METRICS_TOKEN', () => {
  it('refuses a scrape without the right bearer token, in the same way whatever was sent', async () => {
    for (const headers of [
      {},
      bearer('metrics-token-0123456780'),
      bearer(token.slice(0, -1)),
      bearer(`${token}x`),
      { Authorization: `Basic ${Buffer.from(`prometheus:${token}`).toString('base64')}` },
      { Authorization: token },
    ]) {
      const { response, text } = await scrape(app, headers)
      expect(response.status, JSON.stringify(headers)).toBe(401)
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(text).not.toContain('site_')
    }
    expect((await fetch(`${app.baseUrl}/metrics`, { method: 'POST' })).status).toBe(405)
  })

  it('counts requests by method, route pattern and status, not /metrics or health checks', async () => {
    const before = (await scrape()).text
    const count = (text: string, route: string, status = '200', method = 'GET') =>
      sample(text, 'site_http_requests_total', { method, route, status }) ?? 0
    for (let i = 0; i < 3; i++) await (await fetch(`${app.baseUrl}/about?i=${i}`)).text()
    await (await fetch(`${app.baseUrl}/rendered`)).text()
    await (await fetch(`${app.baseUrl}/no/such/${Date.now()}`)).text()
    await (await fetch(`${app.baseUrl}/api/nothing`, { method: 'POST' })).text()
    await (await fetch(`${app.baseUrl}/healthz`)).text()
    await eventually(async () => {
      const { response, text } = await scrape()
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(count(text, '/about') - count(before, '/about')).toBe(3)
      expect(count(text, '/rendered') - count(before, '/rendered')).toBe(1)
      expect(count(text, '/*') - count(before, '/*')).toBe(1)
      expect(
        count(text, 'unmatched', '404', 'POST') - count(before, 'unmatched', '404', 'POST'),
      ).toBe(1)
      const aboutTimes = sample(text, 'site_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/about',
        status: '200',
      })
      expect(aboutTimes).toBe(count(text, '/about'))
      expect(text).not.toMatch(/route="\/(metrics|healthz)"/)
      expect(text).not.toContain('?i=')
      expect(text).not.toMatch(/route="\/no\/such/)
    })
  })

  it('counts form submissions accepted and refused by reason', async () => {
    const contact = (body: string) =>
      fetch(`${app.baseUrl}${CONTACT_API_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      })
    const valid = {
      name: 'Asha Verma',
      company: 'Verma Saree House',
      phone: '9876543210',
      email: 'asha@example.com',
      subject: 'Online payments',
      message: 'We sell sarees online.',
    }
    const form = new FormData()
    for (const [key, value] of Object.entries({ ...valid, company: undefined })) {
      if (value) form.append(key, value)
    }
    form.append('file', new Blob([new Uint8Array(exeBytes())]), 'resume.pdf')
    form.append('fileName', 'resume.pdf')
    const statuses = [
      (await fetch(`${app.baseUrl}${CAREER_API_PATH}`, { method: 'POST', body: form })).status,
      (await contact(JSON.stringify(valid))).status,
      (await contact(JSON.stringify({ ...valid, email: 'not an address' }))).status,
      (await contact('{"name": ')).status,
      (await contact(JSON.stringify({ ...valid, [HONEYPOT_FIELD]: 'http://spam.example' }))).status,
      (await contact(JSON.stringify(valid))).status,
    ]
    expect(statuses).toEqual([400, 200, 400, 400, 200, 429])
    await eventually(async () => {
      const { text } = await scrape()
      const submissions = (labels: Record<string, string>) =>
        sample(text, 'site_form_submissions_total', labels)
      expect(submissions({ form: 'contact', outcome: 'accepted' })).toBe(1)
      expect(submissions({ form: 'contact', outcome: 'refused', reason: 'validation' })).toBe(1)
      expect(submissions({ form: 'contact', outcome: 'refused', reason: 'malformed' })).toBe(1)
      expect(submissions({ form: 'contact', outcome: 'refused', reason: 'spam' })).toBe(1)
      expect(submissions({ form: 'contact', outcome: 'refused', reason: 'rate_limit' })).toBe(1)
      expect(submissions({ form: 'career', outcome: 'refused', reason: 'bad_upload' })).toBe(1)
      expect(submissions({ form: 'career', outcome: 'accepted' })).toBeUndefined()
    })
  })

  it('reads the outbox at each scrape: mails pending, dead, and the oldest one waiting', async () => {
    await app.store.db.delete(outbox)
    const mail = {
      from: 'a@paystra.example',
      to: 'b@paystra.example',
      subject: 's',
      text: 't',
      html: 'h',
    }
    await app.store.db.insert(outbox).values([
      { kind: 'contact', mail, createdAt: sql`now() - interval '120 seconds'` },
      { kind: 'contact', mail },
      { kind: 'career', mail, status: 'sending' },
      { kind: 'contact', mail, status: 'dead' },
      { kind: 'contact', mail, status: 'delivered', createdAt: sql`now() - interval '1 day'` },
    ])
    let { text } = await scrape()
    expect(sample(text, 'site_outbox_pending_mails')).toBe(3)
    expect(sample(text, 'site_outbox_dead_mails')).toBe(1)
    const age = sample(text, 'site_outbox_oldest_pending_age_seconds')!
    expect(age).toBeGreaterThanOrEqual(119)
    expect(age).toBeLessThan(300)

    await app.store.db.delete(outbox)
    ;({ text } = await scrape())
    expect(sample(text, 'site_outbox_pending_mails')).toBe(0)
    expect(sample(text, 'site_outbox_dead_mails')).toBe(0)
    expect(sample(text, 'site_outbox_oldest_pending_age_seconds')).toBe(0)
  })

  it('counts webhook deliveries: delivered, failed and retried, given up', async () => {
    const willing = await startReceiver(answer(200))
    const failing = await startReceiver(answer(503))
    receivers.push(willing, failing)
    const sandbox = `${app.baseUrl}/sandbox`
    await payByUpi(sandbox, '100', 'success@upi', { NOTIFY_URL: willing.url })
    await payByUpi(sandbox, '100', 'success@upi', { NOTIFY_URL: failing.url })
    await willing.waitFor(1)
    // Ten attempts, all refused: nine scheduled again, the last one the end.
    await failing.waitFor(10, 15_000)
    await eventually(async () => {
      const { text } = await scrape()
      const deliveries = (outcome: string) =>
        sample(text, 'sandbox_webhook_deliveries_total', { outcome })
      expect(deliveries('delivered')).toBe(1)
      expect(deliveries('failed_will_retry')).toBe(9)
      expect(deliveries('gave_up')).toBe(1)
    })
  }, 30_000)

  it('includes the process metrics, event-loop lag among them', async () => {
    const { text } = await scrape()
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge')
    expect(text).toContain('# TYPE process_cpu_seconds_total counter')
  })
})
