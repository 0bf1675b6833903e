/**
 * Settlements of the built-in sandbox on the site's database, as several instances run them:
 * the same test run sent to two instances at once makes one settlement, whose CSV has the JSON's
 * figures and whose settlement.processed webhook arrives once and verifies; a disputed payment
 * gets one dispute, one dispute.created and one hold however many instances run.
 *
 * PostgreSQL only (CI's data tests): each instance has its own pool, so their runs race in
 * separate sessions as in production. On PGlite both would share its one session, where nothing
 * races; what a run makes on one instance is tried there by gateway/settlements/settlements.test.ts
 * and sandbox-books.test.ts, a decided dispute's 348 by gateway/disputes/disputes.test.ts.
 */
import { randomInt } from 'node:crypto'
import { istDateOf, nextWorkingDay } from '#core/calendar/business-calendar.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyWebhook } from '#core/protocol/webhook.ts'
import { csvColumns } from '#core/settlement/csv.ts'
import { lineFields } from '#core/settlement/settlement.ts'
import { callDispute } from '#tests/support/sandbox-disputes.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import {
  call,
  capture,
  csvOf,
  ist,
  parseCsv,
  type SettlementSandbox,
  settlementSandbox,
} from '#tests/support/sandbox-settlements.ts'
import { startReceiver, type Receiver } from '#tests/support/webhook-receiver.ts'
import { type DataStore, openDatabase } from './db/database.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'

// A merchant of this test's own: the database may hold other tests' payments.
const merchant = {
  ...demoMerchant({ siteUrl: 'https://shop.paystra.example' }),
  payId: String(3_000_000_000_000_000 + randomInt(0, 999_999_999_999)),
}
const list = (text: string) => JSON.parse(text) as Fields[]

describe.skipIf(!process.env.DATABASE_URL)(
  'settlement runs on two instances of the sandbox sharing one PostgreSQL (skipped: DATABASE_URL is unset; on PGlite one session would serve both, so their runs could not race)',
  () => {
    const stores: DataStore[] = []
    const instances: SettlementSandbox[] = []
    let receiver: Receiver

    beforeAll(async () => {
      receiver = await startReceiver()
      for (let index = 0; index < 2; index++) {
        const store = await openDatabase(testDatabaseOptions())
        stores.push(store)
        instances.push(
          await settlementSandbox({
            db: store.db,
            merchants: [merchant],
            webhooks: { allowPrivate: true, baseDelayMs: 100, pollMs: 20 },
          }),
        )
      }
    })

    afterAll(async () => {
      for (const instance of instances) await instance.close()
      await receiver?.close()
      for (const store of stores) await store.close()
    })

    it('the same AS_OF sent to both at once makes one settlement, its CSV the JSON, its webhook once', async () => {
      for (let index = 0; index < 40; index++) {
        await capture(stores[0]!.db, merchant, {
          orderId: `RACE-${index}`,
          amount: 1000 + index,
          at: ist(`2027-02-0${1 + (index % 4)} 10:00`),
          paymentType: (['UP', 'DC', 'CC', 'NB'] as const)[index % 4],
          mopType: 'XX',
        })
      }
      const asOf = '2027-02-08T11:00:00+05:30'
      const answers = await Promise.all(
        instances.map((instance) =>
          call(`${instance.url}/pgws/settlement/run`, merchant, {
            PAY_ID: merchant.payId,
            AS_OF: asOf,
            NOTIFY_URL: receiver.url,
          }),
        ),
      )
      const [first, second] = answers.map((answer) => list(answer.json.SETTLEMENTS!))
      expect(first).toEqual(second)
      // Feb 2027: the 1st–4th are Monday–Thursday: four settlement dates, each made once.
      expect(first!.map((settlement) => settlement.SETTLEMENT_DATE)).toEqual([
        '2027-02-02',
        '2027-02-03',
        '2027-02-04',
        '2027-02-05',
      ])
      expect(first!.reduce((sum, settlement) => sum + Number(settlement.PAYMENTS_COUNT), 0)).toBe(
        40,
      )

      const settlement = first![0]!
      const json = (
        await call(`${instances[1]!.url}/pgws/settlement`, merchant, {
          PAY_ID: merchant.payId,
          UTR: settlement.UTR!,
        })
      ).json
      const csv = await csvOf(`${instances[0]!.url}/pgws/settlement`, merchant, {
        PAY_ID: merchant.payId,
        SETTLEMENT_ID: settlement.SETTLEMENT_ID!,
      })
      const rows = parseCsv(await csv.text())
      expect(rows[0]).toEqual([...csvColumns])
      // The CSV marks digit-only ids as text with an apostrophe; the figures are the JSON's.
      const cells = (row: string[]) =>
        lineFields.map((field) => row[csvColumns.indexOf(field)]!.replace(/^'/, ''))
      expect(rows.slice(1, -1).map(cells)).toEqual(
        list(json.LINES!).map((line) => lineFields.map((field) => line[field] ?? '')),
      )
      expect(rows.at(-1)![0]).toBe('TOTAL')

      const deliveries = await receiver.waitFor(4)
      const events = deliveries.map((delivery) => {
        expect(
          verifyWebhook(
            delivery.body,
            String(delivery.headers['x-paystra-signature']),
            merchant.webhookSecret,
            { salt: merchant.salt },
          ).ok,
        ).toBe(true)
        return JSON.parse(delivery.body) as { type: string; data: Fields }
      })
      expect(events.map((event) => event.data.SETTLEMENT_ID).sort()).toEqual(
        first!.map((made) => made.SETTLEMENT_ID).sort(),
      )
      expect(new Set(events.map((event) => event.type))).toEqual(new Set(['settlement.processed']))
    }, 30_000)

    it('the same AS_OF sent to both at once makes one dispute, one dispute.created and one hold', async () => {
      // Monday 15 February 2027, a payment of the card disputed for 13.1.
      await capture(stores[0]!.db, merchant, {
        orderId: 'RACE-DISPUTE',
        amount: 90000,
        at: ist('2027-02-15 10:00'),
        paymentType: 'CC',
        mopType: 'VI',
        disputeReason: '13.1',
      })
      const runBoth = (asOf: string) =>
        Promise.all(
          instances.map((instance) =>
            call(`${instance.url}/pgws/settlement/run`, merchant, {
              PAY_ID: merchant.payId,
              AS_OF: asOf,
              NOTIFY_URL: receiver.url,
            }),
          ),
        )
      await runBoth('2027-02-16T12:00:00+05:30')
      const disputes = list(
        (
          await callDispute(`${instances[1]!.url}/pgws/disputes`, merchant, {
            PAY_ID: merchant.payId,
            ORDER_ID: 'RACE-DISPUTE',
          })
        ).json.DISPUTES!,
      )
      const created = async () => {
        const events = receiver.received
          .map((delivery) => JSON.parse(delivery.body) as { type: string; data: Fields })
          .filter((event) => event.type === 'dispute.created')
        return events.filter((event) => event.data.ORDER_ID === 'RACE-DISPUTE')
      }
      await expect.poll(async () => (await created()).length, { timeout: 10_000 }).toBe(1)
      const [event] = await created()
      // Tuesday 16 February 2027: Wed 17 … Sat 20 (a 3rd Saturday), Mon 22.
      expect(event!.data).toMatchObject({ RESPOND_BY: '2027-02-22', STATUS: 'OPEN' })
      expect(disputes.map((dispute) => dispute.DISPUTE_ID)).toEqual([event!.data.DISPUTE_ID])

      const [first, second] = (await runBoth('2027-02-17T12:00:00+05:30')).map((answer) =>
        list(answer.json.SETTLEMENTS!),
      )
      expect(first).toEqual(second)
      const holding = first!.find((settlement) => settlement.SETTLEMENT_DATE === '2027-02-17')!
      expect(holding).toMatchObject({ ADJUSTMENTS_AMOUNT: '-90000', PAYMENTS_COUNT: '0' })
      const lines = list(
        (
          await call(`${instances[0]!.url}/pgws/settlement`, merchant, {
            PAY_ID: merchant.payId,
            SETTLEMENT_ID: holding.SETTLEMENT_ID!,
          })
        ).json.LINES!,
      )
      expect(lines.map((line) => [line.TYPE, line.ORDER_ID, line.NET])).toEqual([
        ['DISPUTE_HOLD', 'RACE-DISPUTE', '-90000'],
      ])
      expect(
        first!.filter((settlement) => settlement.ADJUSTMENTS_AMOUNT === '-90000'),
      ).toHaveLength(1)
    }, 30_000)
    it('ACCEPT and CONTEST of one dispute sent to both at once: one is stored, the other is 348', async () => {
      // Captured now and disputed by the next working day's run, so the deadline is always ahead.
      await capture(stores[0]!.db, merchant, {
        orderId: 'RACE-ANSWER',
        amount: 30000,
        at: new Date(Date.now() - 60_000),
        disputeReason: '13.1',
      })
      await call(`${instances[0]!.url}/pgws/settlement/run`, merchant, {
        PAY_ID: merchant.payId,
        AS_OF: `${nextWorkingDay(istDateOf(new Date()))}T12:00:00+05:30`,
        NOTIFY_URL: receiver.url,
      })
      const disputesOfOrder = async (instance: SettlementSandbox) =>
        list(
          (
            await callDispute(`${instance.url}/pgws/disputes`, merchant, {
              PAY_ID: merchant.payId,
              ORDER_ID: 'RACE-ANSWER',
            })
          ).json.DISPUTES!,
        )
      const [dispute] = await disputesOfOrder(instances[0]!)
      const answers = await Promise.all([
        callDispute(`${instances[0]!.url}/pgws/dispute`, merchant, {
          PAY_ID: merchant.payId,
          DISPUTE_ID: dispute!.DISPUTE_ID!,
          ACTION: 'ACCEPT',
        }),
        callDispute(`${instances[1]!.url}/pgws/dispute`, merchant, {
          PAY_ID: merchant.payId,
          DISPUTE_ID: dispute!.DISPUTE_ID!,
          ACTION: 'CONTEST',
          EVIDENCE: 'Delivered and signed for.',
        }),
      ])
      expect(answers.map((answer) => answer.json.RESPONSE_CODE).sort()).toEqual(['000', '348'])
      const stored = answers.find((answer) => answer.json.RESPONSE_CODE === '000')!.json
      expect((await disputesOfOrder(instances[1]!))[0]!.STATUS).toBe(stored.STATUS)
    }, 30_000)
  },
)
