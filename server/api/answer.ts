import type { Response } from 'express'
import type { ApiAnswer } from '#core/forms/api.ts'

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
  res.status(status).json(body)
}
