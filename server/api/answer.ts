import type { Response } from 'express'
import type { ApiAnswer } from '#core/forms/api.ts'

type AnswerDelivery = (status: number, body: ApiAnswer) => void

/** Answers that a page's own form post takes instead of JSON (server/api/page-post.ts). */
const onPage = new WeakMap<Response, AnswerDelivery>()

/** Sends this request's answer to `deliver` rather than writing it as JSON. */
export function answerOnPage(res: Response, deliver: AnswerDelivery): void {
  onPage.set(res, deliver)
}

/** A form submission's answer in the APIs' envelope: JSON, or the page for a page's own post. */
export function answer(
  res: Response,
  status: number,
  message: string,
  errors?: Record<string, string>,
): void {
  const body: ApiAnswer = {
    RESPONSE_STATUS: status === 200 ? 'SUCCESS' : 'FAILED',
    RESPONSE_MESSAGE: message,
    ...(errors ? { ERRORS: errors } : {}),
  }
  const deliver = onPage.get(res)
  if (deliver) return deliver(status, body)
  res.status(status).json(body)
}
