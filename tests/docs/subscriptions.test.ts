import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { istDateOf } from '#core/calendar/business-calendar.ts'
import { formatRupees } from '#core/currency/paise.ts'
import { productCharge, type ProductChargeKind } from '#core/pricing/product-charges.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import {
  APPROVAL_THRESHOLD,
  HIGH_LIMIT_APPROVAL_THRESHOLD,
  largestDebits,
  MAX_ATTEMPTS_PER_CYCLE,
  DEBIT_HOUR_IST,
  SCHEDULED_NOTICE_HOURS_BEFORE,
} from '#core/recurring/rules.ts'
import { lineAnswer, lineOf } from '#core/settlement/settlement.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { ENACH_NOFUNDS_ACCOUNT, mandateTestCards, mandateTestUpiIds } from '#gateway/methods.ts'
import { MANDATE_OTP } from '#gateway/subscriptions/pages.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { column, type MarkedTable, markedTables, records } from '#tests/support/doc-tables.ts'
import { loadGuides } from './guides.ts'

/**
 * The Subscriptions and UPI AutoPay guide: its charges and worked example are what the
 * Subscription pricing rows charge (core/pricing/product-charges.ts), its limits and test
 * instruments those of core/recurring/rules.ts and gateway/methods.ts, and its tables' examples,
 * sent to a sandbox and registered on the mandate page as a customer would, get answers with
 * exactly the fields its answer tables list.
 */

const slug = 'subscriptions'
let body: string
let tables: MarkedTable[]
beforeAll(async () => {
  body = (await loadGuides()).get(slug)!.body
  tables = markedTables(body)
})

function tableOf(tag: string): MarkedTable {
  const table = tables.find((candidate) => candidate.tag === tag)
  if (!table) throw new Error(`${slug}.md has no table marked "${tag}"`)
  return table
}

/** Rupees as the guide writes a whole amount: ₹15,000. */
const rupees = (paise: bigint) => formatRupees(paise).replace(/\.00$/, '')

/** Each row of the charges table: what it charges, on which amount (a debit's). */
const charged: Record<string, [ProductChargeKind, bigint?]> = {
  'A UPI AutoPay mandate': ['upi-mandate'],
  'A card or e-NACH mandate': ['mandate-registration'],
  'A card or e-NACH debit': ['debit-transaction'],
  'A UPI AutoPay debit up to ₹250': ['upi-autopay-presentation', 25_000n],
  'A UPI AutoPay debit up to ₹1,000': ['upi-autopay-presentation', 100_000n],
  'A UPI AutoPay debit above ₹1,000': ['upi-autopay-presentation', 100_001n],
}

describe('the charges', () => {
  it('are the Subscription rows’ fees and 18 % GST, row by row', () => {
    const rows = records(tableOf('charges'))
    expect(rows.map((row) => row.What)).toEqual(Object.keys(charged))
    for (const row of rows) {
      const [kind, amount] = charged[row.What!]!
      const charge = productCharge(kind, amount)
      expect({ fee: row.Fee, gst: row.GST, total: row['Fee with GST'] }, row.What).toEqual({
        fee: formatRupees(charge.fee),
        gst: formatRupees(charge.gst),
        total: formatRupees(charge.fee + charge.gst),
      })
    }
  })

  it('change slab just past ₹250 and ₹1,000, as the UPI AutoPay row does', () => {
    const fee = (paise: bigint) => productCharge('upi-autopay-presentation', paise).fee
    expect(fee(25_001n)).toBe(fee(100_000n))
    expect(fee(25_000n)).toBeLessThan(fee(25_001n))
    expect(fee(100_001n)).toBeGreaterThan(fee(100_000n))
  })

  it('settle a ₹499 UPI debit as the worked example’s PAYMENT line, NET ₹490.74', () => {
    const [documented] = records(tableOf('debit'))
    const line = lineAnswer(
      lineOf({
        type: 'PAYMENT',
        sourceId: 'txn_0000000000000001',
        orderId: 'sub_UIrsJkWwo6EZLN-1-1',
        txnId: '1615712233845120',
        pgRefNum: '1615712233845120',
        paymentType: 'UP',
        mopType: 'UP',
        charge: 'upi-autopay-presentation',
        amount: BigInt(documented!.AMOUNT!),
        at: new Date(),
      }),
    )
    expect(documented).toEqual({
      TYPE: line.TYPE,
      AMOUNT: line.AMOUNT,
      FEE: line.FEE,
      GST: line.GST,
      NET: line.NET,
    })
    expect(body).toContain(`\`DESCRIPTION\` that row: \`${line.DESCRIPTION}\``)
    expect(body).toContain(formatRupees(BigInt(line.NET)))
  })

  it('are what the run sample prints: the registration’s and each ₹499 debit’s', () => {
    const registration = productCharge('upi-mandate')
    const debit = productCharge('upi-autopay-presentation', 49_900n)
    expect(body).toContain(`"REGISTRATION_FEE":"${registration.fee}"`)
    expect(body).toContain(`"REGISTRATION_GST":"${registration.gst}"`)
    expect(body).toContain(`"FEE":"${debit.fee}"\n"GST":"${debit.gst}"`)
    expect(body).toContain(`"NET":"${49_900n - debit.fee - debit.gst}"`)
  })
})

describe('the rules the guide states', () => {
  it('are core/recurring/rules.ts’s limits, times and attempts', () => {
    expect(body).toContain(`above ${rupees(APPROVAL_THRESHOLD)} needs the customer's approval`)
    expect(body).toContain(`the figure is ${rupees(HIGH_LIMIT_APPROVAL_THRESHOLD)}`)
    expect(body).toContain(
      `${rupees(largestDebits.UPI)} on UPI and cards, ${rupees(largestDebits.ENACH)} on e-NACH`,
    )
    expect(largestDebits.CARD).toBe(largestDebits.UPI)
    expect(body).toContain(`made at **0${DEBIT_HOUR_IST}:00 IST**`)
    expect(body).toContain(`${SCHEDULED_NOTICE_HOURS_BEFORE} hours before the debit`)
    expect(body).toContain(`at most ${MAX_ATTEMPTS_PER_CYCLE} attempts, a day apart`)
  })

  it('lists the mandate page’s test instruments as gateway/methods.ts has them', () => {
    const rows = records(tableOf('instruments'))
    const instrument = (row: Record<string, string>) => row.Instrument!.replaceAll(' ', '')
    for (const upi of mandateTestUpiIds) {
      const row = rows.find((candidate) => candidate.Instrument === upi.vpa)!
      expect(row, upi.vpa).toBeDefined()
      if ('declined' in upi) expect(row.Registration).toContain(`(${upi.declined})`)
      else expect(row['Later debits']).toContain(upi.outcome === 'SUCCESS' ? '000' : '020')
    }
    for (const card of mandateTestCards) {
      const row = rows.find((candidate) => instrument(candidate) === card.number)!
      expect(row, card.number).toBeDefined()
      if ('declined' in card) expect(row.Registration).toContain(`(${card.declined})`)
      else expect(row['Later debits']).toContain(card.outcome === 'SUCCESS' ? '000' : '020')
    }
    expect(rows.some((row) => row.Instrument!.includes(ENACH_NOFUNDS_ACCOUNT))).toBe(true)
    expect(body).toContain(`The sandbox's OTP is \`${MANDATE_OTP}\``)
  })
})

describe('the documented requests, sent to a sandbox, get the documented answers', () => {
  const merchant = demoMerchant({ siteUrl: 'http://localhost:3000' })
  let sandbox: SandboxServer
  beforeAll(async () => {
    sandbox = await startSandboxServer({ merchants: [merchant], limits: { pages: 0 } })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  const unique = `${Date.now().toString(36).toUpperCase()}`
  /** A request from a table's Example column (HASH made here), with `set` over it. */
  const exampleOf = (tag: string, set: Fields = {}): Fields => {
    const fields: Fields = {}
    for (const row of records(tableOf(tag))) {
      if (row.Field === 'HASH' || row.Required === 'Conditional') continue
      fields[row.Field!] = row.Example!.replace('{{DEMO_PAY_ID}}', merchant.payId)
    }
    return withHash({ ...fields, ...set }, merchant.salt)
  }
  const post = async (path: string, fields: Fields) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    })
    return (await response.json()) as Fields
  }
  /** Posts a mandate page's form as the customer's browser does. */
  const form = (authUrl: string, step: string, fields: Record<string, string>) =>
    fetch(`${sandbox.url}/m/${authUrl.split('/m/')[1]}/${step}`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ lang: 'en', ...fields }),
    })
  const fieldsOf = (tag: string, without: string[] = []) =>
    column(tableOf(tag), 'Field')
      .filter((field) => !without.includes(field))
      .sort()
  const keys = (answer: Fields) => Object.keys(answer).sort()
  const today = () => istDateOf(new Date())

  it('a UPI plan: made, registered on the mandate page, found by SUBSCRIPTION_REF, paused and resumed, cancelled', async () => {
    const request = exampleOf('subscription-request', {
      SUBSCRIPTION_REF: `PLAN-${unique}`,
      AMOUNT: '49900',
      START_DATE: today(),
      END_DATE: '',
      CATEGORY: '',
    })
    const made = await post('/pgws/subscription', request)
    expect(made).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'CREATED' })
    expect(keys(made)).toEqual(fieldsOf('subscription-answer', ['CANCELLED_BY', 'DEBITS']))
    expect(made.AUTH_URL).toMatch(/\/m\/[A-Za-z0-9]{16}$/)

    expect(
      (await form(made.AUTH_URL!, 'upi', { vpa: 'success@upi', decision: 'approve' })).status,
    ).toBe(200)
    expect(
      (await form(made.AUTH_URL!, 'upi/pin', { vpa: 'success@upi', pin: '1234' })).status,
    ).toBe(303)

    const found = await post(
      '/pgws/subscription/status',
      withHash(
        { PAY_ID: merchant.payId, SUBSCRIPTION_REF: request.SUBSCRIPTION_REF! },
        merchant.salt,
      ),
    )
    expect(found).toMatchObject({
      SUBSCRIPTION_ID: made.SUBSCRIPTION_ID,
      STATUS: 'ACTIVE',
      PAID_CYCLES: '1',
      INSTRUMENT: 'success@upi',
    })
    expect(keys(found)).toEqual(fieldsOf('subscription-answer', ['CANCELLED_BY']))
    const [first] = JSON.parse(found.DEBITS!) as Fields[]
    expect(keys(first!)).toEqual(fieldsOf('subscription-debit'))
    const charge = productCharge('upi-autopay-presentation', 49_900n)
    expect(first).toMatchObject({
      CYCLE: '0',
      STATUS: 'CHARGED',
      FEE: String(charge.fee),
      GST: String(charge.gst),
    })

    const id = { SUBSCRIPTION_ID: made.SUBSCRIPTION_ID! }
    const act = (action: string) =>
      post(
        '/pgws/subscription/customer',
        exampleOf('subscription-customer-request', { ...id, ACTION: action }),
      )
    expect((await act('SKIP')).RESPONSE_CODE).toBe('326')
    expect(await act('PAUSE')).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'PAUSED' })
    expect(await act('RESUME')).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'ACTIVE' })
    const resumed = await post(
      '/pgws/subscription/resume',
      exampleOf('subscription-resume-request', id),
    )
    expect(resumed.RESPONSE_CODE).toBe('385')

    const cancelled = await post(
      '/pgws/subscription/cancel',
      exampleOf('subscription-cancel-request', id),
    )
    expect(cancelled).toMatchObject({
      RESPONSE_CODE: '000',
      STATUS: 'CANCELLED',
      CANCELLED_BY: 'MERCHANT',
      INSTRUMENT: '',
    })
    expect(keys(cancelled)).toEqual(fieldsOf('subscription-answer'))
    expect((await act('REVOKE')).RESPONSE_CODE).toBe('385')
    expect((await post('/pgws/subscription', request)).RESPONSE_CODE).toBe('374')
  })

  it('a card mandate whose charge is presented: noticed, above ₹15,000 so approved, then one at a time', async () => {
    const made = await post(
      '/pgws/subscription',
      exampleOf('subscription-request', {
        SUBSCRIPTION_REF: `METER-${unique}`,
        METHOD: 'CARD',
        FREQUENCY: 'AS_PRESENTED',
        MAX_AMOUNT: '2500000',
        START_DATE: today(),
        END_DATE: '',
        CATEGORY: '',
      }),
    )
    expect(made).toMatchObject({ RESPONSE_CODE: '000', AMOUNT: '', REGISTRATION_FEE: '600' })
    const card = await form(made.AUTH_URL!, 'card', {
      number: '4111 1111 1111 1111',
      expiry: '12/35',
      cvv: '123',
    })
    expect(card.status).toBe(200)
    expect(
      (await form(made.AUTH_URL!, 'card/otp', { card: '1111', otp: MANDATE_OTP })).status,
    ).toBe(303)
    const id = { SUBSCRIPTION_ID: made.SUBSCRIPTION_ID! }
    const [example] = records(tableOf('subscription-charge-request')).filter(
      (row) => row.Field === 'AMOUNT',
    )
    const presented = await post(
      '/pgws/subscription/charge',
      exampleOf('subscription-charge-request', id),
    )
    expect(presented).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'ACTIVE' })
    const [notice] = JSON.parse(presented.DEBITS!) as Fields[]
    expect(notice).toMatchObject({
      AMOUNT: example!.Example,
      STATUS: 'NOTIFIED',
      APPROVAL_REQUIRED: BigInt(example!.Example!) > APPROVAL_THRESHOLD ? 'Y' : 'N',
      APPROVED: 'N',
    })
    expect(presented.NEXT_DEBIT_AT).toBe(notice!.DEBIT_AT)
    expect(notice!.DEBIT_AT).toMatch(/ 07:00:00$/)
    const again = await post(
      '/pgws/subscription/charge',
      exampleOf('subscription-charge-request', id),
    )
    expect(again.RESPONSE_CODE).toBe('386')
    const approved = await post(
      '/pgws/subscription/customer',
      exampleOf('subscription-customer-request', { ...id, ACTION: 'APPROVE' }),
    )
    expect((JSON.parse(approved.DEBITS!) as Fields[])[0]).toMatchObject({ APPROVED: 'Y' })
    const paused = await post(
      '/pgws/subscription/customer',
      exampleOf('subscription-customer-request', { ...id, ACTION: 'PAUSE' }),
    )
    expect(paused.RESPONSE_CODE).toBe('326')
  })

  it('refuses as the guide’s table of codes says', async () => {
    const unknown = await post(
      '/pgws/subscription/status',
      exampleOf('subscription-status-request', { SUBSCRIPTION_ID: 'sub_00000000000000' }),
    )
    expect(unknown.RESPONSE_CODE).toBe('387')
    const refusals: Array<[Fields, string]> = [
      [{ FREQUENCY: 'DAILY' }, '379'],
      [{ AMOUNT: '50000', MAX_AMOUNT: '49900' }, '380'],
      [{ START_DATE: '2020-01-01' }, '388'],
      [{ CATEGORY: 'GOLD' }, '326'],
      [{ METHOD: 'NETBANKING' }, '327'],
    ]
    for (const [set, code] of refusals) {
      const answer = await post(
        '/pgws/subscription',
        exampleOf('subscription-request', {
          SUBSCRIPTION_REF: `BAD-${unique}`,
          AMOUNT: '49900',
          START_DATE: today(),
          END_DATE: '',
          ...set,
        }),
      )
      expect(answer.RESPONSE_CODE, JSON.stringify(set)).toBe(code)
    }
  })
})
