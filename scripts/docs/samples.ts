/**
 * The code blocks of a published document (a guide or a kit's README), each with what the tests
 * do with it, so that what a reader copies is what CI ran. The line before a fence says it:
 *
 *   <!-- sample: run -->      run against a sandbox; it must succeed
 *   <!-- sample: prints -->   the exact output of the `run` block before it
 *   <!-- sample: serve -->    a web app: started, it must answer GET / with 200, then stopped
 *   <!-- sample: check -->    not run (it needs what only the reader has), compiled or linted
 *   <!-- sample: example -->  not code: an answer, headers, a layout; JSON must parse
 *
 * Blank lines may come between the marker and the fence. Options follow as `name=value`: `file=Try.java` (the name the prose tells the reader to save
 * the block as), `schema=Name` (an example that is an OpenAPI schema's instance). A block without
 * a marker is an error: nothing published escapes the tests by being forgotten.
 */

export const sampleKinds = ['run', 'prints', 'serve', 'check', 'example'] as const
export type SampleKind = (typeof sampleKinds)[number]

export type SampleLanguage =
  'sh' | 'php' | 'python' | 'java' | 'js' | 'ruby' | 'json' | 'http' | 'html' | 'text'

const languages: Record<string, SampleLanguage> = {
  sh: 'sh',
  bash: 'sh',
  shell: 'sh',
  console: 'sh',
  php: 'php',
  python: 'python',
  py: 'python',
  java: 'java',
  js: 'js',
  javascript: 'js',
  mjs: 'js',
  node: 'js',
  ruby: 'ruby',
  rb: 'ruby',
  json: 'json',
  http: 'http',
  html: 'html',
  text: 'text',
  '': 'text',
}

export interface CodeBlock {
  /** The document, as the error messages name it. */
  file: string
  /** 1-based line of the opening fence. */
  line: number
  language: SampleLanguage
  code: string
  kind?: SampleKind
  options: Readonly<Record<string, string>>
}

export interface Sample extends CodeBlock {
  kind: Exclude<SampleKind, 'prints'>
  /** For a `run` block: the output the document says it prints. */
  prints?: CodeBlock
}

export class SampleError extends Error {
  override name = 'SampleError'
}

const markerPattern = /^\s*<!--\s*sample:\s*([\w-]+)((?:\s+[\w-]+=\S+)*)\s*-->\s*$/
const fencePattern = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)[^\n]*$/

/** Every fenced block of a Markdown text, with the marker on the line before it. */
export function codeBlocks(markdown: string, file: string): CodeBlock[] {
  const lines = markdown.split('\n')
  const blocks: CodeBlock[] = []
  for (let index = 0; index < lines.length; index++) {
    const open = fencePattern.exec(lines[index]!)
    if (!open) continue
    const [, indent = '', fence = '', info = ''] = open
    const body: string[] = []
    let end = index + 1
    for (; end < lines.length; end++) {
      const line = lines[end]!
      if (
        line.trim().startsWith(fence[0]!.repeat(fence.length)) &&
        line.trim().replace(/[`~]/g, '') === ''
      )
        break
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart())
    }
    if (end >= lines.length) throw new SampleError(`${file}:${index + 1}: a fence is never closed`)
    const language = languages[info.toLowerCase()]
    if (!language) {
      throw new SampleError(`${file}:${index + 1}: unknown language "${info}" of a code block`)
    }
    // Prettier puts a blank line between the comment and the fence: blank lines may part them.
    let before = index - 1
    while (before >= 0 && lines[before]!.trim() === '') before--
    const marker = before >= 0 ? markerPattern.exec(lines[before]!) : null
    let kind: SampleKind | undefined
    const options: Record<string, string> = {}
    if (marker) {
      if (!(sampleKinds as readonly string[]).includes(marker[1]!)) {
        throw new SampleError(`${file}:${before + 1}: unknown sample kind "${marker[1]}"`)
      }
      kind = marker[1] as SampleKind
      for (const pair of (marker[2] ?? '').trim().split(/\s+/).filter(Boolean)) {
        const [name, value] = pair.split('=') as [string, string]
        options[name] = value
      }
    }
    blocks.push({ file, line: index + 1, language, code: body.join('\n'), kind, options })
    index = end
  }
  return blocks
}

/**
 * The samples of a document: every block marked, each `prints` attached to the `run` before
 * it. Throws one error naming every block that breaks the rules.
 */
export function extractSamples(markdown: string, file: string): Sample[] {
  const samples: Sample[] = []
  const problems: string[] = []
  for (const block of codeBlocks(markdown, file)) {
    const where = `${block.file}:${block.line}`
    if (!block.kind) {
      problems.push(
        `${where}: a ${block.language} block without a "<!-- sample: … -->" marker on the line before it`,
      )
      continue
    }
    if (block.kind === 'prints') {
      const previous = samples.at(-1)
      if (previous?.kind !== 'run' || previous.prints) {
        problems.push(`${where}: "prints" must follow a "run" block`)
      } else {
        previous.prints = block
      }
      continue
    }
    if ((block.kind === 'run' || block.kind === 'serve') && block.language === 'text') {
      problems.push(`${where}: a "${block.kind}" block needs a language`)
    }
    samples.push({ ...block, kind: block.kind })
  }
  if (problems.length > 0) throw new SampleError(problems.join('\n'))
  return samples
}

export type OutputMatch = { ok: true } | { ok: false; reason: string }

const ellipsis = '…'

function linePattern(expected: string): RegExp {
  const parts = expected.split(ellipsis).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${parts.join('.*?')}$`)
}

const linesOf = (text: string) =>
  text
    .replace(/\r\n/g, '\n')
    .replace(/\n+$/, '')
    .split('\n')
    .map((line) => line.trimEnd())

/**
 * Whether a program's output is what the document says it prints: the same lines, trailing
 * spaces aside, where `…` in the document stands for any text within a line (an id, a time).
 */
export function matchesOutput(expected: string, actual: string): OutputMatch {
  const want = linesOf(expected)
  const got = linesOf(actual)
  for (let index = 0; index < Math.max(want.length, got.length); index++) {
    const line = want[index]
    const output = got[index]
    if (line === undefined) {
      return { ok: false, reason: `line ${index + 1} printed but not documented: ${output}` }
    }
    if (output === undefined) {
      return { ok: false, reason: `line ${index + 1} documented but not printed: ${line}` }
    }
    if (!linePattern(line).test(output)) {
      return {
        ok: false,
        reason: `line ${index + 1} differs:\n  documented: ${line}\n  printed:    ${output}`,
      }
    }
  }
  return { ok: true }
}
