/**
 * The repository stands alone: code and documents cite docs/product.md, docs/architecture.md or
 * the module that holds a rule, never a document a fresh clone lacks, and every cited section of
 * the two documents exists.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs|md|php|py|rb|java|css|json|sh)$/.test(file))
  .filter((file) => file !== 'scripts/citations.test.ts')
const texts = tracked.map((file) => ({ file, text: readFileSync(file, 'utf8') }))

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function anchors(document: string): Set<string> {
  const headings = readFileSync(document, 'utf8').match(/^#{1,6} .+$/gm) ?? []
  return new Set(
    headings.map((heading) =>
      heading
        .replace(/^#+ /, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N} -]/gu, '')
        .replace(/ /g, '-'),
    ),
  )
}

/** The product team's documents, which are not in the repository (spelled in pieces so this file does not cite them). */
const outsideDocuments = new RegExp(
  ['SPEC ' + '\u00a7', ['SPEC', 'DESIGN', 'STYLE'].map((name) => `${name}\\.md`).join('|')].join(
    '|',
  ),
)

describe('citations', () => {
  it('name no document the repository lacks', () => {
    const missing = texts.filter(({ text }) => outsideDocuments.test(text)).map(({ file }) => file)
    expect(missing).toEqual([])
  })

  it('point at sections that exist in docs/product.md and docs/architecture.md', () => {
    const known = {
      'docs/product.md': anchors('docs/product.md'),
      'docs/architecture.md': anchors('docs/architecture.md'),
    }
    const broken: string[] = []
    for (const { file, text } of texts) {
      for (const match of text.matchAll(/docs\/(product|architecture)\.md#([a-z0-9-]+)/g)) {
        const document = `docs/${match[1]}.md` as keyof typeof known
        if (!known[document].has(match[2]!)) broken.push(`${file}: ${match[0]}`)
      }
    }
    expect(broken).toEqual([])
  })
})
