/**
 * The demo merchant's order rule against the shared vectors' `orders` table, the one every kit
 * runs too. The demo names the paid status `success`; the rest are the same words.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import vectors from '#core/protocol/vectors.json'
import type { DemoOutcome } from '#server/db/schema.ts'
import { forwardFrom, outcomeOf } from './store.ts'

interface OrderVectors {
  about: string
  statuses: string[]
  status_of: { fields: Fields; status: string }[]
  transitions: { from: string; to: string; moves: boolean }[]
}

const { about, statuses, status_of: statusOfVectors, transitions } = vectors.orders as OrderVectors

const demoOutcome = (status: string): DemoOutcome =>
  (status === 'paid' ? 'success' : status) as DemoOutcome

describe('the demo order rule, against the shared orders vectors', () => {
  test('is worded as the vectors word it', () => {
    const words = (text: string) => text.replace(/[\s*]+/g, ' ').trim()
    const source = readFileSync(new URL('./store.ts', import.meta.url), 'utf8')
    expect(words(source)).toContain(words(about.split(' status_of ')[0]!))
  })

  test('knows the same statuses', () => {
    expect(Object.keys(forwardFrom).sort()).toEqual(statuses.map(demoOutcome).sort())
  })

  test.each(statusOfVectors.map((vector) => [JSON.stringify(vector.fields), vector] as const))(
    'the outcome of %s',
    (_fields, vector) => {
      expect(outcomeOf(vector.fields)).toBe(demoOutcome(vector.status))
    },
  )

  test('the table lists every pair of statuses once', () => {
    const pairs = new Set(transitions.map(({ from, to }) => `${from}>${to}`))
    expect(pairs.size).toBe(statuses.length ** 2)
    expect(transitions).toHaveLength(statuses.length ** 2)
  })

  test.each(
    transitions.map((row) => [row.from, row.to, row.moves ? 'moves' : 'stays', row] as const),
  )('%s to %s %s', (_from, _to, _moves, { from, to, moves }) => {
    expect(forwardFrom[demoOutcome(to)].includes(demoOutcome(from))).toBe(moves)
  })
})
