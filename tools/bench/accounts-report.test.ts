import { describe, expect, it } from 'vitest'
import { accountsVerdict } from './accounts-report.ts'
import { latencyOf } from './latency-table.ts'

const latency = (p50: number, p99 = p50 * 2) => ({ p50, p95: p50 * 1.5, p99 })

describe('accounts bench figures', () => {
  it('passes a loaded p50 within 10 % of the empty one and creation within 50 ms', () => {
    const verdict = accountsVerdict({
      calls: [{ name: 'Status enquiry', empty: latency(2), loaded: latency(2.2, 9) }],
      creation: latency(3, 50),
    })
    expect(verdict.pass).toBe(true)
    expect(verdict.table).toMatch(
      /Status enquiry +2\.0 \/ 3\.0 \/ 4\.0 +2\.2 \/ 3\.3 \/ 9\.0 +1\.100 +2\.250 +PASS/,
    )
    expect(verdict.table).toMatch(/Account creation +3\.0 \/ 4\.5 \/ 50\.0 +PASS \(p99 ≤ 50 ms\)/)
  })

  it('fails a slower loaded p50 or a slow creation', () => {
    const slowCall = accountsVerdict({
      calls: [
        { name: 'Status enquiry', empty: latency(2), loaded: latency(2) },
        { name: 'Payment page', empty: latency(2), loaded: latency(2.24) },
      ],
      creation: latency(3),
    })
    expect(slowCall.pass).toBe(false)
    expect(slowCall.table).toMatch(/Payment page .* 1\.120 .*FAIL/)
    expect(slowCall.table).toMatch(/Status enquiry .* PASS/)
    const slowCreation = accountsVerdict({ calls: [], creation: latency(3, 50.1) })
    expect(slowCreation.pass).toBe(false)
    expect(slowCreation.table).toMatch(/FAIL \(p99 ≤ 50 ms\)/)
  })

  it('fails without figures to compare', () => {
    const none = accountsVerdict({
      calls: [{ name: 'Status enquiry', empty: latencyOf([]), loaded: latency(2) }],
      creation: latency(3),
    })
    expect(none.pass).toBe(false)
  })
})
