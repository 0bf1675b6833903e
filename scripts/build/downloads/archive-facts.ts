/**
 * The facts an archive states about the site it came from. A kit's README and its
 * `paystra.env.example` write `{{SANDBOX_URL}}`, `{{DEMO_PAY_ID}}`… (the names the guides use);
 * the archive holds the values of the configuration the site was built with, so the first run
 * of a downloaded kit talks to the sandbox it was downloaded from.
 */
import path from 'node:path'
import { guideFacts } from '#app/guides/source/generated.ts'

export type Facts = Readonly<Record<string, string>>

const placeholder = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g

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
  const known: Facts = { ...guideFacts, ...facts }
  const unknown: string[] = []
  const filled = text.replace(placeholder, (whole, name: string, offset: number) => {
    if (Object.hasOwn(known, name)) return known[name]!
    const line = text.slice(0, offset).split('\n').length
    unknown.push(`${file}:${line}: {{${name}}}`)
    return whole
  })
  if (unknown.length > 0) {
    throw new Error(
      `Unknown fact in an archive (known: ${Object.keys(known).sort().join(', ')}):\n${unknown.join('\n')}`,
    )
  }
  return filled
}
