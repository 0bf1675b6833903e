/**
 * The figures of `npm run bench:listen` (tools/listen-bench.ts) and its goals: open `paystra
 * listen` streams cost the demo merchant nothing while idle, and each event reaches its stream
 * within a poll interval and exactly once.
 */
import { formatLatency, type Latency, ratio, textTable } from './latency-table.ts'

/**
 * The goals: the status enquiry's p50 with the streams open and idle at most 10 % over its p50
 * without them, and an event's p99 from the trigger's answer to its stream message at most
 * 1,500 ms (a stream's one-second poll and a margin; the wake on the instance that committed it
 * should make most far quicker).
 */
export const listenGoals = { idleP50Ratio: 1.1, eventP99Ms: 1_500 } as const

/** Which triggered orders reached a stream once, none, or more often. */
export interface DeliveryCounts {
  triggered: number
  /** Orders whose event arrived exactly once. */
  once: number
  /** Orders whose event never arrived. */
  missing: number
  /** Messages beyond an order's first, and messages of no order the run triggered. */
  extra: number
  /** Messages whose DELIVERY_ID an earlier message had. */
  repeatedIds: number
}

export function deliveryCounts(
  orderIds: readonly string[],
  arrivals: readonly { orderId: string; deliveryId: string }[],
): DeliveryCounts {
  const perOrder = new Map(orderIds.map((orderId) => [orderId, 0]))
  for (const arrival of arrivals) {
    const seen = perOrder.get(arrival.orderId)
    if (seen !== undefined) perOrder.set(arrival.orderId, seen + 1)
  }
  const counts = [...perOrder.values()]
  const reached = counts.filter((count) => count > 0).length
  return {
    triggered: orderIds.length,
    once: counts.filter((count) => count === 1).length,
    missing: counts.filter((count) => count === 0).length,
    extra: arrivals.length - reached,
    repeatedIds: arrivals.length - new Set(arrivals.map((arrival) => arrival.deliveryId)).size,
  }
}

export interface ListenFigures {
  streams: number
  status: { without: Latency; with: Latency }
  /** From each trigger's answer to its stream message, of the events that arrived. */
  event: Latency
  deliveries: DeliveryCounts
  /** Reports the sandbox answered with STATE delivered. */
  reported: number
  /** The run's events as the database holds them at the end. */
  stored: { delivered: number; all: number }
}

export interface ListenVerdict {
  table: string
  pass: boolean
}

const verdict = (ok: boolean, goal: string) => `${ok ? 'PASS' : 'FAIL'} (${goal})`

/** The table (times in ms, p50 / p95 / p99) and whether every goal holds. */
export function listenVerdict(figures: ListenFigures): ListenVerdict {
  const { status, deliveries, stored } = figures
  const { triggered } = deliveries
  const header = [
    '',
    'no stream p50/p95/p99',
    `${figures.streams} streams p50/p95/p99`,
    'p50 ×',
    'p99 ×',
    'goal',
  ]
  const p50Ratio = ratio(status.with.p50, status.without.p50)
  const statusOk = p50Ratio <= listenGoals.idleP50Ratio
  const eventOk = figures.event.p99 <= listenGoals.eventP99Ms
  const onceOk =
    deliveries.once === triggered && deliveries.extra === 0 && deliveries.repeatedIds === 0
  const reportedOk = figures.reported === triggered
  const storedOk = stored.delivered === triggered && stored.all === triggered
  const oddities = [
    deliveries.missing > 0 && `${deliveries.missing} missing`,
    deliveries.extra > 0 && `${deliveries.extra} extra`,
    deliveries.repeatedIds > 0 && `${deliveries.repeatedIds} DELIVERY_IDs again`,
  ].filter(Boolean)
  const rows = [
    [
      'Status enquiry (idle streams)',
      formatLatency(status.without),
      formatLatency(status.with),
      p50Ratio.toFixed(3),
      ratio(status.with.p99, status.without.p99).toFixed(3),
      verdict(statusOk, `p50 × ≤ ${listenGoals.idleP50Ratio.toFixed(2)}`),
    ],
    [
      'Trigger answer → stream event',
      '',
      formatLatency(figures.event),
      '',
      '',
      verdict(eventOk, `p99 ≤ ${listenGoals.eventP99Ms.toLocaleString('en')} ms`),
    ],
    [
      'Events on their stream once',
      '',
      `${deliveries.once} of ${triggered}${oddities.length ? ` (${oddities.join(', ')})` : ''}`,
      '',
      '',
      verdict(onceOk, 'all, once each'),
    ],
    [
      'Reports answered delivered',
      '',
      `${figures.reported} of ${triggered}`,
      '',
      '',
      verdict(reportedOk, 'all'),
    ],
    [
      'Delivered in the database',
      '',
      `${stored.delivered} of ${triggered}${stored.all === triggered ? '' : ` (${stored.all} events stored)`}`,
      '',
      '',
      verdict(storedOk, 'all, no other event'),
    ],
  ]
  return {
    table: textTable(header, rows),
    pass: statusOk && eventOk && onceOk && reportedOk && storedOk,
  }
}
