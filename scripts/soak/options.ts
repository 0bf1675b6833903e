import { type ActionKind, actionKinds, defaultMix } from './mix.ts'

/** What `npm run soak -- …` was asked to do. */
export interface SoakOptions {
  minutes: number
  /** Actions started a second (each action is one to eight requests). */
  rate: number
  /** Run `npm run build` first (off: soak the build/ that is there). */
  build: boolean
  /** Seconds between memory samples. */
  sampleSeconds: number
  /** Ports to pick the server's from, inclusive; absent: any free port. */
  ports?: [number, number]
  /** Actions in flight at most; a start beyond it is counted as dropped (the server fell behind). */
  maxInFlight: number
  mix: Record<ActionKind, number>
}

export const defaultOptions: SoakOptions = {
  minutes: 5,
  rate: 5,
  build: true,
  sampleSeconds: 10,
  maxInFlight: 50,
  mix: defaultMix,
}

export const usage = `npm run soak [-- options]

Starts the production server on a temporary data folder (rate limits off, mail written as
files), sends a steady mix of page reads, contact and career submissions and the three demo
payments through the sandbox, samples the server's memory, and prints requests, errors,
latency and memory growth. Exits 1 on any error or on memory growth beyond the noise limits.

  --minutes N        length of the load (default ${defaultOptions.minutes})
  --rate N           actions started a second (default ${defaultOptions.rate})
  --no-build         soak the build/ that is there instead of running npm run build
  --sample-seconds N seconds between memory samples (default ${defaultOptions.sampleSeconds})
  --ports LOW-HIGH   pick the server's port from this range (default: any free port)
  --only KIND,…      only these actions: ${actionKinds.join(', ')}
  --help             this text`

export class UsageError extends Error {
  override name = 'UsageError'
}

export function parseSoakArgs(args: readonly string[]): SoakOptions | 'help' {
  const options: SoakOptions = { ...defaultOptions, mix: { ...defaultMix } }
  const rest = [...args]
  const value = (flag: string) => {
    const next = rest.shift()
    if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`)
    return next
  }
  const positive = (flag: string, text: string) => {
    const number = Number(text)
    if (!Number.isFinite(number) || number <= 0) {
      throw new UsageError(`${flag} needs a positive number, not "${text}"`)
    }
    return number
  }
  while (rest.length > 0) {
    const arg = rest.shift()!
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined]
    if (inline !== undefined) rest.unshift(inline)
    switch (flag) {
      case '--help':
      case '-h':
        return 'help'
      case '--minutes':
        options.minutes = positive(flag, value(flag))
        break
      case '--rate':
        options.rate = positive(flag, value(flag))
        break
      case '--no-build':
        options.build = false
        break
      case '--sample-seconds':
        options.sampleSeconds = positive(flag, value(flag))
        break
      case '--ports': {
        const text = value(flag)
        const match = /^(\d+)-(\d+)$/.exec(text)
        const low = Number(match?.[1])
        const high = Number(match?.[2])
        if (!match || low < 1 || high > 65535 || low > high) {
          throw new UsageError(`--ports needs LOW-HIGH, like 4250-4259, not "${text}"`)
        }
        options.ports = [low, high]
        break
      }
      case '--only': {
        const kinds = value(flag)
          .split(',')
          .map((kind) => kind.trim())
        const unknown = kinds.filter((kind) => !(actionKinds as readonly string[]).includes(kind))
        if (unknown.length > 0 || kinds.length === 0) {
          throw new UsageError(
            `--only takes ${actionKinds.join(', ')}; not ${unknown.join(', ') || '(nothing)'}`,
          )
        }
        for (const kind of actionKinds) {
          if (!kinds.includes(kind)) options.mix[kind] = 0
        }
        break
      }
      default:
        throw new UsageError(`Unknown option ${arg} (npm run soak -- --help lists them)`)
    }
  }
  return options
}
