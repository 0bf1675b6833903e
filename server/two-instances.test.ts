/**
 * Two production servers on two ports, one PostgreSQL and one mail server: the site as a load
 * balancer sees it. Whatever instance a request reaches, the site behaves as one: each mail
 * goes out once, one address has one form limit, a payment started on one instance returns
 * through the other, and an instance killed with SIGKILL leaves nothing the other cannot finish.
 *
 * PostgreSQL only (CI's data tests): embedded PGlite serves one process.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CONTACT_API_PATH } from '#core/forms/api.ts'
import { PAYMENT_REQUEST_PATH, RESPONSE_PATH, type SignedForm } from '#app/content/demo-api.ts'
import { demoPayments, outbox, rateLimits } from './db/schema.ts'
import { messageIdOf } from './mail/outbox.ts'
import {
  bareId,
  byNumber,
  databaseUrl,
  expectCleanExit,
  freePort,
  markOf,
  openStore,
  serverFixture,
  submissionStream,
  submit,
  terminate,
  waitUntil,
  type ServerProcess,
} from '#tests/support/server-process.ts'

const contact = {
  name: 'Kavya Rao',
  company: 'Rao Spices',
  phone: '9876501234',
  email: 'kavya@example.com',
  subject: 'Pricing',
  message: 'Please send the pricing for UPI.',
}

describe.runIf(databaseUrl())('two instances on one PostgreSQL', () => {
  const { freshWorkDir, start, mailServerOn } = serverFixture()

  async function pair(workDir: string, smtpPort: number, env: Record<string, string> = {}) {
    const settings = { OUTBOX_CLAIM_TIMEOUT_MS: '2000', ...env }
    return Promise.all([start(workDir, smtpPort, settings), start(workDir, smtpPort, settings)])
  }

  it('mails each submission once whichever instance took it, and after one is killed the other finishes its mail', async () => {
    const workDir = await freshWorkDir()
    const smtpPort = await freePort()
    const mailServer = await mailServerOn(smtpPort)
    const [a, b] = await pair(workDir, smtpPort)
    const streams = [submissionStream(a.url), submissionStream(b.url)]
    expect(
      await waitUntil(() => streams.every((stream) => stream.successes().length >= 30), 60_000),
    ).toBe(true)
    await Promise.all(streams.map((stream) => stream.halfway))
    a.child.kill('SIGKILL')
    await a.exited
    const killedAt = Date.now()
    for (const stream of streams) stream.resume()
    // B goes on taking submissions after A is gone.
    const sinceKilled = () =>
      streams.flatMap((stream) => stream.successes()).filter((s) => s.startedAt > killedAt)
    expect(await waitUntil(() => sinceKilled().length >= 5, 60_000)).toBe(true)
    await Promise.all(streams.map((stream) => stream.stop()))
    const answered = streams.flatMap((stream) => stream.successes())

    const mailed = () => new Set(mailServer.received.map((mail) => markOf(mail.text)))
    // A's claims run out after 2 s; B takes them over.
    expect(await waitUntil(() => answered.every((s) => mailed().has(s.n)), 60_000)).toBe(true)

    const store = await openStore(workDir)
    try {
      // Also the mail of submissions stored but never answered (A died before it could), and
      // each marked delivered once its batch is done.
      await expect
        .poll(
          async () =>
            (await store.db.select().from(outbox)).filter((row) => row.status !== 'delivered'),
          { timeout: 60_000, interval: 100 },
        )
        .toEqual([])
      expectCleanExit(b, await terminate(b))
      const rows = await store.db.select().from(outbox)
      expect(rows.filter((row) => row.status !== 'delivered')).toEqual([])
      const expectedIds = rows.map(messageIdOf)
      const receivedIds = mailServer.received.map((mail) => bareId(mail.messageId))
      expect([...new Set(receivedIds)].sort()).toEqual(expectedIds.sort())
      // Both streams numbered their submissions from 0: each mark was mailed as often as it
      // was answered, plus at most the batch A had in flight, sent again by B.
      const answeredMarks = answered.map((s) => s.n).sort(byNumber)
      const repeated = receivedIds.length - new Set(receivedIds).size
      expect(mailServer.received.length - repeated).toBeGreaterThanOrEqual(answeredMarks.length)
      expect(repeated).toBeLessThanOrEqual(20)
      console.log(
        `${answered.length} answered over two instances, ${rows.length} stored, ` +
          `${mailServer.received.length} mails, ${repeated} sent again after A was killed`,
      )
    } finally {
      await store.close()
    }
  }, 300_000)

  it('refuses the 11th contact submission in a minute from one address, whichever instance gets it', async () => {
    const workDir = await freshWorkDir()
    const store = await openStore(workDir)
    await store.db.delete(rateLimits)
    await store.close()
    const smtpPort = await freePort()
    await mailServerOn(smtpPort)
    const [a, b] = await pair(workDir, smtpPort, { FORM_RATE_LIMIT: '10' })
    const statuses: number[] = []
    for (let index = 0; index < 12; index++) {
      const response = await fetch((index % 2 ? b : a).url + CONTACT_API_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
        body: JSON.stringify(contact),
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429])
    // Another address is not held back by the first one's count.
    const other = await fetch(b.url + CONTACT_API_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.8' },
      body: JSON.stringify(contact),
    })
    expect(other.status).toBe(200)
    for (const server of [a, b]) expectCleanExit(server, await terminate(server))
  }, 120_000)

  it('a hosted payment started through one instance returns through the other and verifies', async () => {
    const workDir = await freshWorkDir()
    const smtpPort = await freePort()
    await mailServerOn(smtpPort)
    const [a, b] = await pair(workDir, smtpPort)
    const started = await fetch(a.url + PAYMENT_REQUEST_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ flow: 'hosted' }),
    })
    expect(started.status).toBe(200)
    const form = (await started.json()) as SignedForm
    // The browser goes to the gateway through A, pays on the payment page through B …
    const entry = await postForm(a, form.action, form.fields)
    expect(entry.status).toBe(303)
    const payPage = entry.headers.get('location')!
    const paid = await postForm(b, `${payPage}/upi`, { vpa: 'success@upi' })
    expect(paid.status).toBe(200)
    const returning = hiddenFields(await paid.text())
    expect(Object.keys(returning).sort()).toEqual(['ENCDATA', 'PAY_ID'])
    // … and its answer reaches the merchant's RETURN_URL through A's neighbour, B.
    const back = await postForm(b, RESPONSE_PATH, returning)
    expect(back.status).toBe(303)
    const location = back.headers.get('location') ?? ''
    expect(location).toMatch(/^\/demo\/response\?payment=[0-9a-f-]{36}$/)
    const store = await openStore(workDir)
    try {
      // Other data-test files write demo orders to the same database: read this one by its id.
      const id = location.split('payment=')[1]!
      const [order] = await store.db.select().from(demoPayments).where(eq(demoPayments.id, id))
      expect(order).toMatchObject({ flow: 'hosted', outcome: 'success', responseCode: '000' })
    } finally {
      await store.close()
    }
    // A submission on either instance still works while the payment went through both.
    expect((await submit(b.url, 1)).outcome).toBe('success')
    for (const server of [a, b]) expectCleanExit(server, await terminate(server))
  }, 120_000)
})

function postForm(server: ServerProcess, path: string, fields: Record<string, string>) {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

/** The hidden fields of the gateway's auto-submitting return form. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const match of html.matchAll(/<input type="hidden" name="([A-Z_]+)" value="([^"]*)"/g)) {
    fields[match[1]!] = match[2]!
  }
  return fields
}
