import { beforeAll, describe, expect, it } from 'vitest'
import { webhookEventTypes } from '#core/protocol/webhook.ts'
import { eventDataSchemas, openApiDocument } from '#gateway/openapi/document.ts'
import { column, markedTables, records } from '#tests/support/doc-tables.ts'
import { loadGuides } from './guides.ts'

/**
 * Statement 4 of issue 25: the webhook chapter said to check that `data.AMOUNT` equals the
 * order's amount, which refuses every refund.processed (its AMOUNT is the refund's) and every
 * partly refunded dispute. The chapter now says per event type what to compare; this test holds
 * that table to the events the gateway sends and to the fields their `data` carries.
 */

const schemas = openApiDocument().components.schemas as unknown as Record<
  string,
  { properties: Record<string, unknown> }
>
let table: Array<Record<string, string>>

beforeAll(async () => {
  const guides = await loadGuides()
  const found = markedTables(guides.get('api')!.body).find((t) => t.tag === 'webhook-data')
  if (!found) throw new Error('the API guide has no table marked "checks: webhook-data"')
  table = records(found)
})

const typesOf = (row: Record<string, string>) => row.Event!.split(/,\s*/)
const fieldsOf = (row: Record<string, string>) => row.Compare!.split(/,\s*/)

describe('what to compare in a webhook event’s data', () => {
  it('names every event type the gateway sends, once', () => {
    const listed = table.flatMap(typesOf)
    expect([...listed].sort()).toEqual([...webhookEventTypes].sort())
  })

  it('compares only fields the event’s data carries', () => {
    for (const row of table) {
      for (const type of typesOf(row)) {
        const schema = schemas[eventDataSchemas[type as keyof typeof eventDataSchemas]]!
        for (const field of fieldsOf(row)) {
          expect(Object.keys(schema.properties), `${type}: ${field}`).toContain(field)
        }
      }
    }
  })

  it('compares a refund with the refund asked for, not with the order’s amount', () => {
    const refund = table.find((row) => typesOf(row).includes('refund.processed'))!
    expect(fieldsOf(refund)).toEqual(expect.arrayContaining(['REFUND_ORDER_ID', 'AMOUNT']))
    expect(refund.With).toMatch(/the refund's amount/)
    expect(refund.With).toMatch(/not the order's/)
    const dispute = table.find((row) => typesOf(row).includes('dispute.created'))!
    expect(dispute.With).toMatch(/less than the order's/)
  })

  it('says nowhere that every event’s AMOUNT is the order’s', async () => {
    const guides = await loadGuides()
    for (const [slug, guide] of guides) {
      expect(guide.body, slug).not.toMatch(/as for any response, that `data\.PAY_ID`/)
      expect(guide.body, slug).not.toMatch(/`AMOUNT` are those of your order/)
    }
  })
})

it('the marked table is a table of events (a sanity check of the marker)', async () => {
  const guides = await loadGuides()
  const [found] = markedTables(guides.get('pg-hosted')!.body).filter((t) => t.kind === 'checks')
  expect(column(found!, 'Event').length).toBeGreaterThan(0)
})
