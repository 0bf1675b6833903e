import type { Request, RequestHandler } from 'express'
import { formSentCookie, type FormPostOutcome, type PostedForm } from '#app/utils/form-post.ts'
import { isHttps } from '#server/proxy-trust.ts'
import { answerOnPage } from './answer.ts'

/**
 * A form posted to its own page (`POST /contact`), before the page's scripts ran: the same
 * handlers as the JSON API judge it, and their answer goes to the page instead of JSON. Accepted,
 * the browser is sent back to the page (303) with a one-time cookie that opens the result dialog
 * there, so a refresh sends nothing again. Not accepted, the request leaves this router for the
 * page's action, which renders the form again from `res.locals.formPost` (server/app.ts hands it
 * to the load context): the server's message, its per-field errors and what was typed.
 */
export function pagePost(
  form: PostedForm,
  page: string,
  /** What the visitor typed, as far as it was read when the answer came. */
  valuesOf: (req: Request, locals: Record<string, unknown>) => Record<string, string>,
): RequestHandler {
  return (req, res, next) => {
    answerOnPage(res, (status, answer) => {
      if (answer.RESPONSE_STATUS === 'SUCCESS') {
        res.locals.submissionOutcome ??= 'accepted'
        formSentCookie.serialize(form, { secure: isHttps(req) }).then((cookie) => {
          res.setHeader('Set-Cookie', cookie)
          res.setHeader('Cache-Control', 'no-store')
          res.redirect(303, page)
        }, next)
        return
      }
      const outcome: FormPostOutcome = {
        form,
        status,
        answer,
        values: valuesOf(req, res.locals),
      }
      res.locals.formPost = outcome
      // Out of the forms router, on to the pages (React Router), which render the action.
      next('router')
    })
    next()
  }
}

/** The string values of `names` in a parsed body; anything else (a repeated field) is left out. */
export function typedValues(body: unknown, names: readonly string[]): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {}
  const record = body as Record<string, unknown>
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = Object.hasOwn(record, name) ? record[name] : undefined
      return typeof value === 'string' ? [[name, value]] : []
    }),
  )
}
