/**
 * The end of the business calendar over HTTP on PGlite (ADR 045): a date whose working days would
 * need bank holidays the calendar does not know is refused with 359, never guessed; the last run
 * date answered still makes its disputes' deadlines inside the known years.
 */
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  addWorkingDays,
  calendarEnd,
  previousWorkingDay,
} from '#core/calendar/business-calendar.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { checkAsOf, checkRange, lastKnownDates } from './checks.ts'
import { checkMonth } from './invoice.ts'
import {
  call,
  capture,
  ist,
  type SettlementSandbox,
  settlementSandbox,
} from '#tests/support/sandbox-settlements.ts'

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
const dayAfter = (date: string) => addDays(date, 1)

describe('the last dates answered', () => {
  it('lists up to the end of the last known year, and runs up to five working days before it', () => {
    expect(lastKnownDates.listed).toBe(calendarEnd)
    expect(addWorkingDays(lastKnownDates.run, 5) <= calendarEnd).toBe(true)
    expect(addWorkingDays(dayAfter(lastKnownDates.run), 4) <= calendarEnd).toBe(true)
    // For a calendar ending on Friday 31 December 2027: 27 to 31 are the last five working days.
    if (calendarEnd === '2027-12-31') expect(lastKnownDates.run).toBe('2027-12-26')
  })

  it('refuses a later date with 359, after the 353 of a date outside 2000 to 2099', () => {
    const end = calendarEnd
    expect(checkRange({ FROM: end, TO: end })).toEqual({ ok: true, value: { from: end, to: end } })
    expect(checkRange({ FROM: end, TO: dayAfter(end) })).toEqual({ ok: false, code: '359' })
    expect(checkRange({ FROM: '2099-12-01', TO: '2100-01-01' })).toEqual({ ok: false, code: '353' })
    const lastRun = lastKnownDates.run
    expect(checkAsOf(`${lastRun}T23:59:59+05:30`).ok).toBe(true)
    expect(checkAsOf(`${dayAfter(lastRun)}T00:00:00+05:30`)).toEqual({ ok: false, code: '359' })
    // Its date in India is what the run's working days start from.
    expect(checkAsOf(`${lastRun}T18:30:00Z`)).toEqual({ ok: false, code: '359' })
    expect(checkAsOf('2032-06-01T11:00:00+05:30')).toEqual({ ok: false, code: '359' })
    expect(checkAsOf('2100-01-01T00:00:00+05:30')).toEqual({ ok: false, code: '353' })
    expect(checkMonth(end.slice(0, 7)).ok).toBe(true)
    expect(checkMonth(dayAfter(end).slice(0, 7))).toEqual({ ok: false, code: '359' })
  })
})

describe('the calendar end over HTTP', () => {
  let sandbox: SettlementSandbox
  let db: GatewayDatabase
  const api = (path: string) => `${sandbox.url}/pgws/${path}`
  const refused = async (path: string, fields: Fields) => {
    const { json } = await call(api(path), merchant, { PAY_ID: merchant.payId, ...fields })
    expect(json, `${path} ${JSON.stringify(fields)}`).toMatchObject({
      RESPONSE_CODE: '359',
      STATUS: 'Failed',
      RESPONSE_MESSAGE:
        'Date beyond the business calendar: the sandbox does not know the bank holidays that far ahead',
    })
    expect(verifyHash(json, merchant.salt)).toBe(true)
  }

  beforeAll(async () => {
    db = drizzle(new PGlite())
    sandbox = await settlementSandbox({ db, merchants: [merchant], now: () => new Date() })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it('runs on the last run date, with the dispute it makes due inside the known years', async () => {
    const lastRun = lastKnownDates.run
    const captured = previousWorkingDay(previousWorkingDay(lastRun))
    await capture(db, merchant, {
      orderId: 'END-DISPUTED-1',
      amount: 50000,
      at: ist(`${captured} 10:00`),
      disputeReason: '13.1',
    })
    const { json } = await call(api('settlement/run'), merchant, {
      PAY_ID: merchant.payId,
      AS_OF: `${lastRun}T23:59:00+05:30`,
    })
    expect(json.RESPONSE_CODE).toBe('000')
    const disputes = await call(api('disputes'), merchant, {
      PAY_ID: merchant.payId,
      ORDER_ID: 'END-DISPUTED-1',
    })
    const [dispute] = JSON.parse(disputes.json.DISPUTES!) as Fields[]
    expect(dispute!.RESPOND_BY! <= calendarEnd).toBe(true)
    expect(dispute!.RESPOND_BY).toBe(addWorkingDays(lastRun, 5))
  })

  it('refuses AS_OF, FROM, TO and MONTH past the calendar with 359', async () => {
    await refused('settlement/run', { AS_OF: `${dayAfter(lastKnownDates.run)}T00:00:00+05:30` })
    // The run the finding named: a settlement run dated 2032 answered 000.
    await refused('settlement/run', { AS_OF: '2032-03-04T11:00:00+05:30' })
    await refused('settlements', { FROM: calendarEnd, TO: dayAfter(calendarEnd) })
    await refused('disputes', { FROM: dayAfter(calendarEnd), TO: dayAfter(calendarEnd) })
    await refused('gst-invoice', { MONTH: dayAfter(calendarEnd).slice(0, 7) })
  })
})
