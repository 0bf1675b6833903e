import { describe, expect, it } from 'vitest'
import {
  chargedEachCycle,
  type DebitRow,
  overlapped,
  perStep,
  raceHeld,
  subscriptionHeld,
  subscriptionsVerdict,
  type WalkedSubscription,
} from './subscriptions-report.ts'

const latency = (p50: number) => ({ p50, p95: p50 * 2, p99: p50 * 3 })
const charged = (last: number): DebitRow[] =>
  Array.from({ length: last + 1 }, (_, cycle) => ({ cycle, attempt: 1, status: 'CHARGED' }))
const halted: DebitRow[] = [
  { cycle: 0, attempt: 1, status: 'CHARGED' },
  ...[1, 2, 3, 4].map((attempt) => ({ cycle: 1, attempt, status: 'FAILED' })),
]
const success: WalkedSubscription = {
  vpa: 'success@upi',
  status: 'ACTIVE',
  debits: charged(52),
  lastCycle: 52,
}
const nofunds: WalkedSubscription = {
  vpa: 'nofunds@upi',
  status: 'HALTED',
  debits: halted,
  lastCycle: 52,
}

describe('the subscriptions benchmark verdict', () => {
  it('a cycle is charged once: one CHARGED attempt each up to the last, only the next one noticed', () => {
    expect(chargedEachCycle(charged(4), 4)).toBe(true)
    expect(chargedEachCycle([...charged(4), { cycle: 5, attempt: 1, status: 'NOTIFIED' }], 4)).toBe(
      true,
    )
    expect(chargedEachCycle(charged(3), 4)).toBe(false)
    expect(chargedEachCycle([...charged(4), { cycle: 2, attempt: 2, status: 'CHARGED' }], 4)).toBe(
      false,
    )
    expect(chargedEachCycle([...charged(4), { cycle: 3, attempt: 2, status: 'FAILED' }], 4)).toBe(
      false,
    )
  })

  it('a year holds: success@upi charged cycles 0 to 52 or 53, nofunds@upi halted after 4 failures', () => {
    expect(subscriptionHeld(success)).toBe(true)
    expect(subscriptionHeld({ ...success, debits: charged(53), lastCycle: 53 })).toBe(true)
    expect(subscriptionHeld({ ...success, debits: charged(10), lastCycle: 10 })).toBe(false)
    expect(subscriptionHeld({ ...success, status: 'HALTED' })).toBe(false)
    expect(subscriptionHeld(nofunds)).toBe(true)
    expect(subscriptionHeld({ ...nofunds, debits: halted.slice(0, 4) })).toBe(false)
    expect(subscriptionHeld({ ...nofunds, status: 'PENDING' })).toBe(false)
    expect(
      subscriptionHeld({
        ...nofunds,
        debits: [...halted, { cycle: 2, attempt: 1, status: 'FAILED' }],
      }),
    ).toBe(false)
  })

  it('a notice or attempt costs what the walk took beyond an empty account', () => {
    const walk = {
      days: 365,
      milliseconds: 20_000,
      emptyMilliseconds: 8_800,
      notices: 560,
      attempts: 560,
      settlements: 50,
      subscriptions: [],
    }
    expect(perStep(walk)).toBe(10)
    expect(perStep({ ...walk, emptyMilliseconds: 30_000 })).toBe(0)
  })

  it('a race holds: an advance answered 000, each cycle charged once, a payment for each', () => {
    const round = { codes: ['000', '000'], debits: charged(4), lastCycle: 4, captured: 5 }
    expect(raceHeld(round)).toBe(true)
    expect(raceHeld({ ...round, codes: ['000', '364'] })).toBe(true)
    expect([overlapped(round), overlapped({ ...round, codes: ['000', '364'] })]).toEqual([
      true,
      false,
    ])
    expect(raceHeld({ ...round, codes: ['364', '364'] })).toBe(false)
    expect(raceHeld({ ...round, captured: 6 })).toBe(false)
    expect(
      raceHeld({ ...round, debits: [...charged(4), { cycle: 4, attempt: 2, status: 'CHARGED' }] }),
    ).toBe(false)
  })

  it('passes within 3 times the enquiry, a year in under 60 s and every check held, and says which goal missed', () => {
    const figures = {
      status: latency(2),
      create: latency(5),
      subscriptionStatus: latency(6),
      walk: {
        days: 365,
        milliseconds: 20_000,
        emptyMilliseconds: 8_800,
        notices: 560,
        attempts: 560,
        settlements: 250,
        subscriptions: [success, nofunds],
      },
      races: [{ codes: ['000', '000'], debits: charged(4), lastCycle: 4, captured: 5 }],
    }
    const met = subscriptionsVerdict(figures)
    expect(met.pass).toBe(true)
    expect(met.table).toMatch(/subscription's status .* 3.00× \(goal ≤ 3×\)\s+met/)
    expect(met.table).toMatch(
      /clock advanced 365 days\s+20.0 s \(empty account 8.8 s\)\s+< 60 s\s+met/,
    )
    const slow = subscriptionsVerdict({ ...figures, create: latency(6.2) })
    expect(slow.pass).toBe(false)
    expect(slow.table).toMatch(/subscription made .* MISSED/)
    const long = subscriptionsVerdict({
      ...figures,
      walk: { ...figures.walk, milliseconds: 60_000 },
    })
    expect(long.pass).toBe(false)
    expect(long.table).toMatch(/clock advanced .* MISSED/)
    const twice = subscriptionsVerdict({
      ...figures,
      races: [{ ...figures.races[0]!, captured: 6 }],
    })
    expect(twice.pass).toBe(false)
    expect(twice.table).toMatch(
      /races charged once a cycle\s+0 of 1 \(1 overlapped\)\s+all\s+MISSED/,
    )
    const unhalted = subscriptionsVerdict({
      ...figures,
      walk: { ...figures.walk, subscriptions: [success, { ...nofunds, status: 'PENDING' }] },
    })
    expect(unhalted.pass).toBe(false)
    expect(unhalted.table).toMatch(/nofunds@upi halted after 4 failures\s+0 of 1\s+all\s+MISSED/)
  })
})
