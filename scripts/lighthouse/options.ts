import { ArgumentReader, UsageError } from '#scripts/measure/command-line.ts'

/** What `npm run lighthouse -- …` was asked to do. */
export interface LighthouseOptions {
  /** Routes to measure; absent: every marketing, form and demo page a visitor opens directly. */
  routes?: string[]
  /** Lighthouse runs per route (and per static page without scripts); figures are medians. */
  runs: number
  /** Run `npm run build` first (off: measure the build/ that is there). */
  build: boolean
  /** Pick the server's and the no-script proxy's ports from this range; absent: any free ones. */
  ports?: [number, number]
  /** Where the reports go (a folder per URL); absent: a new folder under the system's temporary folder. */
  outDir?: string
}

export const defaultOptions: LighthouseOptions = { runs: 3, build: true }

export const usage = `npm run lighthouse [-- options]

Builds for production, serves build/ on a free port with a data folder of its own and runs
Lighthouse (mobile, its default throttling) through Lighthouse CI's collect on every marketing,
form and demo page. Each static page (app/content/pages.ts) is measured a second time with every
script removed. Prints the median of each figure and what the scripts of each static page cost,
and exits 1 when a budget of docs/architecture.md is missed (scripts/lighthouse/budgets.ts).

  --routes /,/about    only these pages (comma-separated)
  --runs N             Lighthouse runs per page (default ${defaultOptions.runs})
  --no-build           measure the build/ that is there instead of running npm run build
  --ports LOW-HIGH     pick the server's and the proxy's ports from this range (default: any free)
  --out DIR            keep the reports in DIR, a folder per page (default: a new temporary folder)
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
        options.ports = reader.portRange(flag, 2)
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
