/**
 * The figures of `npm run bench:collections` (tools/collections-bench.ts) and its goals: making
 * a payment link and crediting a virtual account cost a few reads' worth, and a link raced by
 * many attempts at once is paid once.
 */
import { formatLatency, type Latency, ratio, textTable } from './latency-table.ts'

/**
 * The goals: a link's creation and a credit at most 3 times the status enquiry's p50 (each writes
 * two or three rows in one transaction, and a credit its webhook event, where the enquiry reads
 * one), and in every race exactly one attempt captured (000) and every other refused (373).
 */
export const collectionsGoals = { p50Ratio: 3 } as const

export interface CollectionsFigures {
  status: Latency
  createLink: Latency
  linkStatus: Latency
  credit: Latency
  /** Each race's attempts' response codes. */
  races: readonly (readonly string[])[]
}

export interface CollectionsVerdict {
  pass: boolean
  table: string
}

/** A race ended as it must: one 000, every other attempt 373. */
export function paidOnce(codes: readonly string[]): boolean {
  return (
    codes.filter((code) => code === '000').length === 1 &&
    codes.every((code) => code === '000' || code === '373')
  )
}

export function collectionsVerdict(figures: CollectionsFigures): CollectionsVerdict {
  const base = figures.status.p50
  const judged = (name: string, latency: Latency, goal: boolean) => {
    const times = ratio(latency.p50, base)
    const pass = !goal || times <= collectionsGoals.p50Ratio
    return {
      pass,
      row: [
        name,
        formatLatency(latency),
        goal ? `${times.toFixed(2)}× (goal ≤ ${collectionsGoals.p50Ratio}×)` : 'baseline',
        goal ? (pass ? 'met' : 'MISSED') : '',
      ],
    }
  }
  const rows = [
    judged('status enquiry (demo merchant)', figures.status, false),
    judged('payment link made', figures.createLink, true),
    judged("payment link's status", figures.linkStatus, true),
    judged('virtual account credited', figures.credit, true),
  ]
  const once = figures.races.filter(paidOnce).length
  const racesPass = once === figures.races.length
  const table = textTable(
    ['call', 'p50 / p95 / p99', 'p50 against the enquiry', ''],
    [
      ...rows.map((row) => row.row),
      [
        'races paid once',
        `${once} of ${figures.races.length}`,
        'goal: all',
        racesPass ? 'met' : 'MISSED',
      ],
    ],
  )
  return { pass: rows.every((row) => row.pass) && racesPass, table }
}
