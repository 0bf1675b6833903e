/**
 * The shared vectors' reconciliation section, which every kit's reconcile is checked against: its
 * cases speak the settlement and recon contract (typed lines, the recon STATEs), show every result,
 * and its description states the precedence the kits' module docs repeat.
 */
import { describe, expect, it } from 'vitest'
import vectorFile from './vectors.json'

type Fields = Record<string, string>

interface ReconciliationVectors {
  about: string
  results: string[]
  precedence: string[]
  cases: Array<{
    name: string
    today: string
    orders: Fields[]
    settlements: Array<Fields & { LINES: Fields[] }>
    recon: Record<string, Fields[]>
    report: Fields[]
  }>
}

const { reconciliation } = vectorFile as unknown as { reconciliation: ReconciliationVectors }

const columns = [
  'ORDER_ID',
  'RESULT',
  'AMOUNT',
  'SETTLED_AMOUNT',
  'REFUNDED_AMOUNT',
  'HELD_AMOUNT',
  'NET',
  'SETTLEMENT_ID',
  'UTR',
  'SETTLEMENT_DATE',
  'EXPECTED_SETTLEMENT_DATE',
]
const lineTypes = ['PAYMENT', 'REFUND', 'DISPUTE_HOLD', 'DISPUTE_RELEASE', 'CARRY_FORWARD', 'FEE']
const entryTypes = ['PAYMENT', 'REFUND', 'DISPUTE_HOLD', 'DISPUTE_RELEASE']

describe('reconciliation vectors', () => {
  const { cases } = reconciliation
  const lines = cases.flatMap((vector) => vector.settlements.flatMap((s) => s.LINES))
  const entries = cases.flatMap((vector) => Object.values(vector.recon).flat())

  it('try every result but UNKNOWN in the order the description gives', () => {
    expect([...reconciliation.precedence, 'UNKNOWN'].sort()).toEqual(
      [...reconciliation.results].sort(),
    )
    expect(reconciliation.about).toContain('RESULT, the first that applies (precedence): ')
    const positions = reconciliation.precedence.map((result) =>
      reconciliation.about.indexOf(`${result} when`),
    )
    expect(positions.every((position) => position > 0)).toBe(true)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
  })

  it('show every result, each report row with the same columns in the same order', () => {
    const shown = new Set(cases.flatMap((vector) => vector.report.map((row) => row.RESULT)))
    expect([...shown].sort()).toEqual([...reconciliation.results].sort())
    for (const row of cases.flatMap((vector) => vector.report)) {
      expect(Object.keys(row)).toEqual(columns)
    }
  })

  it('speak the settlement contract: typed lines, settlements PROCESSED or CARRIED_FORWARD', () => {
    for (const line of lines) {
      expect(lineTypes).toContain(line.TYPE)
      const disputed = line.TYPE === 'DISPUTE_HOLD' || line.TYPE === 'DISPUTE_RELEASE'
      expect(line.DISPUTE_ID === '', JSON.stringify(line)).toBe(!disputed)
      expect(line.SOURCE_SETTLEMENT_ID === '', JSON.stringify(line)).toBe(
        line.TYPE !== 'CARRY_FORWARD',
      )
      if (line.TYPE === 'DISPUTE_HOLD') expect(BigInt(line.NET!)).toBeLessThan(0n)
      if (line.TYPE === 'DISPUTE_RELEASE') expect(BigInt(line.NET!)).toBeGreaterThan(0n)
    }
    for (const settlement of cases.flatMap((vector) => vector.settlements)) {
      expect(['PROCESSED', 'CARRIED_FORWARD']).toContain(settlement.STATUS)
      if (settlement.STATUS === 'CARRIED_FORWARD') expect(settlement.UTR).toBe('')
    }
    expect(new Set(lines.map((line) => line.TYPE))).toEqual(new Set(lineTypes))
  })

  it('speak the recon contract: every movement, STATE SETTLED, CARRIED_FORWARD or UNSETTLED', () => {
    for (const entry of entries) {
      expect(entryTypes).toContain(entry.TYPE)
      expect(['SETTLED', 'CARRIED_FORWARD', 'UNSETTLED']).toContain(entry.STATE)
      // Paid out: by a settlement, under its UTR; otherwise by none yet.
      expect(entry.PAID_BY_SETTLEMENT_ID !== '', JSON.stringify(entry)).toBe(
        entry.STATE === 'SETTLED',
      )
      expect(entry.UTR !== '', JSON.stringify(entry)).toBe(entry.STATE === 'SETTLED')
    }
    expect(new Set(entries.map((entry) => entry.STATE))).toEqual(
      new Set(['SETTLED', 'CARRIED_FORWARD', 'UNSETTLED']),
    )
  })
})
