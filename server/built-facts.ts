import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { siteFacts, type SiteFacts } from '#app/guides/source/site-facts.ts'

/**
 * The guides, PDFs and kit archives state the sandbox's address, delays and limits as the
 * environment of `npm run build` set them. A server started later with other settings would
 * serve pages that describe another sandbox: it says so at start, naming what differs, so the
 * operator rebuilds (or starts with the build's settings).
 */
export const builtFactsFile = 'site-facts.json'

export function writeBuiltFacts(file: string, env: Record<string, string | undefined>): void {
  writeFileSync(file, `${JSON.stringify(siteFacts(env), null, 2)}\n`)
}

/** The facts whose value the running server's environment changes, with both values. */
export function factsDrift(
  file: string,
  env: Record<string, string | undefined>,
): { name: string; built: string; running: string }[] {
  if (!existsSync(file)) return []
  const built = JSON.parse(readFileSync(file, 'utf8')) as SiteFacts
  const running = siteFacts(env)
  return Object.keys(running)
    .filter((name) => built[name] !== running[name])
    .map((name) => ({ name, built: built[name] ?? '(not stated)', running: running[name]! }))
}
