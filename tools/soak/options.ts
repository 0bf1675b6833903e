import { portRange, positive, readFlags, UsageError } from '#tools/measure/command-line.ts'
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

const flags = {
  minutes: { type: 'string' },
  rate: { type: 'string' },
  'no-build': { type: 'boolean' },
  'sample-seconds': { type: 'string' },
  ports: { type: 'string' },
  only: { type: 'string' },
} as const

export function parseSoakArgs(args: readonly string[]): SoakOptions | 'help' {
  const values = readFlags(args, flags, 'npm run soak')
  if (values === 'help') return 'help'
  const options: SoakOptions = { ...defaultOptions, mix: { ...defaultMix } }
  if (values.minutes !== undefined) options.minutes = positive('--minutes', values.minutes)
  if (values.rate !== undefined) options.rate = positive('--rate', values.rate)
  if (values['no-build']) options.build = false
  if (values['sample-seconds'] !== undefined) {
    options.sampleSeconds = positive('--sample-seconds', values['sample-seconds'])
  }
  if (values.ports !== undefined) options.ports = portRange('--ports', values.ports)
  if (values.only !== undefined) {
    const kinds = onlyKinds(values.only)
    for (const kind of actionKinds) {
      if (!kinds.includes(kind)) options.mix[kind] = 0
    }
  }
  return options
}

/** `page,hosted`: action kinds, each one of actionKinds. */
function onlyKinds(text: string): string[] {
  const kinds = text.split(',').map((kind) => kind.trim())
  const unknown = kinds.filter((kind) => !(actionKinds as readonly string[]).includes(kind))
  if (unknown.length > 0) {
    throw new UsageError(
      `--only takes ${actionKinds.join(', ')}; not ${unknown.map((kind) => kind || '(nothing)').join(', ')}`,
    )
  }
  return kinds
}
