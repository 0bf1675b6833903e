import { ArgumentReader, UsageError } from '../measure/command-line.ts'

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
each figure and exits 1 when a budget of docs/architecture.md is missed.

  --routes /,/about    only these routes (comma-separated)
  --runs N             Lighthouse runs per route (default ${defaultOptions.runs})
  --no-build           measure the build/ that is there instead of running npm run build
  --ports LOW-HIGH     pick the server's port from this range (default: any free port)
  --out DIR            keep the JSON reports in DIR (default: a new temporary folder)
  --help               this text`

export function parseLighthouseArgs(args: readonly string[]): LighthouseOptions | 'help' {
  const options: LighthouseOptions = { ...defaultOptions }
  const reader = new ArgumentReader(args)
  for (let flag = reader.nextFlag(); flag !== undefined; flag = reader.nextFlag()) {
    switch (flag) {
      case '--help':
      case '-h':
        return 'help'
      case '--routes': {
        const routes = reader
          .value(flag)
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
      case '--runs':
        options.runs = reader.positive(flag, { integer: true })
        break
      case '--no-build':
        options.build = false
        break
      case '--ports':
        options.ports = reader.portRange(flag)
        break
      case '--out':
        options.outDir = reader.value(flag)
        break
      default:
        throw new UsageError(
          `Unknown option ${reader.current} (npm run lighthouse -- --help lists them)`,
        )
    }
  }
  return options
}
