/** What the harness and the archive builder need to know about one kit language. */
export type ExampleId = 'server' | 'merchant-hosted' | 'pg' | 'epos' | 'wallet' | 'pos'

export type LanguageId = 'php' | 'python' | 'java' | 'nodejs' | 'ruby'

export interface Command {
  command: string
  args: string[]
}

export interface KitLanguage {
  id: LanguageId
  /** As the site names it, e.g. 'Node.js'. */
  name: string
  /** Programs this language needs on PATH, checked before its tests run (e.g. ['php']). */
  requires: string[]
  /** Runs the core's unit tests (the protocol vectors); cwd = kits/<lang>; env has PAYSTRA_VECTORS. */
  unitTest: Command
  /**
   * Settings for the language's own programs in a test run: every build, test, example and README
   * block of the language runs with them.
   */
  testEnv?: Record<string, string>
  /** A build step before anything runs (Java: javac); cwd = kits/<lang>. */
  build?: Command
  /** Starts an example's web app; cwd = kits/<lang>; env has PORT, APP_URL and PAYSTRA_*. */
  start(example: ExampleId): Command
  examples: ExampleId[]
  /** The server example refunds (`POST /refund`, as the POS example does in every language). */
  serverRefunds?: boolean
  /**
   * The pg example sends payment links (GET and POST /paylinks) and marks their orders paid,
   * expired or cancelled by the paylink.* webhooks: kits/harness/paylinks.ts says exactly what it
   * must do. A language without it runs none of those steps.
   */
  paylinks?: boolean
  /**
   * The pg example has the monthly plan (GET and POST /subscriptions, the plan's page and its
   * RETURN_URL) moved by the subscription.* webhooks: kits/harness/subscriptions.ts says exactly
   * what it must do. A language without it runs none of those steps.
   */
  subscriptions?: boolean
  /**
   * The reconciliation example: `[--settle-as-of ISO] [--notify-url URL] [--today YYYY-MM-DD]
   * [--json]`; cwd = kits/<lang>; env has PAYSTRA_* and PAYSTRA_DATA_DIR (the server example's
   * order store).
   */
  reconcile?: Command
  /**
   * How a README's code block of this language is run and checked (kits/harness/readme-samples.ts):
   * `file` is the block saved in the unpacked archive's root, which is the working directory.
   */
  samples?: {
    /** The file extension a block is saved with when its marker names no `file=`. */
    extension: string
    run(file: string): Command
    check(file: string): Command
  }
  /** Paths (relative to kits/<lang>) never packed into an archive: build output, caches. */
  exclude?: string[]
}
