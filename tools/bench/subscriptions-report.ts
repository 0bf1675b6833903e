/**
 * The figures of `npm run bench:subscriptions` (tools/subscriptions-bench.ts) and its goals:
 * making a subscription and reading one cost a few reads' worth, a year of a clock's notices and
 * debits is walked quickly and each cycle charged once (or retried, then halted), and two
 * instances advancing one clock at once charge each cycle once.
 */
import { MAX_ATTEMPTS_PER_CYCLE } from '../../core/recurring/rules.ts'
import { formatLatency, type Latency, ratio, textTable } from './latency-table.ts'

/**
 * The goals: a subscription made and a subscription's status at most 3 times the status
 * enquiry's p50 (the one writes a row, the other first walks the account's clock, which finds
 * nothing due, then reads the row and its debits); a year's advance of 20 weekly subscriptions in
 * under 60 s (about 1,100 notices and attempts and 250 settlement runs on the way); and every
 * subscription and race ending as the rules say (`subscriptionHeld`, `raceHeld`).
 */
export const subscriptionsGoals = { p50Ratio: 3, walkSeconds: 60 } as const

/** One attempt of a cycle, as sandbox_subscription_debits holds it. */
export interface DebitRow {
  cycle: number
  attempt: number
  /** NOTIFIED, CHARGED, FAILED, SKIPPED or STOPPED. */
  status: string
}

/** A subscription of the year's walk once walked. */
export interface WalkedSubscription {
  /** The UPI ID registered: `success@upi` or `nofunds@upi`. */
  vpa: string
  /** Its STATUS. */
  status: string
  debits: readonly DebitRow[]
  /** The last cycle whose DEBIT_AT the walk reached: 52 or 53 for a year of a weekly one. */
  lastCycle: number
}

/**
 * Whether each of cycles 0..`lastCycle` has exactly one attempt, CHARGED, and nothing else
 * ended: only the next cycle's notice may be out.
 */
export function chargedEachCycle(debits: readonly DebitRow[], lastCycle: number): boolean {
  const charged = debits.filter((debit) => debit.status === 'CHARGED')
  const cycles = new Set(charged.map((debit) => debit.cycle))
  return (
    charged.length === lastCycle + 1 &&
    cycles.size === lastCycle + 1 &&
    charged.every((debit) => debit.cycle >= 0 && debit.cycle <= lastCycle) &&
    debits.every(
      (debit) =>
        debit.status === 'CHARGED' ||
        (debit.status === 'NOTIFIED' && debit.cycle === lastCycle + 1),
    )
  )
}

/**
 * A subscription ended its year as it must: a success@upi one ACTIVE and charged once a cycle up
 * to the last its walk reached (52 or 53); a nofunds@upi one charged cycle 0 at registration, then
 * HALTED after cycle 1's 4 attempts each FAILED, and nothing after.
 */
export function subscriptionHeld(walked: WalkedSubscription): boolean {
  if (walked.vpa === 'success@upi') {
    return (
      walked.status === 'ACTIVE' &&
      walked.lastCycle >= 52 &&
      walked.lastCycle <= 53 &&
      chargedEachCycle(walked.debits, walked.lastCycle)
    )
  }
  const failed = walked.debits.filter((debit) => debit.cycle === 1 && debit.status === 'FAILED')
  const attempts = new Set(failed.map((debit) => debit.attempt))
  return (
    walked.status === 'HALTED' &&
    chargedEachCycle(
      walked.debits.filter((debit) => debit.cycle === 0),
      0,
    ) &&
    failed.length === MAX_ATTEMPTS_PER_CYCLE &&
    attempts.size === MAX_ATTEMPTS_PER_CYCLE &&
    walked.debits.length === 1 + MAX_ATTEMPTS_PER_CYCLE
  )
}

/** One race: two instances sent the same clock advance at once. */
export interface RaceRound {
  /** Each advance's RESPONSE_CODE: 000, or 364 for one that found the clock already there. */
  codes: readonly string[]
  /** The subscription's attempts. */
  debits: readonly DebitRow[]
  /** The last cycle whose DEBIT_AT the advance reached. */
  lastCycle: number
  /** The account's captured payments. */
  captured: number
}

/**
 * A race ended as it must: an advance answered 000 and the other 000 or 364, each cycle up to the
 * last reached charged exactly once, and one captured payment for each charged debit.
 */
export function raceHeld(round: RaceRound): boolean {
  const charged = round.debits.filter((debit) => debit.status === 'CHARGED').length
  return (
    round.codes.includes('000') &&
    round.codes.every((code) => code === '000' || code === '364') &&
    chargedEachCycle(round.debits, round.lastCycle) &&
    round.captured === charged
  )
}

/** The year's walk: one clock advance of `days`, what it did, and how long it took. */
export interface YearWalk {
  days: number
  milliseconds: number
  /**
   * The same advance of an account with nothing in it: the clock's own cost (a settlement run
   * each working day, late payments and links looked for), which the subscriptions add to.
   */
  emptyMilliseconds: number
  /** Notices sent on the way: debit rows made (a retry's with its failed attempt). */
  notices: number
  /** Attempts made on the way: debit rows ended. */
  attempts: number
  /** Settlements the runs on the way made. */
  settlements: number
  subscriptions: readonly WalkedSubscription[]
}

export interface SubscriptionsFigures {
  status: Latency
  create: Latency
  subscriptionStatus: Latency
  walk: YearWalk
  races: readonly RaceRound[]
}

export interface SubscriptionsVerdict {
  pass: boolean
  table: string
}

/** What a notice or an attempt added to the walk, in milliseconds: beyond the clock's own cost. */
export function perStep(walk: YearWalk): number {
  return (
    Math.max(0, walk.milliseconds - walk.emptyMilliseconds) /
    Math.max(1, walk.notices + walk.attempts)
  )
}

/** Both instances walked the clock (000 and 000): their advances overlapped. */
export function overlapped(round: RaceRound): boolean {
  return round.codes.length > 1 && round.codes.every((code) => code === '000')
}

export function subscriptionsVerdict(figures: SubscriptionsFigures): SubscriptionsVerdict {
  const base = figures.status.p50
  const judged = (name: string, latency: Latency, goal: boolean) => {
    const times = ratio(latency.p50, base)
    const pass = !goal || times <= subscriptionsGoals.p50Ratio
    return {
      pass,
      row: [
        name,
        formatLatency(latency),
        goal ? `${times.toFixed(2)}× (goal ≤ ${subscriptionsGoals.p50Ratio}×)` : 'baseline',
        goal ? (pass ? 'met' : 'MISSED') : '',
      ],
    }
  }
  const calls = [
    judged('status enquiry (demo merchant)', figures.status, false),
    judged('subscription made', figures.create, true),
    judged("subscription's status", figures.subscriptionStatus, true),
  ]
  const { walk } = figures
  const seconds = walk.milliseconds / 1000
  const fast = seconds < subscriptionsGoals.walkSeconds
  const ofKind = (vpa: string) => walk.subscriptions.filter((walked) => walked.vpa === vpa)
  const held = (vpa: string) => {
    const all = ofKind(vpa)
    const count = all.filter(subscriptionHeld).length
    return { count, of: all.length, pass: count === all.length }
  }
  const success = held('success@upi')
  const nofunds = held('nofunds@upi')
  const others = walk.subscriptions.length - success.of - nofunds.of
  const races = figures.races.filter(raceHeld).length
  const racesPass = races === figures.races.length
  const verdict = (pass: boolean) => (pass ? 'met' : 'MISSED')
  const table = textTable(
    ['measure', 'figure', 'goal', ''],
    [
      ...calls.map((call) => call.row),
      [
        `clock advanced ${walk.days} days`,
        `${seconds.toFixed(1)} s (empty account ${(walk.emptyMilliseconds / 1000).toFixed(1)} s)`,
        `< ${subscriptionsGoals.walkSeconds} s`,
        verdict(fast),
      ],
      [
        'success@upi charged once a cycle',
        `${success.count} of ${success.of}`,
        'all',
        verdict(success.pass),
      ],
      [
        'nofunds@upi halted after 4 failures',
        `${nofunds.count} of ${nofunds.of}`,
        'all',
        verdict(nofunds.pass && others === 0),
      ],
      [
        'races charged once a cycle',
        `${races} of ${figures.races.length} (${figures.races.filter(overlapped).length} overlapped)`,
        'all',
        verdict(racesPass),
      ],
    ],
  )
  return {
    pass:
      calls.every((call) => call.pass) &&
      fast &&
      success.pass &&
      nofunds.pass &&
      others === 0 &&
      racesPass,
    table,
  }
}
