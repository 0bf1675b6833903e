/**
 * The server's one logger (pino): JSON lines on stdout in production and tests, pino-pretty in
 * development. Every line carries `instance`, so lines from several processes and machines can
 * be told apart once they are collected together. The request lines are written by
 * server/request-log.ts; the components' free-text lines by `componentLog`.
 */
import { hostname } from 'node:os'
import { type DestinationStream, type Logger, type LevelWithSilent, pino } from 'pino'

export interface LoggerOptions {
  level: LevelWithSilent
  mode: 'development' | 'production' | 'test'
  /** Where the lines go instead of stdout (tests: an in-memory stream). Always JSON. */
  destination?: DestinationStream
}

/**
 * Names this process in every line: INSTANCE_ID when the platform gives each instance a name
 * (a pod or container name), otherwise `<host name>:<pid>`, which is stable for the life of the
 * process and different for each worker of a cluster.
 */
export function instanceName(env: Record<string, string | undefined> = process.env): string {
  return env.INSTANCE_ID?.trim() || `${hostname()}:${process.pid}`
}

export function createLogger(options: LoggerOptions): Logger {
  const pretty = options.mode === 'development' && !options.destination
  return pino(
    {
      level: options.level,
      base: { instance: instanceName() },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
      ...(pretty
        ? {
            transport: {
              target: 'pino-pretty',
              options: {
                ignore: 'pid,hostname,instance,method,route,status,durationMs',
                messageFormat: '{msg}{if method} {method} {route} {status} {durationMs} ms{end}',
                translateTime: 'SYS:HH:MM:ss',
              },
            },
          }
        : { formatters: { level: (label: string) => ({ level: label }) } }),
    },
    options.destination ?? (pretty ? undefined : stdout()),
  )
}

/**
 * stdout, written in batches of 4 KB or every 200 ms, whichever comes first: a write call per
 * line cost built files about 12 % more CPU per request. pino writes what is left when the
 * process exits; a process killed with SIGKILL loses at most those 200 ms of lines.
 */
function stdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 })
}

/** The `log(line)` every component is given: an info line of the same logger, scrubbed. */
export function componentLog(logger: Logger): (line: string) => void {
  return (line) => logger.info(scrub(line))
}

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

/**
 * An error as a log line shows it: its type, code, message and stack, scrubbed. pino's own
 * serializer copies every property of the error as well, and those carry data (a failed query's
 * `params`, PostgreSQL's `detail` with the conflicting values).
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrub(String(error)) }
  const code = (error as { code?: unknown }).code
  return {
    type: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    message: scrub(error.message),
    ...(error.stack ? { stack: scrub(error.stack) } : {}),
  }
}
