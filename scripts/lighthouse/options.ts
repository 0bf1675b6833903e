/** What `npm run lighthouse -- …` was asked to do. */
export interface LighthouseOptions {
  /** Routes to measure; absent: every marketing (prerendered) route of pages.ts. */
  routes?: string[]
  /** Lighthouse runs per route; the table shows each figure's median. */
  runs: number
  /** Run `npm run build` first (off: measure the build/ that is there). */
  build: boolean
  /** Pick the server's port from this range, inclusive; absent: any free port. */
  ports?: [number, number]
  /** Where the JSON reports go; absent: a new folder under the system's temporary folder. */
  outDir?: string
}

export const defaultOptions: LighthouseOptions = { runs: 3, build: true }

export const usage = `npm run lighthouse [-- options]

Builds for production, serves build/ on a free port with a data folder of its own, runs
Lighthouse (mobile, its default throttling) on every marketing route, prints the median of
each figure and exits 1 when a budget of DESIGN.md is missed.

  --routes /,/about    only these routes (comma-separated)
  --runs N             Lighthouse runs per route (default ${defaultOptions.runs})
  --no-build           measure the build/ that is there instead of running npm run build
  --ports LOW-HIGH     pick the server's port from this range (default: any free port)
  --out DIR            keep the JSON reports in DIR (default: a new temporary folder)
  --help               this text`

export class UsageError extends Error {
  override name = 'UsageError'
}

export function parseLighthouseArgs(args: readonly string[]): LighthouseOptions | 'help' {
  const options: LighthouseOptions = { ...defaultOptions }
  const rest = [...args]
  const value = (flag: string) => {
    const next = rest.shift()
    if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`)
    return next
  }
  while (rest.length > 0) {
    const arg = rest.shift()!
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined]
    if (inline !== undefined) rest.unshift(inline)
    switch (flag) {
      case '--help':
      case '-h':
        return 'help'
      case '--routes': {
        const routes = value(flag)
          .split(',')
          .map((route) => route.trim())
          .filter(Boolean)
        const bad = routes.find((route) => !route.startsWith('/'))
        if (bad !== undefined || routes.length === 0) {
          throw new UsageError(`--routes takes paths that start with /, like /,/about`)
        }
        options.routes = routes
        break
      }
      case '--runs': {
        const text = value(flag)
        const runs = Number(text)
        if (!Number.isInteger(runs) || runs < 1) {
          throw new UsageError(`--runs needs a whole number of at least 1, not "${text}"`)
        }
        options.runs = runs
        break
      }
      case '--no-build':
        options.build = false
        break
      case '--ports': {
        const text = value(flag)
        const match = /^(\d+)-(\d+)$/.exec(text)
        const low = Number(match?.[1])
        const high = Number(match?.[2])
        if (!match || low < 1 || high > 65535 || low > high) {
          throw new UsageError(`--ports needs a range like 4210-4219, not "${text}"`)
        }
        options.ports = [low, high]
        break
      }
      case '--out':
        options.outDir = value(flag)
        break
      default:
        throw new UsageError(`Unknown option ${arg} (npm run lighthouse -- --help lists them)`)
    }
  }
  return options
}
