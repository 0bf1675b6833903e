/**
 * Disputes over HTTP on PGlite, through the sandbox's router, with a real webhook receiver: a run
 * makes a dispute for each disputed payment it settles; the next settlement holds its amount; the
 * merchant accepts or contests; the first run past the deadline decides by the documented rule;
 * a win is released in the settlement after. Each scenario has a merchant of its own, so one's
 * runs do not decide another's disputes.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  addWorkingDays,
  istDateOf,
  nextWorkingDay,
} from '#core/calendar/business-calendar.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { verifyWebhook } from '#core/protocol/webhook.ts'
import { demoMerchant, type SandboxMerchant } from '#gateway/merchants.ts'
import {
  call,
  capture,
  csvOf,
  ist,
  refund,
  type SettlementSandbox,
  settlementSandbox,
} from '#tests/support/sandbox-settlements.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { startReceiver, type Receiver } from '#tests/support/webhook-receiver.ts'
import { zipBytes } from '#tests/support/documents.ts'
import { deliveryNotePdf, tinyPng } from '#tests/support/evidence-files.ts'
import { callDispute, payOnHostedPage } from '#tests/support/sandbox-disputes.ts'

const merchantNumbered = (n: number): SandboxMerchant => ({
  ...demoMerchant({ siteUrl: 'https://shop.paystra.example' }),
  payId: String(1_000_000_000_000_100 + n),
})
const winning = merchantNumbered(1)
const losing = merchantNumbered(2)
const silent = merchantNumbered(3)
const accepting = merchantNumbered(4)
const refusing = merchantNumbered(5)
const foreign = merchantNumbered(6)
const abroad = merchantNumbered(7)

let db: GatewayDatabase
let sandbox: SettlementSandbox
let receiver: Receiver
let clock = new Date()

const api = (path: string) => `${sandbox.url}/pgws/${path}`
const list = (text: string) => JSON.parse(text) as Fields[]
const run = async (who: SandboxMerchant, asOf: string) => {
  const { json } = await call(api('settlement/run'), who, {
    PAY_ID: who.payId,
    AS_OF: asOf,
    NOTIFY_URL: receiver.url,
  })
  expect(json.RESPONSE_CODE).toBe('000')
  return list(json.SETTLEMENTS!)
}
const linesOf = async (who: SandboxMerchant, settlementId: string) =>
  list(
    (await call(api('settlement'), who, { PAY_ID: who.payId, SETTLEMENT_ID: settlementId })).json
      .LINES!,
  )
const reconOf = async (who: SandboxMerchant, orderId: string) =>
  list((await call(api('recon'), who, { PAY_ID: who.payId, ORDER_ID: orderId })).json.RECON!)
const answer = (who: SandboxMerchant, fields: Fields) =>
  callDispute(api('dispute'), who, { PAY_ID: who.payId, ...fields })
const disputesOfOrder = async (who: SandboxMerchant, orderId: string) => {
  const { json } = await callDispute(api('disputes'), who, { PAY_ID: who.payId, ORDER_ID: orderId })
  expect(verifyHash(json, who.salt)).toBe(true)
  return list(json.DISPUTES!)
}

interface Event {
  id: string
  type: string
  data: Fields
}
/** The events delivered for an order, verified, in the order they arrived. */
const eventsOf = (orderId: string, who: SandboxMerchant) =>
  receiver.received
    .map((delivery) => {
      const verified = verifyWebhook(
        delivery.body,
        String(delivery.headers['x-paystra-signature']),
        who.webhookSecret,
        { salt: who.salt },
      )
      expect(verified.ok).toBe(true)
      return JSON.parse(delivery.body) as Event
    })
    .filter((event) => event.type.startsWith('dispute.') && event.data.ORDER_ID === orderId)
const waitForEvent = async (orderId: string, who: SandboxMerchant, type: string) => {
  await expect
    .poll(() => eventsOf(orderId, who).some((event) => event.type === type), { timeout: 10_000 })
    .toBe(true)
  await receiver.waitFor(receiver.received.length)
  const event = eventsOf(orderId, who).find((candidate) => candidate.type === type)!
  expect(event.data.PAY_ID).toBe(who.payId)
  expect(verifyHash(event.data, who.salt)).toBe(true)
  return event.data
}
const count = async (table: string) =>
  Number(
    (
      await rowsOf<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)}`)
    )[0]!.n,
  )
const storedDispute = async (id: string) =>
  (
    await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT status, answer, evidence, evidence_file, evidence_file_name, resolution,
          decided_at FROM sandbox_disputes WHERE id = ${id}`,
    )
  )[0]
const istNoon = (date: string) => `${date}T12:00:00+05:30`
const pdf = deliveryNotePdf()

beforeAll(async () => {
  db = drizzle(new PGlite())
  receiver = await startReceiver()
  sandbox = await settlementSandbox({
    db,
    merchants: [winning, losing, silent, accepting, refusing, foreign, abroad],
    webhooks: { allowPrivate: true, baseDelayMs: 100, pollMs: 20 },
    now: () => clock,
  })
})
afterAll(async () => {
  await sandbox?.close()
  await receiver?.close()
})

describe('a payment with 4000 0000 0000 1976, contested with a document', () => {
  it('is disputed by the run that settles it, held by the next settlement, won after the deadline and released', async () => {
    await payOnHostedPage(sandbox.url, winning, {
      orderId: 'DSP-WON-1',
      amount: '250000',
      card: '4000 0000 0000 1976',
    })
    const [payment] = await rowsOf<{ completed_at: Date | string; dispute_reason: string }>(
      db,
      sql`SELECT completed_at, dispute_reason FROM sandbox_transactions WHERE order_id = 'DSP-WON-1'`,
    )
    expect(payment!.dispute_reason).toBe('13.1')
    const made = nextWorkingDay(istDateOf(new Date(payment!.completed_at)))
    const respondBy = addWorkingDays(made, 5)

    const first = await run(winning, istNoon(made))
    expect(first.map((settlement) => settlement.PAYMENTS_COUNT)).toEqual(['1'])
    const created = await waitForEvent('DSP-WON-1', winning, 'dispute.created')
    const { PAY_ID: _, HASH: __, ...fields } = created
    expect(fields).toEqual({
      DISPUTE_ID: expect.stringMatching(/^dsp_[0-9a-f]{20}$/),
      ORDER_ID: 'DSP-WON-1',
      TXN_ID: expect.stringMatching(/^\d{16}$/),
      PG_REF_NUM: expect.stringMatching(/^\d{18}$/),
      AMOUNT: '250000',
      CURRENCY_CODE: '356',
      INR_AMOUNT: '250000',
      REASON_CODE: '13.1',
      REASON: 'Merchandise or services not received',
      RESPOND_BY: respondBy,
      STATUS: 'OPEN',
      EVIDENCE_RECEIVED: 'N',
      CREATED_AT: `${made} 12:00:00`,
      DECIDED_AT: '',
      RESOLUTION: '',
    })
    const disputeId = created.DISPUTE_ID!
    expect(await disputesOfOrder(winning, 'DSP-WON-1')).toEqual([fields])
    const byDate = (
      await callDispute(api('disputes'), winning, {
        PAY_ID: winning.payId,
        FROM: made,
        TO: made,
      })
    ).json
    expect(byDate).toMatchObject({ RESPONSE_CODE: '000', FROM: made, TO: made })
    expect(list(byDate.DISPUTES!)).toEqual([fields])

    // The next run's settlement holds the amount, made for it alone.
    const heldOn = nextWorkingDay(made)
    const second = await run(winning, istNoon(heldOn))
    const holding = second.find((settlement) => settlement.SETTLEMENT_DATE === heldOn)!
    expect(holding).toMatchObject({
      PAYMENTS_COUNT: '0',
      ADJUSTMENTS_AMOUNT: '-250000',
      NET_AMOUNT: '-250000',
      STATUS: 'CARRIED_FORWARD',
    })
    expect(await linesOf(winning, holding.SETTLEMENT_ID!)).toEqual([
      {
        TYPE: 'DISPUTE_HOLD',
        ORDER_ID: 'DSP-WON-1',
        TXN_ID: fields.TXN_ID,
        PG_REF_NUM: fields.PG_REF_NUM,
        PAYMENT_TYPE: 'CC',
        MOP_TYPE: 'VI',
        AMOUNT: '-250000',
        FEE: '0',
        GST: '0',
        NET: '-250000',
        DATE: `${made} 12:00:00`,
        DESCRIPTION: `Dispute ${disputeId} held: 13.1 Merchandise or services not received`,
        DISPUTE_ID: disputeId,
        SOURCE_SETTLEMENT_ID: '',
      },
    ])
    // Held once: the same run again makes nothing.
    expect((await run(winning, istNoon(heldOn))).length).toBe(second.length)
    // The order's recon: its payment paid out, its hold in a settlement nothing has paid yet.
    const paidIn = first.find((settlement) => settlement.SETTLEMENT_DATE === made)!
    expect(await reconOf(winning, 'DSP-WON-1')).toEqual([
      expect.objectContaining({
        TYPE: 'PAYMENT',
        DISPUTE_ID: '',
        STATE: 'SETTLED',
        SETTLEMENT_ID: paidIn.SETTLEMENT_ID,
        SETTLEMENT_STATUS: 'PROCESSED',
        PAID_BY_SETTLEMENT_ID: paidIn.SETTLEMENT_ID,
        UTR: paidIn.UTR,
      }),
      expect.objectContaining({
        TYPE: 'DISPUTE_HOLD',
        TXN_ID: fields.TXN_ID,
        AMOUNT: '-250000',
        FEE: '0',
        GST: '0',
        NET: '-250000',
        DATE: `${made} 12:00:00`,
        DISPUTE_ID: disputeId,
        STATE: 'CARRIED_FORWARD',
        SETTLEMENT_ID: holding.SETTLEMENT_ID,
        SETTLEMENT_DATE: heldOn,
        SETTLEMENT_STATUS: 'CARRIED_FORWARD',
        PAID_BY_SETTLEMENT_ID: '',
        UTR: '',
        EXPECTED_SETTLEMENT_DATE: heldOn,
      }),
    ])

    const contested = await answer(winning, {
      DISPUTE_ID: disputeId,
      ACTION: 'CONTEST',
      EVIDENCE: 'Delivered on the 30th; the customer signed the delivery note attached.',
      EVIDENCE_FILE: pdf.toString('base64'),
      EVIDENCE_FILE_NAME: 'delivery-note.pdf',
    })
    expect(verifyHash(contested.json, winning.salt)).toBe(true)
    expect(contested.json).toMatchObject({
      PAY_ID: winning.payId,
      DISPUTE_ID: disputeId,
      STATUS: 'UNDER_REVIEW',
      EVIDENCE_RECEIVED: 'Y',
      DECIDED_AT: '',
      RESPONSE_CODE: '000',
    })
    expect(await storedDispute(disputeId)).toMatchObject({
      evidence_file: pdf.toString('base64'),
      evidence_file_name: 'delivery-note.pdf',
    })

    // On the deadline day itself, nothing is decided yet.
    await run(winning, `${respondBy}T23:59:00+05:30`)
    expect((await disputesOfOrder(winning, 'DSP-WON-1'))[0]!.STATUS).toBe('UNDER_REVIEW')

    const decidedOn = addDays(respondBy, 1)
    await run(winning, istNoon(decidedOn))
    const won = await waitForEvent('DSP-WON-1', winning, 'dispute.won')
    expect(won).toMatchObject({
      DISPUTE_ID: disputeId,
      STATUS: 'WON',
      EVIDENCE_RECEIVED: 'Y',
      DECIDED_AT: `${decidedOn} 12:00:00`,
      RESOLUTION: 'Evidence accepted by the issuer',
    })

    const releasedOn = nextWorkingDay(decidedOn)
    const releasing = (await run(winning, istNoon(releasedOn))).find(
      (settlement) => settlement.SETTLEMENT_DATE === releasedOn,
    )!
    const lines = await linesOf(winning, releasing.SETTLEMENT_ID!)
    expect(
      lines.map((line) => [
        line.TYPE,
        line.ORDER_ID,
        line.NET,
        line.DESCRIPTION,
        line.DISPUTE_ID,
        line.SOURCE_SETTLEMENT_ID,
      ]),
    ).toEqual([
      [
        'CARRY_FORWARD',
        '',
        '-250000',
        `Balance carried forward from ${holding.SETTLEMENT_ID}`,
        '',
        holding.SETTLEMENT_ID,
      ],
      [
        'DISPUTE_RELEASE',
        'DSP-WON-1',
        '250000',
        `Dispute ${disputeId} won: hold released`,
        disputeId,
        '',
      ],
    ])
    expect(releasing).toMatchObject({ NET_AMOUNT: '0', ADJUSTMENTS_AMOUNT: '0' })
    expect(
      (await reconOf(winning, 'DSP-WON-1')).map((entry) => [
        entry.TYPE,
        entry.NET,
        entry.DISPUTE_ID,
        entry.SETTLEMENT_ID,
        entry.STATE,
      ]),
    ).toEqual([
      ['PAYMENT', expect.any(String), '', expect.any(String), 'SETTLED'],
      ['DISPUTE_HOLD', '-250000', disputeId, holding.SETTLEMENT_ID, 'CARRIED_FORWARD'],
      ['DISPUTE_RELEASE', '250000', disputeId, releasing.SETTLEMENT_ID, 'CARRIED_FORWARD'],
    ])
    expect(eventsOf('DSP-WON-1', winning).map((event) => event.type)).toEqual([
      'dispute.created',
      'dispute.won',
    ])
  })
})

describe('the disputes that are lost', () => {
  it('4000 0000 0000 0259 contested with a document: lost, evidence cannot overturn 10.4; the hold stays', async () => {
    await payOnHostedPage(sandbox.url, losing, {
      orderId: 'DSP-LOST-1',
      amount: '120000',
      card: '4000000000000259',
      notifyUrl: receiver.url,
    })
    const [payment] = await rowsOf<{ completed_at: Date | string }>(
      db,
      sql`SELECT completed_at FROM sandbox_transactions WHERE order_id = 'DSP-LOST-1'`,
    )
    const made = nextWorkingDay(istDateOf(new Date(payment!.completed_at)))
    await run(losing, istNoon(made))
    const created = await waitForEvent('DSP-LOST-1', losing, 'dispute.created')
    expect(created).toMatchObject({
      REASON_CODE: '10.4',
      REASON: 'Fraud: card-absent environment',
    })
    const contested = await answer(losing, {
      DISPUTE_ID: created.DISPUTE_ID!,
      ACTION: 'CONTEST',
      EVIDENCE: 'The customer logged in with their own password and 3-D Secure.',
      EVIDENCE_FILE: tinyPng().toString('base64'),
      EVIDENCE_FILE_NAME: 'login.png',
    })
    expect(contested.json).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'UNDER_REVIEW' })
    const decidedOn = addDays(created.RESPOND_BY!, 1)
    await run(losing, istNoon(decidedOn))
    expect(await waitForEvent('DSP-LOST-1', losing, 'dispute.lost')).toMatchObject({
      STATUS: 'LOST',
      RESOLUTION: 'Evidence cannot overturn a dispute of this reason',
      DECIDED_AT: `${decidedOn} 12:00:00`,
    })
    const later = nextWorkingDay(decidedOn)
    const settlements = await run(losing, istNoon(later))
    const lines = (
      await Promise.all(settlements.map((settlement) => linesOf(losing, settlement.SETTLEMENT_ID!)))
    ).flat()
    expect(
      lines.filter((line) => line.ORDER_ID === 'DSP-LOST-1').map((line) => [line.TYPE, line.NET]),
    ).toEqual([
      ['PAYMENT', String(120000 - 2400 - 432)],
      ['DISPUTE_HOLD', '-120000'],
    ])
  })

  it('a deadline missed is lost, and 13.1 contested without a document is lost', async () => {
    await capture(db, silent, {
      orderId: 'DSP-SILENT-1',
      amount: 50000,
      at: ist('2026-12-01 10:00'),
      disputeReason: '13.1',
    })
    await capture(db, silent, {
      orderId: 'DSP-TEXT-1',
      amount: 60000,
      at: ist('2026-12-01 10:30'),
      disputeReason: '13.1',
    })
    clock = ist('2026-12-02 12:30')
    await run(silent, '2026-12-02T12:00:00+05:30')
    const [unanswered] = await disputesOfOrder(silent, 'DSP-SILENT-1')
    const [textOnly] = await disputesOfOrder(silent, 'DSP-TEXT-1')
    // Wednesday 2 December: Thu 3, Fri 4, Sat 5 (1st), Mon 7, Tue 8.
    expect(unanswered!.RESPOND_BY).toBe('2026-12-08')
    const contested = await answer(silent, {
      DISPUTE_ID: textOnly!.DISPUTE_ID!,
      ACTION: 'CONTEST',
      EVIDENCE: 'Tracking number EZ123456789IN shows it delivered.',
    })
    expect(contested.json).toMatchObject({ RESPONSE_CODE: '000', EVIDENCE_RECEIVED: 'Y' })
    await run(silent, '2026-12-09T00:00:00+05:30')
    expect(await waitForEvent('DSP-SILENT-1', silent, 'dispute.lost')).toMatchObject({
      STATUS: 'LOST',
      EVIDENCE_RECEIVED: 'N',
      RESOLUTION: 'No answer by the deadline',
      DECIDED_AT: '2026-12-09 00:00:00',
    })
    expect(await waitForEvent('DSP-TEXT-1', silent, 'dispute.lost')).toMatchObject({
      RESOLUTION: 'No document sent with the evidence',
    })
    // Decided without an answer: too late to answer now.
    clock = ist('2026-12-08 10:00')
    const late = await answer(silent, { DISPUTE_ID: unanswered!.DISPUTE_ID!, ACTION: 'ACCEPT' })
    expect(late.json).toMatchObject({ RESPONSE_CODE: '349', STATUS: 'Failed' })
  })

  it('accepted: lost at once with its event, decided by nobody after; the hold stays', async () => {
    await capture(db, accepting, {
      orderId: 'DSP-ACCEPT-1',
      amount: 70000,
      at: ist('2026-12-01 10:00'),
      disputeReason: '13.1',
      notifyUrl: receiver.url,
    })
    await run(accepting, '2026-12-02T12:00:00+05:30')
    const [dispute] = await disputesOfOrder(accepting, 'DSP-ACCEPT-1')
    clock = ist('2026-12-03 09:15')
    const accepted = await answer(accepting, { DISPUTE_ID: dispute!.DISPUTE_ID!, ACTION: 'ACCEPT' })
    expect(verifyHash(accepted.json, accepting.salt)).toBe(true)
    expect(accepted.json).toMatchObject({
      PAY_ID: accepting.payId,
      STATUS: 'LOST',
      EVIDENCE_RECEIVED: 'N',
      DECIDED_AT: '2026-12-03 09:15:00',
      RESOLUTION: 'Accepted by the merchant',
      RESPONSE_CODE: '000',
    })
    const lost = await waitForEvent('DSP-ACCEPT-1', accepting, 'dispute.lost')
    const { HASH: _, PAY_ID: __, ...eventFields } = lost
    const {
      HASH: _a,
      PAY_ID: _b,
      RESPONSE_CODE,
      RESPONSE_MESSAGE,
      RESPONSE_DATE_TIME,
      ...answered
    } = accepted.json
    expect(eventFields).toEqual(answered)
    const settlements = await run(accepting, '2026-12-10T12:00:00+05:30')
    const lines = (
      await Promise.all(
        settlements.map((settlement) => linesOf(accepting, settlement.SETTLEMENT_ID!)),
      )
    ).flat()
    expect(
      lines.filter((line) => line.ORDER_ID === 'DSP-ACCEPT-1').map((line) => line.NET),
    ).toEqual([String(70000 - 1400 - 252), '-70000'])
    expect(eventsOf('DSP-ACCEPT-1', accepting).map((event) => event.type)).toEqual([
      'dispute.created',
      'dispute.lost',
    ])
  })
})

describe('refusals: each with its code, signed, nothing stored', () => {
  let open: string
  let contested: string
  let others: string

  beforeAll(async () => {
    await capture(db, refusing, {
      orderId: 'DSP-REFUSE-1',
      amount: 40000,
      at: ist('2026-12-14 10:00'),
      disputeReason: '13.1',
    })
    await capture(db, refusing, {
      orderId: 'DSP-REFUSE-2',
      amount: 40000,
      at: ist('2026-12-14 10:00'),
      disputeReason: '13.1',
    })
    await run(refusing, '2026-12-15T12:00:00+05:30')
    open = (await disputesOfOrder(refusing, 'DSP-REFUSE-1'))[0]!.DISPUTE_ID!
    contested = (await disputesOfOrder(refusing, 'DSP-REFUSE-2'))[0]!.DISPUTE_ID!
    others = (await disputesOfOrder(accepting, 'DSP-ACCEPT-1'))[0]!.DISPUTE_ID!
    clock = ist('2026-12-16 10:00')
    const first = await answer(refusing, {
      DISPUTE_ID: contested,
      ACTION: 'CONTEST',
      EVIDENCE: 'Proof of delivery attached.',
      EVIDENCE_FILE: pdf.toString('base64'),
      EVIDENCE_FILE_NAME: 'pod.pdf',
    })
    expect(first.json.RESPONSE_CODE).toBe('000')
  })

  const base64 = (text: string) => Buffer.from(text).toString('base64')
  const contest = (fields: Fields = {}): Fields => ({
    ACTION: 'CONTEST',
    EVIDENCE: 'Delivered and signed for.',
    ...fields,
  })
  const cases: Array<[string, () => Fields, string]> = [
    [
      'an unknown dispute',
      () => ({ DISPUTE_ID: 'dsp_00000000000000000000', ACTION: 'ACCEPT' }),
      '346',
    ],
    ['a malformed dispute id', () => ({ DISPUTE_ID: 'dsp_XYZ', ACTION: 'ACCEPT' }), '346'],
    ['no dispute id', () => ({ ACTION: 'ACCEPT' }), '346'],
    ["another merchant's dispute", () => ({ DISPUTE_ID: others, ACTION: 'ACCEPT' }), '346'],
    [
      'an action other than ACCEPT or CONTEST',
      () => ({ DISPUTE_ID: open, ACTION: 'REFUND' }),
      '347',
    ],
    ['no action', () => ({ DISPUTE_ID: open }), '347'],
    [
      'a dispute contested already, contested again',
      () => ({ DISPUTE_ID: contested, ...contest() }),
      '348',
    ],
    [
      'a dispute contested already, then accepted',
      () => ({ DISPUTE_ID: contested, ACTION: 'ACCEPT' }),
      '348',
    ],
    ['no evidence', () => ({ DISPUTE_ID: open, ACTION: 'CONTEST' }), '350'],
    ['blank evidence', () => ({ DISPUTE_ID: open, ...contest({ EVIDENCE: ' \n\t ' }) }), '350'],
    [
      'evidence over 5,000 characters',
      () => ({ DISPUTE_ID: open, ...contest({ EVIDENCE: 'é'.repeat(5001) }) }),
      '350',
    ],
    [
      'a file over 2 MB',
      () => ({
        DISPUTE_ID: open,
        ...contest({
          EVIDENCE_FILE: Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024)]).toString('base64'),
          EVIDENCE_FILE_NAME: 'big.pdf',
        }),
      }),
      '351',
    ],
    [
      'a PNG named .pdf',
      () => ({
        DISPUTE_ID: open,
        ...contest({ EVIDENCE_FILE: tinyPng().toString('base64'), EVIDENCE_FILE_NAME: 'pod.pdf' }),
      }),
      '352',
    ],
    [
      // Its first bytes are a PDF's: only reading the whole file finds the page and the archive.
      'a PDF header in front of an HTML page and a ZIP archive',
      () => ({
        DISPUTE_ID: open,
        ...contest({
          EVIDENCE_FILE: Buffer.concat([
            Buffer.from('%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n'),
            zipBytes({ 'pod.exe': 'MZ' }),
            Buffer.from('%%EOF\n'),
          ]).toString('base64'),
          EVIDENCE_FILE_NAME: 'pod.pdf',
        }),
      }),
      '352',
    ],
    [
      'plain text as a file',
      () => ({
        DISPUTE_ID: open,
        ...contest({
          EVIDENCE_FILE: base64('Delivered on Monday.'),
          EVIDENCE_FILE_NAME: 'pod.pdf',
        }),
      }),
      '352',
    ],
    [
      'a file that is not Base64',
      () => ({
        DISPUTE_ID: open,
        ...contest({ EVIDENCE_FILE: '%PDF-1.4', EVIDENCE_FILE_NAME: 'a.pdf' }),
      }),
      '352',
    ],
    [
      'a file without its name',
      () => ({ DISPUTE_ID: open, ...contest({ EVIDENCE_FILE: pdf.toString('base64') }) }),
      '352',
    ],
    [
      'a name without a file',
      () => ({ DISPUTE_ID: open, ...contest({ EVIDENCE_FILE_NAME: 'pod.pdf' }) }),
      '352',
    ],
    [
      'a name with a path',
      () => ({
        DISPUTE_ID: open,
        ...contest({ EVIDENCE_FILE: pdf.toString('base64'), EVIDENCE_FILE_NAME: '../pod.pdf' }),
      }),
      '352',
    ],
  ]
  it.each(cases)('%s', async (_name, fields, code) => {
    const before = [await storedDispute(open), await storedDispute(contested)]
    const events = await count('sandbox_webhook_events')
    const { status, json } = await answer(refusing, fields())
    expect(status).toBe(200)
    expect(json).toMatchObject({ STATUS: 'Failed', RESPONSE_CODE: code, PAY_ID: refusing.payId })
    expect(verifyHash(json, refusing.salt)).toBe(true)
    expect([await storedDispute(open), await storedDispute(contested)]).toEqual(before)
    expect(await count('sandbox_webhook_events')).toBe(events)
  })

  it('after the deadline: 349, nothing stored', async () => {
    const before = await storedDispute(open)
    clock = ist('2026-12-22 00:00')
    // Tuesday 15 December + 5 working days: Wed 16 … Mon 21 (the 19th is a 3rd Saturday).
    expect((await disputesOfOrder(refusing, 'DSP-REFUSE-1'))[0]!.RESPOND_BY).toBe('2026-12-21')
    const { json } = await answer(refusing, { DISPUTE_ID: open, ...contest() })
    expect(json).toMatchObject({ RESPONSE_CODE: '349', STATUS: 'Failed' })
    expect(await storedDispute(open)).toEqual(before)
    clock = ist('2026-12-21 23:59')
    expect((await answer(refusing, { DISPUTE_ID: open, ACTION: 'ACCEPT' })).json).toMatchObject({
      RESPONSE_CODE: '000',
      STATUS: 'LOST',
    })
  })

  it('lists refuse a malformed ORDER_ID (321) and a bad range (339, 340)', async () => {
    for (const [fields, code] of [
      [{ ORDER_ID: 'has space' }, '321'],
      [{ FROM: '2026-12-31', TO: '2026-12-01' }, '339'],
      [{}, '339'],
      [{ FROM: '2026-01-01', TO: '2026-12-01' }, '340'],
    ] as const) {
      const { json } = await callDispute(api('disputes'), refusing, {
        PAY_ID: refusing.payId,
        ...fields,
      })
      expect(json).toMatchObject({ RESPONSE_CODE: code, STATUS: 'Failed' })
      expect(verifyHash(json, refusing.salt)).toBe(true)
    }
  })

  it('only the answer takes a body the size of a 2 MB file; every other API keeps 16 kB', async () => {
    const padding = 'x'.repeat(20_000)
    const small = await fetch(api('disputes'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ PAY_ID: refusing.payId, ORDER_ID: 'X', PAD: padding }),
    })
    expect(small.status).toBe(400)
    expect(((await small.json()) as Fields).RESPONSE_CODE).toBe('326')
    const huge = await fetch(api('dispute'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ PAY_ID: refusing.payId, PAD: 'x'.repeat(3 * 1024 * 1024) }),
    })
    expect(huge.status).toBe(400)
  })
})

describe('foreign payments in settlements and disputes', () => {
  it('settle their rupee amounts on the international cards row, with their currency, amount and rate; a dispute holds what was not refunded', async () => {
    // $5.00 at 84.2150 is ₹421.08; $2.50 refunded the same day is ₹210.54.
    const paid = await capture(db, foreign, {
      orderId: 'FX-1',
      amount: 500,
      currencyCode: '840',
      inrAmount: 42108,
      fxRate: '84.2150',
      at: ist('2026-12-01 10:00'),
      paymentType: 'CC',
      mopType: 'VI',
      disputeReason: '13.1',
    })
    await refund(db, foreign, paid, 'FX-1', 250, ist('2026-12-01 15:00'), {
      currencyCode: '840',
      inrAmount: 21054,
    })
    await capture(db, foreign, {
      orderId: 'INR-1',
      amount: 100000,
      at: ist('2026-12-01 11:00'),
      paymentType: 'CC',
      mopType: 'VI',
    })
    const [settlement] = await run(foreign, '2026-12-02T12:00:00+05:30')
    const lines = await linesOf(foreign, settlement!.SETTLEMENT_ID!)
    expect(lines).toEqual([
      expect.objectContaining({
        TYPE: 'PAYMENT',
        ORDER_ID: 'FX-1',
        AMOUNT: '42108',
        FEE: '1263',
        GST: '227',
        NET: String(42108 - 1263 - 227),
        DESCRIPTION: 'International cards (3.00%)',
        CURRENCY_CODE: '840',
        ORIGINAL_AMOUNT: '500',
        FX_RATE: '84.2150',
      }),
      expect.not.objectContaining({ CURRENCY_CODE: expect.anything() }),
      expect.objectContaining({
        TYPE: 'REFUND',
        AMOUNT: '21054',
        NET: '-21054',
        CURRENCY_CODE: '840',
        ORIGINAL_AMOUNT: '250',
        FX_RATE: '84.2150',
      }),
    ])
    expect(lines[1]).toMatchObject({ ORDER_ID: 'INR-1', AMOUNT: '100000', FEE: '2000' })
    expect(settlement).toMatchObject({
      GROSS_AMOUNT: String(42108 + 100000),
      REFUNDS_AMOUNT: '21054',
      FEES_AMOUNT: String(1263 + 2000),
    })
    const csv = await csvOf(api('settlement'), foreign, {
      PAY_ID: foreign.payId,
      SETTLEMENT_ID: settlement!.SETTLEMENT_ID!,
    })
    const rows = (await csv.text()).split('\r\n').filter(Boolean)
    expect(
      rows[0]!.endsWith(
        ',DESCRIPTION,DISPUTE_ID,SOURCE_SETTLEMENT_ID,CURRENCY_CODE,ORIGINAL_AMOUNT,FX_RATE',
      ),
    ).toBe(true)
    // The currency code is digits: written as text, so a spreadsheet keeps it as it is.
    expect(rows[1]!.endsWith(",International cards (3.00%),,,'840,500,84.2150")).toBe(true)
    expect(rows[2]!.endsWith(',Credit card (2.00%),,,,,')).toBe(true)

    const recon = list(
      (await call(api('recon'), foreign, { PAY_ID: foreign.payId, ORDER_ID: 'FX-1' })).json.RECON!,
    )
    expect(recon.map((entry) => [entry.TYPE, entry.AMOUNT, entry.FEE, entry.NET])).toEqual([
      ['PAYMENT', '42108', '1263', String(42108 - 1263 - 227)],
      ['REFUND', '21054', '0', '-21054'],
      // The run that settled the payment raised its dispute: what was not refunded is held.
      ['DISPUTE_HOLD', '-21054', '0', '-21054'],
    ])

    const [dispute] = await disputesOfOrder(foreign, 'FX-1')
    expect(dispute).toMatchObject({ AMOUNT: '250', CURRENCY_CODE: '840', INR_AMOUNT: '21054' })
    const holding = (await run(foreign, '2026-12-03T12:00:00+05:30')).find(
      (made) => made.SETTLEMENT_DATE === '2026-12-03',
    )
    // Held in the payment's currency, at its rate, as its payment and refund were settled.
    expect(await linesOf(foreign, holding!.SETTLEMENT_ID!)).toEqual([
      expect.objectContaining({
        TYPE: 'DISPUTE_HOLD',
        ORDER_ID: 'FX-1',
        AMOUNT: '-21054',
        NET: '-21054',
        DISPUTE_ID: dispute!.DISPUTE_ID,
        CURRENCY_CODE: '840',
        ORIGINAL_AMOUNT: '250',
        FX_RATE: '84.2150',
      }),
    ])
  })

  it('a card payment in dollars on the hosted page, refunded in part, settles and is disputed in both currencies', async () => {
    await payOnHostedPage(sandbox.url, abroad, {
      orderId: 'FX-LIVE-1',
      amount: '1234',
      currencyCode: '840',
      card: '4000 0000 0000 1976',
    })
    const refunded = await fetch(`${sandbox.url}/pgws/transact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        withHash(
          {
            PAY_ID: abroad.payId,
            ORDER_ID: 'FX-LIVE-1',
            REFUND_ORDER_ID: 'FX-LIVE-1-R1',
            AMOUNT: '234',
            CURRENCY_CODE: '840',
            TXNTYPE: 'REFUND',
          },
          abroad.salt,
        ),
      ),
    })
    expect(((await refunded.json()) as Fields).RESPONSE_CODE).toBe('000')
    const [payment] = await rowsOf<{ completed_at: Date | string }>(
      db,
      sql`SELECT completed_at FROM sandbox_transactions WHERE order_id = 'FX-LIVE-1'`,
    )
    const made = nextWorkingDay(istDateOf(new Date(payment!.completed_at)))
    const [settlement] = await run(abroad, istNoon(made))
    // $12.34 at 84.2150 is 103921.31 paise: 103921; $10.00 is 84215, so $2.34 refunded is 19706.
    // The international cards row: 3 % of ₹1,039.21 is 3118 paise, GST 561.
    const lines = await linesOf(abroad, settlement!.SETTLEMENT_ID!)
    expect(lines.map((line) => [line.TYPE, line.AMOUNT, line.FEE, line.GST, line.NET])).toEqual([
      ['PAYMENT', '103921', '3118', '561', String(103921 - 3118 - 561)],
      ['REFUND', '19706', '0', '0', '-19706'],
    ])
    for (const [line, original] of [
      [lines[0]!, '1234'],
      [lines[1]!, '234'],
    ] as const) {
      expect(line).toMatchObject({
        CURRENCY_CODE: '840',
        ORIGINAL_AMOUNT: original,
        FX_RATE: '84.2150',
      })
    }
    expect((await disputesOfOrder(abroad, 'FX-LIVE-1'))[0]).toMatchObject({
      AMOUNT: '1000',
      CURRENCY_CODE: '840',
      INR_AMOUNT: '84215',
    })
  })
})
