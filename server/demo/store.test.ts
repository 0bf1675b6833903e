/**
 * The demo merchant's order rule against the shared vectors' `orders` table, the one every kit
 * runs too. The demo names the paid status `success`; the rest are the same words.
 */
import { describe, expect, test } from 'vitest'
import vectors from '#core/protocol/vectors.json'
import type { DemoOutcome } from '#server/db/schema.ts'
import { forwardFrom, outcomeOf } from './store.ts'

const { statuses, status_of: statusOfVectors, transitions } = vectors.orders

const demoOutcome = (status: string): DemoOutcome =>
  (status === 'paid' ? 'success' : status) as DemoOutcome

describe('the demo order rule, against the shared orders vectors', () => {
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
