import { ArgumentReader, UsageError } from '#scripts/measure/command-line.ts'
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

export function parseSoakArgs(args: readonly string[]): SoakOptions | 'help' {
  const options: SoakOptions = { ...defaultOptions, mix: { ...defaultMix } }
  const reader = new ArgumentReader(args)
  for (let flag = reader.nextFlag(); flag !== undefined; flag = reader.nextFlag()) {
    switch (flag) {
      case '--help':
      case '-h':
        return 'help'
      case '--minutes':
        options.minutes = reader.positive(flag)
        break
      case '--rate':
        options.rate = reader.positive(flag)
        break
      case '--no-build':
        options.build = false
        break
      case '--sample-seconds':
        options.sampleSeconds = reader.positive(flag)
        break
      case '--ports':
        options.ports = reader.portRange(flag)
        break
      case '--only': {
        const kinds = reader
          .value(flag)
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
        throw new UsageError(`Unknown option ${reader.current} (npm run soak -- --help lists them)`)
    }
  }
  return options
}
