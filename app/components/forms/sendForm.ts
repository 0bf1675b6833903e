import { type ApiAnswer, apiMessages } from '#core/forms/api.ts'

/**
 * Long enough for a 5 MB resume on a slow mobile connection; short enough that a server that
 * never answers does not leave the button saying "Sending…" for ever.
 */
export const SEND_TIMEOUT_MS = 120_000

/**
 * Posts a form and always comes back with an answer a person can read: the server's envelope
 * when it sent one, otherwise FAILED with a message saying what went wrong in plain words.
 * It never throws, so the caller only has one path: show the answer.
 */
export async function sendForm(
  url: string,
  body: BodyInit,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json', ...headers },
      signal: timeoutSignal(),
    })
  } catch {
    return failed(apiMessages.networkDown)
  }

  const answer = readEnvelope(await response.text().catch(() => ''))
  if (answer && (response.ok || answer.RESPONSE_STATUS === 'FAILED')) return answer
  if (response.status === 429) return failed(apiMessages.rateLimited)
  if (response.status === 413) return failed(apiMessages.tooLarge)
  return failed(apiMessages.serverError)
}

function failed(message: string): ApiAnswer {
  return { RESPONSE_STATUS: 'FAILED', RESPONSE_MESSAGE: message }
}

function timeoutSignal(): AbortSignal | undefined {
  return typeof AbortSignal.timeout === 'function'
    ? AbortSignal.timeout(SEND_TIMEOUT_MS)
    : undefined
}

/** The answer envelope if `text` is one, keeping only per-field messages that are text. */
export function readEnvelope(text: string): ApiAnswer | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!isRecord(parsed)) return undefined
  const status = parsed.RESPONSE_STATUS
  const message = parsed.RESPONSE_MESSAGE
  if (status !== 'SUCCESS' && status !== 'FAILED') return undefined
  if (typeof message !== 'string' || message.trim() === '') return undefined

  const answer: ApiAnswer = { RESPONSE_STATUS: status, RESPONSE_MESSAGE: message }
  if (isRecord(parsed.ERRORS)) {
    const errors = Object.entries(parsed.ERRORS).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    )
    if (errors.length > 0) answer.ERRORS = Object.fromEntries(errors)
  }
  return answer
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
