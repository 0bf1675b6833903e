/**
 * The repository stands alone: code and documents cite docs/product.md, docs/architecture.md or
 * the module that holds a rule, never a document a fresh clone lacks; every cited section of the
 * two documents, every cited decision record, every file the living documents name and every
 * file a document links to exists.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const allTracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '')
const tracked = allTracked
  .filter((file) => /\.(ts|tsx|js|mjs|md|php|py|rb|java|css|json|sh)$/.test(file))
  .filter((file) => file !== 'scripts/citations.test.ts')
const texts = tracked.map((file) => ({ file, text: readFileSync(file, 'utf8') }))

/**
 * The documents kept true as the code changes. Decision records are history: they name the
 * files of their day and are superseded, not edited, so only their links are checked.
 */
const livingDocuments = ['README.md', 'docs/architecture.md', 'docs/product.md']

/** The top folders of the repository, and its files at the top (package.json, vitest.config.ts …). */
const topFolders = new Set(
  allTracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!),
)
const topFiles = new Set(allTracked.filter((file) => !file.includes('/')))

/**
 * The repository paths a document names in code spans: `server/app.ts`, `app/enhance/`,
 * `package.json`. Patterns and placeholders (`kits/<language>/core`, `docs/integration/*.md`),
 * URLs (`/developers/docs`) and the build's output (`build/client`) are not paths to check.
 */
function namedPaths(markdown: string): string[] {
  const paths: string[] = []
  for (const match of markdown.matchAll(/`([^`\s]+)`/g)) {
    const token = match[1]!
    if (/[<>*{}…|]/.test(token)) continue
    const top = token.split('/')[0]!
    if ((token.includes('/') && topFolders.has(top)) || topFiles.has(token)) paths.push(token)
  }
  return paths
}

/** The relative targets of a document's Markdown links, without their #fragment. */
function linkedFiles(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^([a-z]+:|#|\/)/i.test(target))
    .map((target) => target.replace(/#.*$/, ''))
}

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

  it('name only files and folders that exist, in the living documents', () => {
    const missing = livingDocuments.flatMap((document) =>
      namedPaths(readFileSync(document, 'utf8'))
        .filter((named) => !existsSync(named))
        .map((named) => `${document}: ${named}`),
    )
    expect(missing).toEqual([])
  })

  it('link to files that exist', () => {
    // A kit example's README is the archive's README.md, beside the kit's core/ and example/.
    const archiveRoot = (file: string) =>
      /^kits\/[^/]+\/[^/]+\/README\.md$/.test(file) ? [path.dirname(path.dirname(file))] : []
    const broken = texts
      .filter(({ file }) => file.endsWith('.md'))
      .flatMap(({ file, text }) =>
        linkedFiles(text)
          .filter(
            (target) =>
              ![path.dirname(file), ...archiveRoot(file)].some((folder) =>
                existsSync(path.join(folder, target)),
              ),
          )
          .map((target) => `${file}: ${target}`),
      )
    expect(broken).toEqual([])
  })

  it('cite decision records that exist', () => {
    const records = new Set(
      allTracked
        .filter((file) => file.startsWith('docs/decisions/'))
        .map((file) => path.basename(file).slice(0, 3)),
    )
    const broken = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/docs\/decisions\/(\d{3})/g)]
        .filter((match) => !records.has(match[1]!))
        .map((match) => `${file}: ${match[0]}`),
    )
    expect(broken).toEqual([])
  })
})

describe('what a document names', () => {
  it('repository paths in code spans, not patterns, URLs or the build output', () => {
    const markdown =
      'See `server/app.ts`, `app/enhance/` and `package.json`; not `kits/<language>/core`, ' +
      '`docs/integration/*.md`, `/developers/docs`, `build/client`, `DATA_DIR/mail/` or `npm test`.'
    expect(namedPaths(markdown)).toEqual(['server/app.ts', 'app/enhance/', 'package.json'])
  })

  it('relative link targets, not web addresses or anchors', () => {
    const markdown =
      '[ADR](decisions/011-content-security-policy.md#decision), [up](../gateway/README.md), ' +
      '[web](https://example.com/a.md), [here](#budgets), [mail](mailto:a@example.com)'
    expect(linkedFiles(markdown)).toEqual([
      'decisions/011-content-security-policy.md',
      '../gateway/README.md',
    ])
  })
})
