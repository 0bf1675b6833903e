import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import newman, { type NewmanRunSummary } from 'newman'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import vectors from '#core/protocol/vectors.json'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { postmanCollection, publishedHashFunction } from './postman.ts'
import { addDays, istDateOf } from '#core/calendar/business-calendar.ts'
import { exampleMerchant, payByUpi } from '#tests/support/openapi-scenario.ts'
import { askAs } from '#tests/support/sandbox-accounts.ts'

type PostmanHash = (fields: object, salt: string, sha256Hex: (text: string) => string) => string
const hashSource = readFileSync(new URL('postman-hash.js', import.meta.url), 'utf8')
const paystraHash = new Function(`${hashSource}; return paystraHash`)() as PostmanHash
const publishedHash = new Function(
  `${publishedHashFunction(hashSource)}; return paystraHash`,
)() as PostmanHash
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe("the Postman scripts' HASH", () => {
  it.each(vectors.hash.filter((vector) => 'hash' in vector))('$note', (vector) => {
    expect(paystraHash(vector.fields, vector.salt, sha256Hex)).toBe(vector.hash)
    expect(publishedHash(vector.fields, vector.salt, sha256Hex)).toBe(vector.hash)
  })
})

describe('the Postman collection, run by newman against a sandbox', () => {
  let sandbox: SandboxServer
  beforeAll(async () => {
    sandbox = await startSandboxServer({
      merchants: [exampleMerchant],
      webhooks: { baseDelayMs: 3_600_000 },
    })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it('passes every test of every request, and pays out, makes QR codes, resends an event and settles', async () => {
    // A payment made before the run (in the demos, say) is what the settlement test run settles.
    await payByUpi(sandbox.url, 'DEMO-PAID-1', '100000')
    const { collection, environment } = await postmanCollection({ baseUrl: sandbox.url })
    // Each request carries the recorded answer of its own example as its saved response.
    for (const folder of collection.item) {
      for (const request of folder.item ?? [])
        expect(request.response, request.name).toHaveLength(1)
    }
    const summary = await new Promise<NewmanRunSummary>((resolve, reject) => {
      newman.run({ collection, environment, reporters: [] }, (error, done) =>
        error ? reject(error) : resolve(done),
      )
    })
    const failures = summary.run.failures.map(
      (failure) => `${failure.source?.name ?? '?'}: ${failure.error.message}`,
    )
    expect(failures).toEqual([])
    const bodies = Object.fromEntries(
      summary.run.executions.map((execution) => [
        execution.item.name,
        execution.response?.stream?.toString() ?? '',
      ]),
    )
    const answers = Object.fromEntries(
      Object.entries(bodies)
        .filter(([, body]) => body.startsWith('{'))
        .map(([name, body]) => [name, JSON.parse(body) as Record<string, string>]),
    )
    expect(summary.run.stats.requests.total).toBeGreaterThanOrEqual(15)
    expect(summary.run.stats.assertions.failed).toBe(0)
    expect(answers['A UPI QR code']?.RESPONSE_CODE).toBe('006')
    expect(answers['An IMPS payout to a bank account']?.RESPONSE_CODE).toBe('000')
    expect(answers['An event sent again now, with the same id']?.RESPONSE_CODE).toBe('000')
    // The rates and the dispute APIs: rates at once, no dispute without a dispute card's payment.
    const rates = answers['The currencies and the rates of the day']
    expect(rates?.RESPONSE_CODE).toBe('000')
    expect(JSON.parse(rates!.CURRENCIES!)[0]).toMatchObject({ CODE: 'INR', FX_RATE: '1.0000' })
    expect(answers['The disputes raised in a range of dates']).toMatchObject({
      RESPONSE_CODE: '000',
      DISPUTES: '[]',
    })
    expect(answers['A dispute id the merchant does not have (346)']?.RESPONSE_CODE).toBe('346')
    // The event stream's query, signed by the pre-request script with TIMESTAMP now (the demo
    // merchant's refusal, 369, comes before the TIMESTAMP is checked); a report of a delivery
    // never handed out is 367.
    const streamName = 'The demo merchant, whose events are every visitor’s demo (369)'
    expect(answers[streamName]).toMatchObject({
      RESPONSE_CODE: '369',
      PAY_ID: exampleMerchant.payId,
    })
    const stream = summary.run.executions.find((execution) => execution.item.name === streamName)!
    const sent = new URL(stream.request.url.toString()).searchParams
    expect([...sent.keys()]).toEqual(['PAY_ID', 'TIMESTAMP', 'HASH'])
    expect(Math.abs(Number(sent.get('TIMESTAMP')) - Date.now() / 1000)).toBeLessThan(120)
    expect(
      answers['A report of a delivery no stream of the merchant was handed (367)']?.RESPONSE_CODE,
    ).toBe('367')

    const settlements = collection.item.find((folder) => folder.name === 'Settlements')!.item!
    expect(settlements[0]!.request!.url.path).toEqual(['pgws', 'settlement', 'run'])
    const run = Object.entries(answers).find(([name]) => name.startsWith('Sandbox test run'))![1]
    const [settled] = JSON.parse(run.SETTLEMENTS!) as Array<Record<string, string>>
    expect(settled).toMatchObject({ PAYMENTS_COUNT: '1', GROSS_AMOUNT: '100000' })
    // The requests after the run ask for the settlement it made, by id and by UTR, and as CSV.
    for (const name of [
      'A settlement and its lines, by SETTLEMENT_ID',
      'The same settlement, by its UTR',
    ]) {
      expect(answers[name], name).toMatchObject({
        RESPONSE_CODE: '000',
        SETTLEMENT_ID: settled!.SETTLEMENT_ID,
      })
    }
    expect(bodies["The settlement's lines as a CSV file (FORMAT CSV)"]).toMatch(
      /^SETTLEMENT_ID,UTR,SETTLEMENT_DATE,TYPE,ORDER_ID,.*\r\nsetl_\w+,\w+,[\d-]+,PAYMENT,DEMO-PAID-1,.*\r\nTOTAL,/,
    )
    expect(answers['The settlements dated in a range of dates']?.SETTLEMENTS).toContain(
      settled!.SETTLEMENT_ID,
    )

    // Payment links and virtual accounts: each request after the one that made a link or an
    // account names it by the PAYLINK_ID or VA_ID of this run, the REFERENCE_ID carrying runId.
    const made =
      answers['A payment link for an invoice: CREATED, with the SHORT_URL to send the customer']
    expect(made).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'CREATED', LINK_FEE: '100' })
    expect(made!.REFERENCE_ID).toMatch(/^\w+-INV-1001$/)
    expect(answers['The same link, by your REFERENCE_ID']?.PAYLINK_ID).toBe(made!.PAYLINK_ID)
    expect(answers['A link with a REFERENCE_ID already used (374)']?.RESPONSE_CODE).toBe('374')
    expect(answers['Cancel a link nobody has paid: CANCELLED']).toMatchObject({
      RESPONSE_CODE: '000',
      STATUS: 'CANCELLED',
    })
    expect(
      answers['A validated link that expires (EXPIRE_BY, VALIDATE_BENEFICIARY Y)'],
    ).toMatchObject({ RESPONSE_CODE: '000', VALIDATE_BENEFICIARY: 'Y', LINK_FEE: '600' })
    const credited =
      answers['Sandbox test credit: ₹15,000 by IMPS, CREDITED less ₹10.00 and ₹1.80 GST']
    expect(credited).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'CREDITED', NET: '1498820' })
    const account =
      answers['A virtual account with its credits, newest first, each with its settlement']
    expect(account?.VA_ID).toBe(credited!.VA_ID)
    expect(JSON.parse(account!.CREDITS!)).toHaveLength(2)
    expect(
      answers['Sandbox test credit into a closed account: RETURNED to the payer (377)'],
    ).toMatchObject({ RESPONSE_CODE: '377', STATUS: 'RETURNED' })

    // Subscriptions: named by this run's SUBSCRIPTION_REF, starting on the merchant clock's date
    // (read before signing, the clock having been moved by the run), and not registered, since
    // that takes a browser on AUTH_URL.
    const plan =
      answers[
        'A monthly UPI AutoPay plan from today: CREATED, with the AUTH_URL to send the customer'
      ]
    expect(plan).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'CREATED', REGISTRATION_FEE: '700' })
    expect(plan!.SUBSCRIPTION_REF).toMatch(/^\w+-PLAN-1001$/)
    const clock = await askAs(sandbox.url, exampleMerchant, '/pgws/clock')
    expect(plan!.START_DATE).toBe(istDateOf(new Date(clock.NOW!)))
    expect(answers['The same subscription, by your SUBSCRIPTION_REF']?.SUBSCRIPTION_ID).toBe(
      plan!.SUBSCRIPTION_ID,
    )
    expect(
      answers['A subscription with a SUBSCRIPTION_REF already used (374)']?.RESPONSE_CODE,
    ).toBe('374')
    const noFunds = answers['A monthly UPI plan from tomorrow, for the customer of nofunds@upi']
    expect(noFunds?.START_DATE).toBe(addDays(plan!.START_DATE!, 1))
    expect(
      answers['Cancel the card mandate: CANCELLED by the MERCHANT, its open charge STOPPED (385)'],
    ).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'CANCELLED', CANCELLED_BY: 'MERCHANT' })
    // The recorded 429s are no requests of a run.
    expect(Object.keys(answers).filter((name) => name.includes('(344)'))).toEqual([])
  }, 60_000)
})
