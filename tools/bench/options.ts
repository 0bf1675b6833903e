import { portRange, positive, readFlags, UsageError } from '#tools/measure/command-line.ts'

/** What `npm run bench -- …` was asked to do. */
export interface BenchOptions {
  /** Seconds of each page run (our server, nginx). */
  pageSeconds: number
  /** Seconds of the contact API run. */
  apiSeconds: number
  /** Run `npm run build` first (off: measure the build/ that is there). */
  build: boolean
  /** Compare with nginx (off: only our server's rate, no ratio). */
  nginx: boolean
  /** The prerendered page both servers serve. */
  page: string
  /** Ports to pick from, inclusive; absent: any free port the system hands out. */
  ports?: [number, number]
  /** Connections for the page runs. */
  pageConnections: number
  /** Requests a second on the contact API. */
  apiRate: number
  /** Connections sharing the contact API's rate. */
  apiConnections: number
  /**
   * Worker counts (WEB_CONCURRENCY) to compare on PostgreSQL, in the order given; absent: the
   * single-process run on PGlite with nginx and the budgets.
   */
  workers?: number[]
  /**
   * Let the worker comparison's server deliver, to its temporary folder, mail already waiting
   * in the database's outbox (off: the bench refuses to start while there is any).
   */
  takeWaitingMail: boolean
}

/** WEB_CONCURRENCY's own bounds. */
export const maxWorkers = 64

export const defaultOptions: BenchOptions = {
  pageSeconds: 10,
  apiSeconds: 20,
  build: true,
  nginx: true,
  page: '/about',
  pageConnections: 20,
  apiRate: 200,
  apiConnections: 4,
  takeWaitingMail: false,
}

export const usage = `npm run bench [-- options]

Serves one prerendered page with our server and with nginx on loopback and compares their
request rates, then posts the contact form at a constant rate and reports its latency.

  --duration S         seconds of every run (default: ${defaultOptions.pageSeconds} s per page run, ${defaultOptions.apiSeconds} s for the API)
  --no-build           measure the build/ that is there instead of running npm run build
  --skip-nginx         leave nginx out (no ratio, so the page budget is not judged)
  --page PATH          the prerendered page to serve (default ${defaultOptions.page})
  --ports LOW-HIGH     pick the servers' ports from this range (default: any free port)
  --connections N      connections of the page runs (default ${defaultOptions.pageConnections})
  --api-rate N         contact API requests a second (default ${defaultOptions.apiRate}; the budget is for 200)
  --api-connections N  connections sharing that rate (default ${defaultOptions.apiConnections})
  --workers 1,2        instead of all the above, compare worker counts (WEB_CONCURRENCY, 1 to ${maxWorkers}):
                       for each, the page and the contact API at the highest rate the server
                       answers (both on --connections connections), the API at --api-rate, and
                       the server's CPU, side by side. Needs DATABASE_URL, since several workers
                       share PostgreSQL: the bench's contact messages are written to that
                       database and kept there. No nginx, and the budgets are not judged.
  --take-waiting-mail  with --workers, start even when the database's outbox has mail waiting:
                       the bench's server writes it to its temporary folder, so it is never sent
  --help               this text`

const flags = {
  duration: { type: 'string' },
  'no-build': { type: 'boolean' },
  'skip-nginx': { type: 'boolean' },
  page: { type: 'string' },
  ports: { type: 'string' },
  connections: { type: 'string' },
  'api-rate': { type: 'string' },
  'api-connections': { type: 'string' },
  workers: { type: 'string' },
  'take-waiting-mail': { type: 'boolean' },
} as const

export function parseBenchArgs(args: readonly string[]): BenchOptions | 'help' {
  const values = readFlags(args, flags, 'npm run bench')
  if (values === 'help') return 'help'
  const options: BenchOptions = { ...defaultOptions }
  if (values.duration !== undefined) {
    const seconds = positive('--duration', values.duration)
    options.pageSeconds = seconds
    options.apiSeconds = seconds
  }
  if (values['no-build']) options.build = false
  if (values['skip-nginx']) options.nginx = false
  if (values.page !== undefined) options.page = sitePath(values.page)
  // Two ports: our server's and nginx's.
  if (values.ports !== undefined) options.ports = portRange('--ports', values.ports, 2)
  const whole = (flag: string, text: string | undefined, fallback: number) =>
    text === undefined ? fallback : positive(flag, text, { integer: true })
  options.pageConnections = whole('--connections', values.connections, options.pageConnections)
  options.apiRate = whole('--api-rate', values['api-rate'], options.apiRate)
  options.apiConnections = whole(
    '--api-connections',
    values['api-connections'],
    options.apiConnections,
  )
  if (values['take-waiting-mail']) options.takeWaitingMail = true
  if (values.workers !== undefined) options.workers = workerCounts('--workers', values.workers)
  if (options.apiConnections > options.apiRate) {
    throw new UsageError(
      '--api-connections cannot exceed --api-rate (each connection sends at least one a second)',
    )
  }
  if (options.takeWaitingMail && !options.workers) {
    throw new UsageError(
      '--take-waiting-mail goes with --workers (the single-process run has its own database)',
    )
  }
  return options
}

/** `/pricing/` → `/pricing`: a path of the site, without `..` or a doubled slash. */
function sitePath(page: string): string {
  if (!/^\/[A-Za-z0-9/_-]*$/.test(page) || page.includes('//')) {
    throw new UsageError(`--page needs a site path such as /about, not "${page}"`)
  }
  return page.length > 1 ? page.replace(/\/$/, '') : page
}

/** `1,2,4`: whole numbers from 1 to maxWorkers, each once. */
function workerCounts(flag: string, text: string): number[] {
  const counts: number[] = []
  for (const item of text.split(',')) {
    const count = Number(item)
    if (!/^\d+$/.test(item) || count < 1 || count > maxWorkers) {
      throw new UsageError(
        `${flag} needs worker counts from 1 to ${maxWorkers} separated by commas, such as 1,2, not "${text}"`,
      )
    }
    if (counts.includes(count)) {
      throw new UsageError(`${flag} lists ${count} twice ("${text}")`)
    }
    counts.push(count)
  }
  return counts
}
