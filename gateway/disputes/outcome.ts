/**
 * The documented rule of the sandbox's disputes, as pure functions: when a merchant must answer
 * by, when the rule applies, and what it decides. The settlement runs
 * apply it (gateway/settlements/runner.ts); the dispute API applies the deadline.
 */
import {
  addDays,
  addWorkingDays,
  type IsoDate,
  istDateOf,
  istInstant,
} from '#core/calendar/business-calendar.ts'
import { disputeReasonOf } from '#gateway/methods.ts'

/** Working days a merchant has to accept or contest a dispute. */
export const RESPONSE_WORKING_DAYS = 5

export type DisputeStatus = 'OPEN' | 'UNDER_REVIEW' | 'WON' | 'LOST'

export const resolutions = {
  accepted: 'Accepted by the merchant',
  unanswered: 'No answer by the deadline',
  won: 'Evidence accepted by the issuer',
  notWinnable: 'Evidence cannot overturn a dispute of this reason',
  noDocument: 'No document sent with the evidence',
} as const

export type Resolution = (typeof resolutions)[keyof typeof resolutions]

/** The last day (IST) to answer a dispute made at `createdAt`: five working days after its date. */
export function respondByOf(createdAt: Date): IsoDate {
  return addWorkingDays(istDateOf(createdAt), RESPONSE_WORKING_DAYS)
}

/** The deadline is the end of the respond-by day, IST: from the next day's midnight on, it has passed. */
export function isPastDeadline(respondBy: IsoDate, at: Date): boolean {
  return at.getTime() >= istInstant(addDays(respondBy, 1), 0).getTime()
}

export interface Undecided {
  status: 'OPEN' | 'UNDER_REVIEW'
  reasonCode: string
  /** A file was sent with the evidence. */
  hasDocument: boolean
}

export interface Decision {
  status: 'WON' | 'LOST'
  resolution: Resolution
}

/**
 * What the issuer decides once the deadline has passed: an unanswered dispute is lost; a contested
 * one is won only when its reason can be answered with evidence and a document came with it.
 */
export function decide(dispute: Undecided): Decision {
  if (dispute.status === 'OPEN') return { status: 'LOST', resolution: resolutions.unanswered }
  if (disputeReasonOf(dispute.reasonCode)?.winnable !== true) {
    return { status: 'LOST', resolution: resolutions.notWinnable }
  }
  if (!dispute.hasDocument) return { status: 'LOST', resolution: resolutions.noDocument }
  return { status: 'WON', resolution: resolutions.won }
}
