import type { SandboxMerchant } from './merchants.ts'
import { decrypt } from '#core/protocol/cipher.ts'
import { type Fields, hashInput, parseFields } from '#core/protocol/fields.ts'

/**
 * A sandbox that teaches: what a 323 (Invalid hash) refusal tells the developer, in the
 * sandbox only. A live gateway says nothing more than the code; the sandbox holds test
 * merchants, so it shows the exact text it hashed (the salt replaced by a placeholder, never
 * the salt itself) and links to the site's signature debugger with the posted fields in the
 * URL's fragment, which a browser never sends to a server.
 */
export interface HashRefusalLessons {
  /**
   * The signature debugger's absolute address on the site (its configured SITE_URL), never one
   * taken from a request's headers.
   */
  signatureDebuggerUrl: string
}

/** Where the salt goes in the hashed text the sandbox shows. */
export const SALT_PLACEHOLDER = '<your salt>'

/**
 * What to show for one 323: the text hashed and a link to the debugger with the fields, or,
 * for a merchant-hosted ENCDATA that does not decrypt into fields, what to check instead and a
 * link to the debugger's ENCDATA opener.
 */
export type HashLesson = FieldsLesson | EncdataLesson

export interface FieldsLesson {
  kind: 'fields'
  hashedText: string
  debuggerUrl: string
  /** The fields shown: those the call takes. */
  fields: Fields
  /** How many fields were posted that the call does not take: left out, never echoed. */
  otherFields: number
}

export interface EncdataLesson {
  kind: 'encdata'
  debuggerUrl: string
  payId: string
  encdata: string
}

/** `KEY=VALUE~…` as the gateway hashed it, then the placeholder where the salt goes. */
export function hashedTextOf(fields: Fields): string {
  return hashInput(fields, SALT_PLACEHOLDER)
}

/** A form body (application/x-www-form-urlencoded) of the fields, HASH included. */
export function formBodyOf(fields: Fields): string {
  return new URLSearchParams(Object.entries(fields)).toString()
}

/** The debugger with its Fields box filled in: `…/signature#fields=<form body>`. */
export function fieldsDebuggerUrl(lessons: HashRefusalLessons, fields: Fields): string {
  return `${lessons.signatureDebuggerUrl}#fields=${formBodyOf(fields)}`
}

/** The debugger's ENCDATA opener filled in: `…/signature#encdata=<form body of PAY_ID, ENCDATA>`. */
export function encdataDebuggerUrl(
  lessons: HashRefusalLessons,
  payId: string,
  encdata: string,
): string {
  return `${lessons.signatureDebuggerUrl}#encdata=${formBodyOf({ PAY_ID: payId, ENCDATA: encdata })}`
}

/**
 * The lesson of fields posted as they are (a hosted, checkout or JSON request), showing only
 * the fields the call takes (`taken`, HASH included): a field it does not take is not echoed,
 * only counted, so a request stuffed with fields makes a lesson no larger than a real one.
 * The HASH covers every field posted, so the lesson says how many were left out.
 */
export function fieldsLesson(
  lessons: HashRefusalLessons,
  posted: Fields,
  taken: readonly string[],
): FieldsLesson {
  const fields: Fields = {}
  let otherFields = 0
  for (const [key, value] of Object.entries(posted)) {
    if (taken.includes(key)) fields[key] = value
    else otherFields++
  }
  return {
    kind: 'fields',
    hashedText: hashedTextOf(fields),
    debuggerUrl: fieldsDebuggerUrl(lessons, fields),
    fields,
    otherFields,
  }
}

/**
 * The lesson of a merchant-hosted request refused with 323: the fields inside its ENCDATA when
 * it decrypts into fields (their HASH is what failed), otherwise the key to check. No ENCDATA
 * at all has nothing to teach beyond the code.
 */
export function merchantHostedLesson(
  lessons: HashRefusalLessons,
  form: Fields,
  merchant: SandboxMerchant,
  taken: readonly string[],
): HashLesson | undefined {
  const encdata = form.ENCDATA
  if (!encdata) return undefined
  try {
    return fieldsLesson(lessons, parseFields(decrypt(encdata, merchant.merchantHostedKey)), taken)
  } catch {
    return {
      kind: 'encdata',
      debuggerUrl: encdataDebuggerUrl(lessons, merchant.payId, encdata),
      payId: merchant.payId,
      encdata,
    }
  }
}
