/**
 * What a log line may say of an error: the rules the site's logger (server/logging.ts) and the
 * sandbox's failed requests (gateway/failures.ts) share, so that a line written by either holds
 * no visitor's data.
 */

const emailAddress = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g
/**
 * drizzle's DrizzleQueryError ends its message with the query's values (form fields, which may
 * span lines), up to the stack's first frame.
 */
const queryParameters = /\nparams: [\s\S]*?(?=\n {4}at |$)/

/**
 * Takes out of a free-text line what may be a visitor's data: the parameters of a failed query
 * (a submission's name, e-mail and phone) and anything shaped like an e-mail address. The lines
 * are written by our own code and name no form field on purpose; this catches what an error
 * message from a library carries along.
 */
export function scrub(text: string): string {
  return text.replace(queryParameters, '\nparams: [not logged]').replace(emailAddress, '[e-mail]')
}

export interface ErrorSummary {
  type?: string
  code?: string | number
  message: string
  stack?: string
  /** What the error wraps (a failed query's database error), described the same way. */
  cause?: ErrorSummary
}

/**
 * An error as a log line shows it: its type, code, message and stack, scrubbed, and those of its
 * cause. Nothing else of it: the other properties carry data (a failed query's `params`,
 * PostgreSQL's `detail` with the conflicting or failing row's values).
 */
export function describeError(error: unknown, depth = 0): ErrorSummary {
  if (!(error instanceof Error)) return { message: scrub(String(error)) }
  const code = (error as { code?: unknown }).code
  return {
    // drizzle's DrizzleQueryError keeps the name Error: its class says more.
    type: error.name === 'Error' ? error.constructor.name : error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    message: scrub(error.message),
    ...(error.stack ? { stack: scrub(error.stack) } : {}),
    ...(error.cause !== undefined && depth < 2
      ? { cause: describeError(error.cause, depth + 1) }
      : {}),
  }
}
