import { portRange, positive, readFlags, UsageError } from '#tools/measure/command-line.ts'

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
Lighthouse (mobile, its default throttling) on every marketing, form and demo page. Each static
page (app/content/pages.ts) is measured a second time with every script removed. Prints the
median of each figure and what the scripts of each static page cost, and exits 1 when a budget
of docs/architecture.md is missed (tests/support/page-budgets.ts).

  --routes /,/about    only these pages (comma-separated)
  --runs N             Lighthouse runs per page (default ${defaultOptions.runs})
  --no-build           measure the build/ that is there instead of running npm run build
  --ports LOW-HIGH     pick the server's and the proxy's ports from this range (default: any free)
  --out DIR            keep the reports in DIR, a folder per page (default: a new temporary folder)
  --help               this text`

const flags = {
  routes: { type: 'string' },
  runs: { type: 'string' },
  'no-build': { type: 'boolean' },
  ports: { type: 'string' },
  out: { type: 'string' },
} as const

export function parseLighthouseArgs(args: readonly string[]): LighthouseOptions | 'help' {
  const values = readFlags(args, flags, 'npm run lighthouse')
  if (values === 'help') return 'help'
  const options: LighthouseOptions = { ...defaultOptions }
  if (values.routes !== undefined) options.routes = routesOf(values.routes)
  if (values.runs !== undefined) options.runs = positive('--runs', values.runs, { integer: true })
  if (values['no-build']) options.build = false
  // Two ports: our server's and the no-script proxy's.
  if (values.ports !== undefined) options.ports = portRange('--ports', values.ports, 2)
  if (values.out !== undefined) {
    if (values.out === '') throw new UsageError('--out needs a folder')
    options.outDir = values.out
  }
  return options
}

/** `/, /about`: paths of the site, each starting with a slash. */
function routesOf(text: string): string[] {
  const routes = text
    .split(',')
    .map((route) => route.trim())
    .filter(Boolean)
  if (routes.length === 0 || routes.some((route) => !route.startsWith('/'))) {
    throw new UsageError(`--routes takes paths that start with /, like /,/about`)
  }
  return routes
}
