/**
 * The server's one logger (pino): JSON lines on stdout in production and tests, pino-pretty in
 * development. Every line carries `instance`, so lines from several processes and machines can
 * be told apart once they are collected together. The request lines are written by
 * server/request-log.ts; the components' free-text lines by `componentLog`.
 */
import { hostname } from 'node:os'
import { type DestinationStream, type Logger, type LevelWithSilent, pino } from 'pino'
import { describeError, scrub } from '#core/logs/errors.ts'
import type { SandboxFailure } from '#gateway/failures.ts'

export { scrub }

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
      serializers: { err: describeError },
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

/**
 * Where the built-in sandbox reports a request it failed to answer (gateway/failures.ts): an
 * error line of the same logger, with the request's id, so it sits beside that request's line.
 */
export function sandboxFailureLog(logger: Logger): (failure: SandboxFailure) => void {
  return (failure) => logger.error(failure, 'sandbox request failed')
}
