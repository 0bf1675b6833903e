/**
 * The facts an archive states about the site it came from. A kit's README and its
 * `paystra.env.example` write `{{SANDBOX_URL}}`, `{{DEMO_PAY_ID}}`… (the names the guides use);
 * the archive holds the values of the configuration the site was built with, so the first run
 * of a downloaded kit talks to the sandbox it was downloaded from.
 */
import path from 'node:path'
import { fillFacts, guideFacts } from '#app/guides/source/generated.ts'

export type Facts = Readonly<Record<string, string>>

/** What fillFacts fills: `{{NAME}}`. */
const placeholder = /\{\{(\w+)\}\}/g

/** Files whose `{{NAME}}`s are filled: every README and every env example, at any depth. */
export function holdsFacts(name: string): boolean {
  const base = path.posix.basename(name)
  return /^readme(\.[a-z]+)?$/i.test(base) || base.endsWith('.env.example')
}

/**
 * `{{NAME}}` → the fact: the site's (given) first, then the guides' module facts. A name that is
 * no fact fails, naming the file and line, so an archive never ships a placeholder.
 */
export function fillArchiveFacts(text: string, facts: Facts, file: string): string {
  const filled = fillFacts(text, facts)
  const unknown = [...filled.matchAll(placeholder)].map((match) => {
    const line = filled.slice(0, match.index).split('\n').length
    return `${file}:${line}: ${match[0]}`
  })
  if (unknown.length > 0) {
    const known = Object.keys({ ...guideFacts, ...facts })
      .sort()
      .join(', ')
    throw new Error(`Unknown fact in an archive (known: ${known}):\n${unknown.join('\n')}`)
  }
  return filled
}
