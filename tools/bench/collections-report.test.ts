import { describe, expect, it } from 'vitest'
import { collectionsVerdict, paidOnce } from './collections-report.ts'

const latency = (p50: number) => ({ p50, p95: p50 * 2, p99: p50 * 3 })

describe('the collections benchmark verdict', () => {
  it('a race is paid once: one 000 and every other attempt 373', () => {
    expect(paidOnce(['000', '373', '373'])).toBe(true)
    expect(paidOnce(['000', '000', '373'])).toBe(false)
    expect(paidOnce(['373', '373'])).toBe(false)
    expect(paidOnce(['000', 'open'])).toBe(false)
  })

  it('passes within 3 times the enquiry with every race paid once, and says which goal missed', () => {
    const figures = {
      status: latency(2),
      createLink: latency(5),
      linkStatus: latency(2.5),
      credit: latency(6),
      races: [['000', '373']],
    }
    const met = collectionsVerdict(figures)
    expect(met.pass).toBe(true)
    expect(met.table).toMatch(/virtual account credited .* 3.00× \(goal ≤ 3×\)\s+met/)
    const slow = collectionsVerdict({ ...figures, credit: latency(6.2) })
    expect(slow.pass).toBe(false)
    expect(slow.table).toMatch(/virtual account credited .* MISSED/)
    const twice = collectionsVerdict({ ...figures, races: [['000', '000']] })
    expect(twice.pass).toBe(false)
    expect(twice.table).toMatch(/races paid once\s+0 of 1\s+goal: all\s+MISSED/)
  })
})
