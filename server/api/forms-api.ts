import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  Router,
} from 'express'
import {
  apiMessages,
  CAREER_API_PATH,
  CAREER_PAGE_PATH,
  CONTACT_API_PATH,
  CONTACT_PAGE_PATH,
  RESUME_FIELD,
} from '#core/forms/api.ts'
import { careerFields, validateCareerForm } from '#core/forms/career-form.ts'
import { contactFields, validateContactForm } from '#core/forms/contact-form.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from '#core/forms/honeypot.ts'
import {
  RESUME_MAX_BYTES,
  resumeError,
  resumeExtension,
  resumeMessages,
} from '#core/forms/resume.ts'
import { RepeatedJsonKeysError, refuseRepeatedJsonKeys } from '#core/protocol/json-keys.ts'
import type { Database } from '#server/db/database.ts'
import {
  MalformedUploadError,
  readUpload,
  safeFileName,
  type Upload,
  UploadTooLargeError,
} from '#gateway/multipart.ts'
import { contentMatchesExtension } from '#server/forms/resume-content.ts'
import { saveContactMessage, saveJobApplication } from '#server/forms/submissions.ts'
import type { MailAddresses } from '#server/mail/compose.ts'
import type { SubmissionOutcome } from '#server/metrics.ts'
import { crossSiteVerdict } from '#server/cross-site.ts'
import { refuseOtherMethods } from '#gateway/allowed-methods.ts'
import { answer } from './answer.ts'
import { pagePost, typedValues } from './page-post.ts'
import { type LimitCounts, perIpLimit } from './per-ip-limit.ts'

export interface FormsApiOptions {
  db: Database
  addresses: MailAddresses
  /** Requests per minute per IP on each endpoint; 0 switches the limit off. */
  rateLimitPerMinute: number
  /** Where the limit counts; absent, in this process's memory. */
  limitCounts?: LimitCounts
  /** Called after a submission and its mail are committed (wakes the outbox worker). */
  onQueued?: () => void
  /** Told how each submission ended, once it is answered (the metrics count them). */
  onSubmission?: (form: 'contact' | 'career', outcome: SubmissionOutcome) => void
  log?: (line: string) => void
  /**
   * The site's configured origin: a post to the APIs that another site's page made is refused
   * (server/cross-site.ts). Unset, only the request's own host counts.
   */
  siteOrigin?: string
}

const JSON_LIMIT_BYTES = 64 * 1024
/** Room for the text fields and multipart framing around a resume of the largest size. */
const MULTIPART_OVERHEAD_BYTES = 256 * 1024
/** After refusing an upload, read at most this much more of it before dropping the connection. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024

const contentTypes: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/** `POST /api/sendContactEmail` and `POST /api/sendCareerEmail` (docs/product.md#calls-form-apis, docs/architecture.md "Forms"). */
export function formsApi(options: FormsApiOptions): Router {
  const router = Router()
  const limiter = perIpLimit(
    options.rateLimitPerMinute,
    (res) => answer(res, 429, apiMessages.rateLimited),
    options.limitCounts && { name: 'forms', counts: options.limitCounts },
  )

  const counted = submissionOutcome(options.onSubmission)

  const readJson = express.json({
    limit: JSON_LIMIT_BYTES,
    strict: true,
    verify: refuseRepeatedJsonKeys,
  })
  const readUrlencoded = express.urlencoded({
    extended: false,
    limit: JSON_LIMIT_BYTES,
    parameterLimit: 20,
  })

  const sendContact: RequestHandler = async (req, res) => {
    const body: unknown = req.body
    if (!isPlainObject(body)) return answer(res, 400, apiMessages.invalid)
    if (isHoneypotFilled(body[HONEYPOT_FIELD])) {
      return answer(outcome(res, 'spam'), 200, apiMessages.contactSent)
    }
    const result = validateContactForm(storableText(body))
    if (!result.ok) {
      return answer(outcome(res, 'validation'), 400, apiMessages.invalid, result.errors)
    }
    await saveContactMessage(options.db, result.values, req.ip, options.addresses)
    options.onQueued?.()
    answer(res, 200, apiMessages.contactSent)
  }

  const sendApplication: RequestHandler = async (req, res) => {
    const { fields, file, repeated } = res.locals.upload as Upload
    if (repeated.length > 0) {
      return answer(outcome(res, 'validation'), 400, apiMessages.invalid, repeatedFields(repeated))
    }
    if (isHoneypotFilled(fields[HONEYPOT_FIELD])) {
      return answer(outcome(res, 'spam'), 200, apiMessages.applicationSent)
    }
    const result = validateCareerForm(storableText(fields))
    const errors: Record<string, string> = { ...result.errors }
    // Judged by the name the visitor chose, as the form judged it; stored without folders.
    const chosenName = file?.fileName || fields.fileName || ''
    const fileName = safeFileName(chosenName)
    const fileError = file
      ? resumeError({ name: chosenName, size: file.content.length })
      : resumeMessages.empty
    const extension = resumeExtension(chosenName)
    if (fileError) errors[RESUME_FIELD] = fileError
    else if (!extension || !(await contentMatchesExtension(file!.content, extension))) {
      errors[RESUME_FIELD] = resumeMessages.badFormat
    }
    if (Object.keys(errors).length > 0) {
      outcome(res, errors[RESUME_FIELD] ? 'bad_upload' : 'validation')
      return answer(res, 400, apiMessages.invalid, errors)
    }

    await saveJobApplication(
      options.db,
      {
        ...result.values,
        resume: { fileName, contentType: contentTypes[extension!]!, content: file!.content },
      },
      req.ip,
      options.addresses,
    )
    options.onQueued?.()
    answer(res, 200, apiMessages.applicationSent)
  }

  // Multipart is a type any page may post across sites without asking; JSON is not, but one
  // rule for both is simpler to trust.
  const ourPagesOnly: RequestHandler = (req, res, next) => {
    if (crossSiteVerdict(req, options.siteOrigin ?? '').ok) return next()
    res.setHeader('Connection', 'close')
    answer(res, 403, apiMessages.crossSite)
  }

  // The JSON APIs: the limit first, so a refused request costs nothing more.
  router.post(
    CONTACT_API_PATH,
    counted('contact'),
    ourPagesOnly,
    limiter,
    requireContentType('application/json'),
    readJson,
    sendContact,
  )
  router.post(
    CAREER_API_PATH,
    counted('career'),
    ourPagesOnly,
    limiter,
    requireContentType('multipart/form-data'),
    receiveUpload,
    sendApplication,
  )

  // The pages' own posts, before their scripts ran: the same handlers, answered as pages
  // (page-post.ts). The body is read before the limit, so that a visitor who is asked to wait
  // a minute finds what they typed still in the form.
  router.post(
    CONTACT_PAGE_PATH,
    counted('contact'),
    pagePost('contact', CONTACT_PAGE_PATH, (req) => typedValues(req.body, contactFields)),
    requireContentType('application/x-www-form-urlencoded'),
    readUrlencoded,
    refuseRepeatedFields,
    limiter,
    sendContact,
  )
  router.post(
    CAREER_PAGE_PATH,
    counted('career'),
    pagePost('career', CAREER_PAGE_PATH, (_req, locals) =>
      typedValues((locals.upload as Upload | undefined)?.fields, careerFields),
    ),
    requireContentType('multipart/form-data'),
    receiveUpload,
    limiter,
    sendApplication,
  )

  // An API asked with another method than POST: 405 with Allow, not "no such API". Only under
  // /api/: the pages' own paths answer GET as pages.
  const otherMethods = refuseOtherMethods(router, (_req, res) =>
    answer(res, 405, apiMessages.methodNotAllowed),
  )
  router.use((req, res, next) =>
    req.path.startsWith('/api/') ? otherMethods(req, res, next) : next(),
  )
  router.use('/api', (_req, res) => answer(res, 404, 'There is no such API.'))
  router.use(apiErrors(options.log))
  return router
}

/**
 * Reads the multipart body as it streams in, refusing a resume over the limit by its declared
 * length or at the byte that passes it; the upload is left in `res.locals.upload`.
 */
const receiveUpload: RequestHandler = async (req, res, next) => {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > RESUME_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    return refuseUpload(req, res, 413, resumeMessages.tooLarge, {
      [RESUME_FIELD]: resumeMessages.tooLarge,
    })
  }
  try {
    const upload = await readUpload(req, {
      fileField: RESUME_FIELD,
      maxFileBytes: RESUME_MAX_BYTES,
      maxFieldBytes: 16 * 1024,
    })
    // A file input left empty still sends a part, named "" and holding nothing: no file.
    if (upload.file && upload.file.fileName === '' && upload.file.content.length === 0) {
      upload.file = undefined
    }
    res.locals.upload = upload
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      // A text field past its limit is not the resume's fault: say so, and mark no file.
      if (error.field !== RESUME_FIELD) return refuseUpload(req, res, 413, apiMessages.tooLarge)
      return refuseUpload(req, res, 413, resumeMessages.tooLarge, {
        [RESUME_FIELD]: resumeMessages.tooLarge,
      })
    }
    if (error instanceof MalformedUploadError) {
      return refuseUpload(req, res, 400, apiMessages.wrongContentType)
    }
    throw error
  }
  next()
}

/** A urlencoded body names each field once; a repeated one is read as a list and refused. */
const refuseRepeatedFields: RequestHandler = (req, res, next) => {
  const body = (req.body ?? {}) as Record<string, unknown>
  const repeated = Object.keys(body).filter((name) => Array.isArray(body[name]))
  if (repeated.length > 0) {
    return answer(outcome(res, 'validation'), 400, apiMessages.invalid, repeatedFields(repeated))
  }
  next()
}

/**
 * Reports how a submission ended once it is answered: the reason its handler gave (`outcome`),
 * or what the status says (a refusal by the rate limit or the body parser).
 */
function submissionOutcome(report: FormsApiOptions['onSubmission']) {
  return (form: 'contact' | 'career'): RequestHandler =>
    (_req, res, next) => {
      if (report) res.once('finish', () => report(form, outcomeOf(res)))
      next()
    }
}

function outcome(res: express.Response, reason: SubmissionOutcome): express.Response {
  res.locals.submissionOutcome = reason
  return res
}

function outcomeOf(res: express.Response): SubmissionOutcome {
  const given = res.locals.submissionOutcome as SubmissionOutcome | undefined
  if (given) return given
  if (res.statusCode === 200) return 'accepted'
  if (res.statusCode === 429) return 'rate_limit'
  if (res.statusCode >= 500) return 'server_error'
  return 'malformed'
}

function requireContentType(type: string): RequestHandler {
  return (req, res, next) => {
    if (req.is(type)) return next()
    // Leave the unread body alone and close, so a wrong request costs nothing more.
    res.setHeader('Connection', 'close')
    answer(res, 415, apiMessages.wrongContentType)
  }
}

/**
 * Answers at once, then reads and discards what the browser is still sending (a browser that
 * is cut off mid-upload shows a network error instead of our message). A body far past the
 * limit is dropped. No `Connection: close`: Node closes such a connection as soon as the answer
 * is written, which is exactly the cut-off this avoids.
 */
function refuseUpload(
  req: Request,
  res: express.Response,
  status: number,
  message: string,
  errors?: Record<string, string>,
) {
  answer(outcome(res, 'bad_upload'), status, message, errors)
  let drained = 0
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained > DRAIN_LIMIT_BYTES) req.destroy()
  })
  req.resume()
}

function apiErrors(log?: (line: string) => void): ErrorRequestHandler {
  return (error: { type?: string; status?: number; message?: string }, _req, res, _next) => {
    if (error.type === 'entity.too.large') return answer(res, 413, apiMessages.tooLarge)
    if (error.type === 'entity.parse.failed') return answer(res, 400, apiMessages.wrongContentType)
    if (error.type === 'charset.unsupported' || error.type === 'encoding.unsupported') {
      return answer(res, 415, apiMessages.wrongContentType)
    }
    if (error instanceof RepeatedJsonKeysError) {
      return answer(
        outcome(res, 'validation'),
        400,
        apiMessages.invalid,
        repeatedFields(error.keys),
      )
    }
    // Any other unreadable body (a broken gzip stream, a client that went away) is the
    // request's fault, not ours.
    if (error.status && error.status >= 400 && error.status < 500) {
      return answer(res, 400, apiMessages.wrongContentType)
    }
    log?.(`api error: ${error.message ?? String(error)}`)
    answer(res, 500, apiMessages.serverError)
  }
}

function repeatedFields(names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, 'Send this field once.']))
}

/**
 * PostgreSQL text holds neither NUL nor half of a surrogate pair, and no person types them:
 * NULs are dropped and a lone surrogate becomes U+FFFD, so such a value is stored, not a 500.
 */
function storableText(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([name, value]) => [
      name,
      typeof value === 'string'
        ? value
            .replaceAll('\u0000', '')
            .replace(
              /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
              '\ufffd',
            )
        : value,
    ]),
  )
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
