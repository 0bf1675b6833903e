import { describe, expect, it } from 'vitest'
import { deliveryCounts, type ListenFigures, listenVerdict } from './listen-report.ts'

const latency = (p50: number, p99 = p50 * 2) => ({ p50, p95: p50 * 1.5, p99 })
const allDelivered = { triggered: 20, once: 20, missing: 0, extra: 0, repeatedIds: 0 }
const figures = (changes: Partial<ListenFigures> = {}): ListenFigures => ({
  streams: 100,
  status: { without: latency(2), with: latency(2.2, 9) },
  event: latency(4, 1_500),
  deliveries: allDelivered,
  reported: 20,
  stored: { delivered: 20, all: 20 },
  ...changes,
})

describe('listen bench figures', () => {
  it('counts each triggered order’s messages: once, missing, extra, and DELIVERY_IDs again', () => {
    const arrival = (orderId: string, deliveryId: string) => ({ orderId, deliveryId })
    expect(
      deliveryCounts(
        ['A', 'B', 'C', 'D'],
        [arrival('A', 'e1'), arrival('B', 'e2'), arrival('B', 'e2'), arrival('X', 'e3')],
      ),
    ).toEqual({ triggered: 4, once: 1, missing: 2, extra: 2, repeatedIds: 1 })
  })

  it('passes idle streams within 10 % at p50, events within 1,500 ms at p99, each delivered once', () => {
    const verdict = listenVerdict(figures())
    expect(verdict.pass).toBe(true)
    expect(verdict.table).toMatch(/100 streams p50\/p95\/p99/)
    expect(verdict.table).toMatch(
      /Status enquiry \(idle streams\) +2\.0 \/ 3\.0 \/ 4\.0 +2\.2 \/ 3\.3 \/ 9\.0 +1\.100 +2\.250 +PASS/,
    )
    expect(verdict.table).toMatch(/4\.0 \/ 6\.0 \/ 1500\.0 +PASS \(p99 ≤ 1,500 ms\)/)
    expect(verdict.table).toMatch(/Events on their stream once +20 of 20 +PASS/)
    expect(verdict.table).toMatch(/Delivered in the database +20 of 20 +PASS/)
  })

  it('fails slower idle enquiries, a slow event, or any event not delivered once', () => {
    const failing: Partial<ListenFigures>[] = [
      { status: { without: latency(2), with: latency(2.24) } },
      { status: { without: latency(Number.NaN), with: latency(2) } },
      { event: latency(4, 1_500.1) },
      { event: latency(Number.NaN) },
      { deliveries: { ...allDelivered, once: 19, missing: 1 } },
      { deliveries: { ...allDelivered, extra: 1 } },
      { deliveries: { ...allDelivered, repeatedIds: 1 } },
      { reported: 19 },
      { stored: { delivered: 19, all: 20 } },
      { stored: { delivered: 20, all: 21 } },
    ]
    for (const changes of failing) {
      expect(listenVerdict(figures(changes)).pass, JSON.stringify(changes)).toBe(false)
    }
    expect(
      listenVerdict(figures({ deliveries: { ...allDelivered, once: 18, missing: 1, extra: 1 } }))
        .table,
    ).toMatch(/18 of 20 \(1 missing, 1 extra\) +FAIL/)
  })
})
