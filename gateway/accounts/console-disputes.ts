import type { Request, Response, Router } from 'express'
import { type ResponseCode, responseCodes } from '#core/protocol/codes.ts'
import { answerWithEvent } from '#gateway/disputes/answer.ts'
import {
  checkAnswer,
  MAX_EVIDENCE_CHARACTERS,
  MAX_EVIDENCE_FILE_BYTES,
} from '#gateway/disputes/evidence.ts'
import { isPastDeadline } from '#gateway/disputes/outcome.ts'
import { type CheckedAnswer, disputeIdPattern, latestDisputes } from '#gateway/disputes/store.ts'
import { merchantNow } from '#gateway/merchants.ts'
import { MalformedUploadError, readUpload, UploadTooLargeError } from '#gateway/multipart.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import type { ConsoleDispute } from '#gateway/views/console-money.ts'
import { CONSOLE_LIST_LIMIT } from './console-data.ts'
import type { ConsoleTools, OpenConsole } from './console-tools.ts'
import type { StoredAccount } from './store.ts'

/** The file input of the contest form. */
const FILE_FIELD = 'file'
/** Every character of the longest evidence as four UTF-8 bytes. */
const MAX_EVIDENCE_BYTES = 4 * MAX_EVIDENCE_CHARACTERS
/** What is read of a refused upload so the browser gets to read the answer; then the socket goes. */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024

/** The account's latest disputes, newest first, each with whether it can still be answered. */
export async function consoleDisputes(
  db: GatewayDatabase,
  account: StoredAccount,
  realNow: Date,
): Promise<ConsoleDispute[]> {
  const now = merchantNow(account, realNow)
  const disputes = await latestDisputes(db, account.payId, CONSOLE_LIST_LIMIT)
  return disputes.map((fields) => ({
    fields,
    answerable: fields.STATUS === 'OPEN' && !isPastDeadline(fields.RESPOND_BY, now),
  }))
}

/** The API's words, where they speak of the API's Base64 rather than of a chosen file. */
const consoleMessages: Partial<Record<ResponseCode, string>> = {
  '352':
    'Invalid evidence file: choose one whole PDF, PNG or JPEG file whose name has only letters, digits, spaces, dots, brackets or hyphens and ends with the extension of its kind',
}

const messageOf = (code: ResponseCode) => consoleMessages[code] ?? responseCodes[code].message

/**
 * A browser that is still sending an upload reads no answer: what is left of a refused one is
 * read and dropped, up to a limit past which the connection is closed.
 */
function drain(req: Request) {
  let drained = 0
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained > DRAIN_LIMIT_BYTES) req.destroy()
  })
  req.resume()
}

/**
 * The evidence of a contest from its multipart form, judged as the dispute API judges its JSON:
 * the file by the same limits (351 past 2 MB, read no further) and the same checks of its kind
 * and name.
 */
async function contestOf(
  req: Request,
): Promise<{ evidence: string; request: CheckedAnswer } | { refusal: 'malformed' }> {
  try {
    const upload = await readUpload(req, {
      fileField: FILE_FIELD,
      maxFileBytes: MAX_EVIDENCE_FILE_BYTES,
      maxFieldBytes: MAX_EVIDENCE_BYTES,
    })
    const evidence = upload.fields.evidence ?? ''
    // A file input left empty still sends a part, named "" and holding nothing: no file.
    const file =
      upload.file && (upload.file.fileName !== '' || upload.file.content.length > 0)
        ? upload.file
        : undefined
    return {
      evidence,
      request: await checkAnswer({
        ACTION: 'CONTEST',
        EVIDENCE: evidence,
        ...(file && {
          EVIDENCE_FILE: file.content.toString('base64'),
          EVIDENCE_FILE_NAME: file.fileName,
        }),
      }),
    }
  } catch (error) {
    drain(req)
    if (error instanceof UploadTooLargeError) {
      return {
        evidence: '',
        request: { ok: false, code: error.field === FILE_FIELD ? '351' : '350' },
      }
    }
    if (error instanceof MalformedUploadError) return { refusal: 'malformed' }
    throw error
  }
}

/**
 * The console's answers to a dispute: Accept, a plain form, and Contest, a multipart form with
 * the evidence and its document, both answered as the dispute API answers them.
 */
export function consoleDisputeRoutes(router: Router, tools: ConsoleTools): void {
  const { setup, directory } = tools
  const answerOptions = { db: setup.db, now: setup.now, onEventQueued: setup.onEventQueued }

  const noSuchDispute = (req: Request, res: Response, opened: OpenConsole) =>
    tools.refuse(req, res, opened, 404, {
      title: 'No such dispute',
      message: 'This account has no dispute of that id.',
    })
  const answered = (req: Request, res: Response, opened: OpenConsole, code: ResponseCode) =>
    tools.refuse(req, res, opened, 409, {
      title: 'The dispute was not answered',
      message: messageOf(code),
    })

  router.post('/console/:token/disputes/:disputeId/accept', setup.form, async (req, res) => {
    const opened = await tools.open(req, res)
    if (!opened) return
    const id = String(req.params.disputeId)
    if (!disputeIdPattern.test(id)) return noSuchDispute(req, res, opened)
    const merchant = await directory.find(opened.account.payId)
    const outcome = await answerWithEvent(answerOptions, merchant!, id, {
      ok: true,
      answer: { action: 'ACCEPT' },
    })
    if (!outcome.ok) {
      return outcome.code === '346'
        ? noSuchDispute(req, res, opened)
        : answered(req, res, opened, outcome.code)
    }
    tools.back(req, res, opened, id)
  })

  router.post('/console/:token/disputes/:disputeId/contest', async (req, res) => {
    const opened = await tools.open(req, res)
    if (!opened) return drain(req)
    const id = String(req.params.disputeId)
    if (!disputeIdPattern.test(id)) {
      drain(req)
      return noSuchDispute(req, res, opened)
    }
    const contest = await contestOf(req)
    if ('refusal' in contest) {
      return tools.refuse(req, res, opened, 400, {
        title: 'The evidence did not arrive',
        message:
          'The form was not sent as a whole multipart upload: choose the file again and send the form once more.',
      })
    }
    const merchant = await directory.find(opened.account.payId)
    const outcome = await answerWithEvent(answerOptions, merchant!, id, contest.request)
    if (outcome.ok) return tools.back(req, res, opened, id)
    if (outcome.code === '346') return noSuchDispute(req, res, opened)
    if (outcome.code === '348' || outcome.code === '349') {
      return answered(req, res, opened, outcome.code)
    }
    await tools.show(req, res, opened, {
      contest: {
        disputeId: id,
        evidence: contest.evidence.slice(0, MAX_EVIDENCE_CHARACTERS),
        error: messageOf(outcome.code),
      },
    })
  })
}
