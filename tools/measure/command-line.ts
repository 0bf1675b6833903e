/**
 * What the measuring commands (`npm run bench`, `lighthouse`, `soak`, `lock:check`) share on the
 * command line: flags read by Node's `util.parseArgs` (`--flag value` or `--flag=value`), their
 * common value checks, and how a usage error, `--help` and Ctrl-C end the run.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'

export class UsageError extends Error {
  override name = 'UsageError'
}

type FlagSpecs = NonNullable<ParseArgsConfig['options']>

/** What parseArgs reads for such specs (none of them `multiple`): a string or a switch. */
export type FlagValues<Specs extends FlagSpecs> = {
  [Name in keyof Specs]?: Specs[Name]['type'] extends 'boolean' ? boolean : string
}

const help = { help: { type: 'boolean', short: 'h' } } as const

/**
 * The flags in `args`, by the specs given, or 'help' for `--help` or `-h`. Anything else,
 * an unknown flag, a missing value, a value on a switch or a stray word, is a UsageError in
 * words that name the flag and the command whose `--help` lists them.
 */
export function readFlags<const Specs extends FlagSpecs>(
  args: readonly string[],
  specs: Specs,
  command: string,
): FlagValues<Specs> | 'help' {
  const read = (): FlagValues<Specs> & { help?: boolean } => {
    try {
      return parseArgs({
        args: [...args],
        options: { ...specs, ...help },
        strict: true,
        allowPositionals: false,
      }).values
    } catch (error) {
      throw usageErrorOf(error, command)
    }
  }
  const values = read()
  if (values.help) return 'help'
  delete values.help
  return values
}

/** parseArgs's own error in the words of the commands (its codes are stable, its wording not). */
function usageErrorOf(error: unknown, command: string): unknown {
  const code = (error as { code?: unknown }).code
  const message = error instanceof Error ? error.message : ''
  const named = /'([^' ]+)/.exec(message)?.[1] ?? ''
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(`Unknown option ${named} (${command} -- --help lists them)`)
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/does not take an argument/.test(message)) {
        return new UsageError(`${named} takes no value`)
      }
      // parseArgs takes no value that starts with a dash after a space: `--duration --no-build`.
      return new UsageError(
        /ambiguous/.test(message)
          ? `${named} needs a value (one that starts with - goes after =, as in ${named}=-1)`
          : `${named} needs a value`,
      )
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new UsageError(`Unexpected argument ${named}: every option starts with --`)
    default:
      return error
  }
}

/** A positive number (a whole one with `integer`), or a UsageError naming the flag. */
export function positive(flag: string, text: string, { integer = false } = {}): number {
  const number = Number(text)
  if (text.trim() === '' || !Number.isFinite(number) || number <= 0) {
    throw new UsageError(`${flag} needs a positive ${integer ? 'whole ' : ''}number, not "${text}"`)
  }
  if (integer && !Number.isInteger(number)) {
    throw new UsageError(`${flag} needs a positive whole number, not "${text}"`)
  }
  return number
}

/** `LOW-HIGH`, inclusive, unprivileged, holding at least `count` ports. */
export function portRange(flag: string, text: string, count = 1): [number, number] {
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
