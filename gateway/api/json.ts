import express, { type Request, type RequestHandler } from 'express'
import { type FindMerchant, protocolFields } from '#gateway/checks.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { type ResponseCode, responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import {
  MAX_REQUEST_FIELDS,
  MAX_VALUE_LENGTH,
  refuseUnboundedJson,
} from '#core/protocol/json-keys.ts'
import { fieldsLesson, type HashRefusalLessons } from '#gateway/hash-lesson.ts'
import type { LimitLocals, RouteLimits } from './limits.ts'
import { formatDateTime } from '#gateway/ids.ts'

/** The largest JSON request the server-to-server APIs read: their fields fit in a few hundred bytes. */
export const JSON_LIMIT = '16kb'

/** A JSON API under `/pgws/`: how it echoes a refused request, and what it answers otherwise. */
export interface JsonEndpoint {
  /**
   * The largest body this endpoint reads, when it must be larger than JSON_LIMIT: only the
   * dispute answer, which carries an evidence file as Base64.
   */
  bodyLimit?: string
  /**
   * Fields whose values may be longer than MAX_VALUE_LENGTH characters, with their own bound
   * (the dispute answer's evidence).
   */
  longValues?: Readonly<Record<string, number>>
  /**
   * The request fields this call takes, HASH included, as its request schema in the OpenAPI
   * document lists them (tests/security/refusal-cost.test.ts holds every endpoint to it). A 323
   * lesson shows only these and counts the others.
   */
  fields: readonly string[]
  /**
   * The answer to a request refused before its own checks: 326 (not a JSON object of strings,
   * `fields` undefined), 324 (unknown PAY_ID, sent unsigned) or 323 (bad HASH, signed).
   */
  refusal(code: ResponseCode, fields: Fields | undefined): Fields
  /**
   * A signed request of a known merchant: the answer's fields (HASH is added here), or a file
   * to download in their stead (a settlement as CSV).
   */
  answer(fields: Fields, merchant: SandboxMerchant, req: Request): Promise<Fields | Attachment>
}

/** A file answered instead of JSON fields (a settlement as CSV, a tax invoice as PDF). */
export interface Attachment {
  attachment: { contentType: string; filename: string; body: string | Buffer }
}

function isAttachment(answer: Fields | Attachment): answer is Attachment {
  return typeof (answer as Attachment).attachment === 'object'
}

/** The fields every refusal carries: the code, its meaning and the STATUS it stands for. */
export function codeFields(code: ResponseCode, status: string): Fields {
  return { STATUS: status, RESPONSE_CODE: code, RESPONSE_MESSAGE: responseCodes[code].message }
}

/**
 * The refusals of a family of JSON APIs: the request's PAY_ID and the named fields echoed, the
 * code with STATUS Failed, and the time the clock `now` reads.
 */
export function refusalsAt(now: () => Date) {
  return (keys: readonly string[]) =>
    (code: ResponseCode, fields: Fields | undefined): Fields => ({
      ...echo(fields, ['PAY_ID', ...keys]),
      ...codeFields(code, 'Failed'),
      RESPONSE_DATE_TIME: formatDateTime(now()),
    })
}

/** Copies the named fields that were posted, so a refusal says which request it answers. */
export function echo(fields: Fields | undefined, keys: readonly string[]): Fields {
  const echoed: Fields = {}
  for (const key of keys) {
    const value = fields?.[key]
    if (value !== undefined) echoed[key] = value
  }
  return echoed
}

/**
 * The sandbox teaches (gateway/hash-lesson.ts): this middleware, in front of the JSON APIs, lets
 * their 323 answers add HASHED_TEXT (the text hashed, `<your salt>` where the salt goes) and
 * DEBUGGER_URL (the signature debugger with the posted fields), both under the answer's HASH.
 * Without it a 323 is the code alone, as a live gateway answers it.
 */
export function teachHashRefusals(lessons: HashRefusalLessons): RequestHandler {
  return (_req, res, next) => {
    ;(res.locals as LessonLocals).hashRefusalLessons = lessons
    next()
  }
}

interface LessonLocals {
  hashRefusalLessons?: HashRefusalLessons
}

/** A 323 answer, with the lesson when the sandbox teaches. */
function hashRefusal(
  endpoint: JsonEndpoint,
  fields: Fields,
  lessons: HashRefusalLessons | undefined,
): Fields {
  const refusal = endpoint.refusal('323', fields)
  if (!lessons) return refusal
  const lesson = fieldsLesson(lessons, fields, endpoint.fields)
  return {
    ...refusal,
    HASHED_TEXT: lesson.hashedText,
    DEBUGGER_URL: lesson.debuggerUrl,
    ...(lesson.otherFields > 0 && { OTHER_FIELDS: String(lesson.otherFields) }),
  }
}

/**
 * The Express glue of a JSON API: the address's limit, a bounded JSON body (anything
 * unreadable, too large, not one flat object of strings, with more than MAX_REQUEST_FIELDS
 * fields or a value longer than MAX_VALUE_LENGTH is 326 with status 400, never an exception;
 * the bounds are checked on the raw text before it is parsed, core/protocol/json-keys.ts), the merchant (324, unsigned: the sandbox has no salt to sign with), the request
 * HASH (323), the merchant's limits, then the endpoint. A request over a limit is 344 with
 * status 429 and `Retry-After` (gateway/api/limits.ts), signed once the merchant is known.
 * Every answer to a known merchant carries the HASH of its fields.
 */
export function jsonRoute(
  endpoint: JsonEndpoint,
  findMerchant: FindMerchant,
  limits?: RouteLimits,
): RequestHandler[] {
  // A field named twice is refused like any unreadable body (326): which copy was signed? So is
  // a body whose parsing, hashing or echo would cost more than a real request's.
  const parse = express.json({
    limit: endpoint.bodyLimit ?? JSON_LIMIT,
    strict: true,
    type: () => true,
    verify: refuseUnboundedJson({
      maxFields: MAX_REQUEST_FIELDS,
      maxValueLength: MAX_VALUE_LENGTH,
      longValues: endpoint.longValues,
    }),
  })
  const malformed = (res: express.Response) =>
    res.status(400).json(endpoint.refusal('326', undefined))
  const locals = (res: express.Response) => res.locals as LimitLocals
  return [
    (_req, res, next) => {
      locals(res).refuseTooMany = (answer) =>
        answer.status(429).json(endpoint.refusal('344', undefined))
      next()
    },
    ...(limits?.beforeParse ?? []),
    (req, res, next) => {
      parse(req, res, (error?: unknown) => {
        if (error) malformed(res)
        else next()
      })
    },
    async (req, res, next) => {
      const fields = protocolFields(req.body)
      // An empty body reads as `{}`: nothing was asked.
      if (!fields || Object.keys(fields).length === 0) return malformed(res)
      const merchant = await findMerchant(fields.PAY_ID ?? '')
      if (!merchant) return res.json(endpoint.refusal('324', fields))
      if (!verifyHash(fields, merchant.salt)) {
        const lessons = (res.locals as LessonLocals).hashRefusalLessons
        return res.json(withHash(hashRefusal(endpoint, fields, lessons), merchant.salt))
      }
      locals(res).limitPayId = merchant.payId
      locals(res).refuseTooMany = (answer) =>
        answer.status(429).json(withHash(endpoint.refusal('344', fields), merchant.salt))
      res.locals.request = { fields, merchant } satisfies Verified
      next()
    },
    ...(limits?.afterHash ?? []),
    async (req, res) => {
      const { fields, merchant } = res.locals.request as Verified
      const answer = await endpoint.answer(fields, merchant, req)
      if (isAttachment(answer)) {
        const { contentType, filename, body } = answer.attachment
        return res.type(contentType).attachment(filename).send(body)
      }
      res.json(withHash(answer, merchant.salt))
    },
  ]
}

/** A request whose merchant is known and whose HASH holds. */
interface Verified {
  fields: Fields
  merchant: SandboxMerchant
}
