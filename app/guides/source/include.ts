import { readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * `<!-- include kits/php/core/src/Hash.php#hash -->` on a line of its own: the documents quote
 * the tested kits instead of retyping code, so a sample can never drift from what runs. A `.md`
 * file's region (`<!-- include docs/integration/shared/webhooks.md#verify -->`) is a section the
 * documents share: it is inlined as Markdown instead of quoted as code.
 */
export const includePattern = /^[ \t]*<!--\s*include\s+(\S+?)#([\w.-]+)\s*-->[ \t]*$/gm

export interface IncludeDirective {
  /** Path relative to the repository root, e.g. `kits/php/core/src/Hash.php`. */
  file: string
  region: string
}

export class IncludeError extends Error {
  override name = 'IncludeError'
}

/** Every include directive of a Markdown source, in order. */
export function findIncludes(markdown: string): IncludeDirective[] {
  return [...markdown.matchAll(includePattern)].map(([, file = '', region = '']) => ({
    file,
    region,
  }))
}

const regionStart = /paystra:region\s+([\w.-]+)/
const regionEnd = /paystra:endregion\b/

/**
 * The lines between `paystra:region <name>` and its `paystra:endregion` (regions may nest; the
 * marker lines of inner regions are dropped), with the common indentation removed.
 */
export function extractRegion(source: string, region: string, file = 'the file'): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n')
  let start = -1
  for (let index = 0; index < lines.length; index++) {
    if (lines[index]!.match(regionStart)?.[1] === region) {
      if (start !== -1) throw new IncludeError(`${file}: region "${region}" is marked twice`)
      start = index
    }
  }
  if (start === -1) {
    const known = [...source.matchAll(new RegExp(regionStart, 'g'))].map((match) => match[1])
    throw new IncludeError(
      `${file}: no region "${region}" (regions marked: ${known.length ? known.join(', ') : 'none'})`,
    )
  }
  const body: string[] = []
  let depth = 1
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index]!
    if (regionStart.test(line)) {
      depth += 1
      continue
    }
    if (regionEnd.test(line)) {
      depth -= 1
      if (depth === 0) return dedent(trimBlankLines(body))
      continue
    }
    body.push(line)
  }
  throw new IncludeError(`${file}: region "${region}" has no paystra:endregion`)
}

function trimBlankLines(lines: string[]): string[] {
  let first = 0
  let last = lines.length
  while (first < last && lines[first]!.trim() === '') first++
  while (last > first && lines[last - 1]!.trim() === '') last--
  return lines.slice(first, last)
}

/** Tabs become four spaces, then the indentation every non-blank line shares goes. */
export function dedent(lines: string[]): string {
  const expanded = lines.map((line) => line.replace(/\t/g, '    ').replace(/\s+$/, ''))
  const indents = expanded
    .filter((line) => line.trim() !== '')
    .map((line) => line.length - line.trimStart().length)
  const common = indents.length ? Math.min(...indents) : 0
  return expanded.map((line) => line.slice(common)).join('\n')
}

const languages: Record<string, { fence: string; label: string }> = {
  '.php': { fence: 'php', label: 'PHP' },
  '.py': { fence: 'python', label: 'Python' },
  '.java': { fence: 'java', label: 'Java' },
  '.js': { fence: 'javascript', label: 'Node.js' },
  '.mjs': { fence: 'javascript', label: 'Node.js' },
  '.cjs': { fence: 'javascript', label: 'Node.js' },
  '.ts': { fence: 'typescript', label: 'TypeScript' },
  '.rb': { fence: 'ruby', label: 'Ruby' },
  '.html': { fence: 'html', label: 'HTML' },
  '.xml': { fence: 'xml', label: 'XML' },
  '.json': { fence: 'json', label: 'JSON' },
  '.sh': { fence: 'sh', label: 'Shell' },
}

/** The fence language of a kit file, from its extension. */
export function languageOf(file: string): { fence: string; label: string } {
  return languages[path.extname(file).toLowerCase()] ?? { fence: 'text', label: 'Text' }
}

/** A display label for a fence's language (`php` → `PHP`). */
export function languageLabel(fence: string): string {
  const found = Object.values(languages).find((language) => language.fence === fence)
  if (found) return found.label
  if (fence === 'http') return 'HTTP'
  if (fence === 'text' || fence === '') return ''
  return fence.toUpperCase()
}

export interface ResolveOptions {
  /** The repository root the directive paths are relative to. */
  root: string
  /** Names the source in error messages (`docs/integration/api.md`). */
  source: string
  /** The source line the Markdown starts on (after a front matter block); 1 by default. */
  firstLine?: number
  /**
   * Prepares a shared Markdown section before it is inlined (load.ts fills its placeholders and
   * resolves its own code includes), given its text, file and first line. Without it a `.md`
   * include is refused: that is how a shared section is kept from including another.
   */
  section?: (markdown: string, source: string, firstLine: number) => Promise<string>
}

/** The 1-based line of a region's first non-blank line: where a shared section's text starts. */
export function regionFirstLine(source: string, region: string): number {
  const lines = source.replace(/\r\n?/g, '\n').split('\n')
  let index = lines.findIndex((line) => line.match(regionStart)?.[1] === region) + 1
  while (index < lines.length && lines[index]!.trim() === '') index++
  return index + 1
}

/**
 * Replaces every include directive with a fenced code block holding the region. The fence's
 * info string carries the language and the quoted file (`php kits/php/core/src/Hash.php`), and
 * the line before it the sample marker `<!-- sample: check -->` (scripts/docs/samples.ts): the
 * kit's own suite compiles and runs that code.
 * A `.md` region is inlined as Markdown, prepared by `options.section`.
 * A missing file or region fails with a message naming the document, the line and the path.
 */
export async function resolveIncludes(markdown: string, options: ResolveOptions): Promise<string> {
  const directives = [...markdown.matchAll(includePattern)]
  const blocks = await Promise.all(
    directives.map(async (match) => {
      const [, file = '', region = ''] = match
      const line = markdown.slice(0, match.index).split('\n').length + (options.firstLine ?? 1) - 1
      const where = `${options.source}:${line}: include ${file}#${region}`
      if (path.isAbsolute(file) || file.split(/[\\/]/).includes('..')) {
        throw new IncludeError(`${where}: the path must stay inside the repository`)
      }
      let text: string
      try {
        text = await readFile(path.join(options.root, file), 'utf8')
      } catch {
        throw new IncludeError(`${where}: file not found`)
      }
      let code: string
      try {
        code = extractRegion(text, region, file)
      } catch (error) {
        throw new IncludeError(`${where}: ${(error as Error).message}`)
      }
      if (code.trim() === '') throw new IncludeError(`${where}: the region is empty`)
      if (path.extname(file).toLowerCase() === '.md') {
        if (!options.section) {
          throw new IncludeError(`${where}: a shared section cannot include another`)
        }
        return options.section(code, file, regionFirstLine(text, region))
      }
      const longestRun = Math.max(2, ...[...code.matchAll(/`+/g)].map((run) => run[0].length))
      const fence = '`'.repeat(longestRun + 1)
      // Quoted from a kit its own suite builds and runs: a sample to check, not to run here.
      return `<!-- sample: check -->\n\n${fence}${languageOf(file).fence} ${file}\n${code}\n${fence}`
    }),
  )
  let index = 0
  return markdown.replace(includePattern, () => blocks[index++]!)
}
