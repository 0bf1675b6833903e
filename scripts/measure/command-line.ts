/**
 * What the measuring commands (`npm run bench`, `lighthouse`, `soak`) share on the command
 * line: flags read one by one (`--flag value` or `--flag=value`), their common value checks,
 * and how a usage error, `--help` and Ctrl-C end the run.
 */

export class UsageError extends Error {
  override name = 'UsageError'
}

export class ArgumentReader {
  private readonly rest: string[]
  /** The argument as typed, for "unknown option" messages. */
  current = ''

  constructor(args: readonly string[]) {
    this.rest = [...args]
  }

  /** The next flag, its inline `=value` kept for `value()`; undefined after the last one. */
  nextFlag(): string | undefined {
    const arg = this.rest.shift()
    if (arg === undefined) return undefined
    this.current = arg
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined]
    if (inline !== undefined) this.rest.unshift(inline)
    return flag
  }

  value(flag: string): string {
    const next = this.rest.shift()
    if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`)
    return next
  }

  positive(flag: string, { integer = false } = {}): number {
    const text = this.value(flag)
    const number = Number(text)
    if (!Number.isFinite(number) || number <= 0 || (integer && !Number.isInteger(number))) {
      throw new UsageError(
        `${flag} needs a positive ${integer ? 'whole ' : ''}number, not "${text}"`,
      )
    }
    return number
  }

  /** `LOW-HIGH`, inclusive, unprivileged, holding at least `count` ports. */
  portRange(flag: string, count = 1): [number, number] {
    const text = this.value(flag)
    const match = /^(\d+)-(\d+)$/.exec(text)
    const low = Number(match?.[1])
    const high = Number(match?.[2])
    if (!match || low < 1024 || high > 65535 || high - low + 1 < count) {
      throw new UsageError(
        `${flag} needs a range LOW-HIGH of at least ${count} port${count === 1 ? '' : 's'} ` +
          `from 1024 to 65535, such as 4230-4239, not "${text}"`,
      )
    }
    return [low, high]
  }
}

/** The options, or the process ends: usage errors exit 2 with the usage, `--help` exits 0. */
export function optionsOrExit<T>(parse: (args: readonly string[]) => T | 'help', usage: string): T {
  let options: T | 'help'
  try {
    options = parse(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`${error.message}\n\n${usage}`)
    process.exit(2)
  }
  if (options === 'help') {
    console.log(usage)
    process.exit(0)
  }
  return options
}

/** Ctrl-C or SIGTERM: clean up (servers, temporary folders), then exit 130. */
export function cleanUpOnSignals(cleanUp: () => Promise<void>, message?: string): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (message) console.error(`\n${signal}: ${message}`)
      void cleanUp().finally(() => process.exit(130))
    })
  }
}
