/**
 * Fails the build when a published file names this repository's inside: a repository path
 * (`core/protocol/hash.ts`, `kits/python`, `docs/architecture.md`), a test file of ours
 * (`kits.test.ts`) or a lint directive (`eslint-disable`). A reader has the site, its PDFs and
 * its archives, not the repository: such a name sends them nowhere.
 *   node --import tsx scripts/build/no-repo-paths.ts [clientDir] [repositoryRoot]
 * Runs after the downloads and the OpenAPI files are written (before compression).
 *
 * What is scanned: every text file of the client build (HTML, JSON — the OpenAPI document and
 * the Postman files among them —, JavaScript, CSS, XML, text; source maps are not published
 * and are skipped), the text of every PDF as a reader's viewer extracts it (pdf.js through
 * unpdf, a build dependency: no system tool like pdftotext, and it reads the text the reader
 * sees rather than the builder's input, with the fonts' Unicode maps), and every text entry of
 * every zip.
 *
 * What a repository path is, precisely: a relative path whose first folder is a top-level
 * folder of the repository (app, core, docs, gateway, kits, …), which exists in the repository
 * (or whose parent folder does: a file since renamed), and which does not exist in the file's
 * own world. An archive's world is its own tree, from its root folder: `core/requirements.txt`
 * in the Python kit's README is the kit's own file, and stays allowed. The site's world is its
 * build (`downloads/kits/pg-python.zip`) and every published archive's tree, since the guides
 * speak of the kits' folders. A test file name is one of ours unless a file of that name is in
 * the world (a kit ships its own tests): any `*.test.ts` or `*.spec.ts`, and another test file
 * name the repository has.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { extractText, getDocumentProxy } from 'unpdf'
import { zipFiles } from './downloads/zip-read.ts'

export interface Finding {
  /** The published file: `downloads/kits/pg-python.zip!paystra-pg-python/README.md`. */
  file: string
  line: number
  match: string
  kind: 'repository path' | 'test file' | 'lint directive'
}

/** What exists: the repository, or a published file's world. */
export interface Tree {
  has(relativePath: string): boolean
  /** A file of this name somewhere in the tree. */
  hasName(name: string): boolean
}

export interface Repository extends Tree {
  /** Its top-level folders: a candidate path starts with one. */
  topFolders: ReadonlySet<string>
}

/** A tree from a list of relative file paths (an archive's entries, a build's files). */
export function treeOf(files: Iterable<string>): Tree {
  const paths = new Set<string>()
  const names = new Set<string>()
  for (const file of files) {
    const parts = file.split('/').filter(Boolean)
    names.add(parts.at(-1) ?? '')
    for (let end = 1; end <= parts.length; end++) paths.add(parts.slice(0, end).join('/'))
  }
  return {
    has: (relativePath) => paths.has(relativePath.replace(/\/+$/, '')),
    hasName: (name) => names.has(name),
  }
}

export function union(...trees: Tree[]): Tree {
  return {
    has: (relativePath) => trees.some((tree) => tree.has(relativePath)),
    hasName: (name) => trees.some((tree) => tree.hasName(name)),
  }
}

/** Never a published name: where builds, dependencies and local data go. */
const notSource = new Set(['node_modules', 'build', 'data', 'test-results', 'playwright-report'])

/** The repository on disk. Test file names are collected once, from its tracked folders. */
export function repositoryAt(root: string): Repository {
  const topFolders = new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .filter((name) => !notSource.has(name)),
  )
  const names = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || notSource.has(entry.name)) continue
      if (entry.isDirectory()) walk(path.join(dir, entry.name))
      else names.add(entry.name)
    }
  }
  for (const folder of topFolders) walk(path.join(root, folder))
  return {
    topFolders,
    has: (relativePath) => existsSync(path.join(root, relativePath)),
    hasName: (name) => names.has(name),
  }
}

/**
 * A relative path: not inside a URL or a longer path (nothing path-like right before it; `#`
 * and `@` may be, as in an import specifier `#core/…`), folders then an optional file name.
 */
const pathPattern = /(?<![\w.\-/~])([A-Za-z][\w-]*)\/((?:[\w.-]+\/)*[\w.-]*)/g
const testFilePattern = /(?<![\w.\-/])[\w-]+(?:\.[\w-]+)*\.(?:test|spec)\.[cm]?[jt]sx?\b/g
const lintPattern =
  /eslint-(?:disable|enable)[\w-]*|@typescript-eslint\/[\w-]+|\beslint\b|@ts-(?:ignore|expect-error|nocheck)\b|prettier-ignore/gi

/** A repository path the text names, if the candidate is one (see the module comment). */
function repositoryPath(
  top: string,
  rest: string,
  repository: Repository,
  world: Tree,
): string | undefined {
  if (!repository.topFolders.has(top)) return undefined
  // A sentence's full stop or an ellipsis is not part of the path.
  const trimmed = `${top}/${rest}`.replace(/[.-]+$/, '')
  const parts = trimmed.split('/').filter(Boolean)
  if (parts.length < 2) return undefined
  const inRepository =
    repository.has(trimmed) || (parts.length >= 3 && repository.has(parts.slice(0, -1).join('/')))
  if (!inRepository || world.has(trimmed)) return undefined
  return trimmed
}

/** Every repository path, test file and lint directive a text names, by line. */
export function findInText(
  text: string,
  file: string,
  repository: Repository,
  world: Tree,
): Finding[] {
  const findings: Finding[] = []
  const lines = text.split(/\r\n|\r|\n/)
  lines.forEach((content, index) => {
    const line = index + 1
    for (const [, top, rest] of content.matchAll(pathPattern)) {
      const match = repositoryPath(top!, rest!, repository, world)
      if (match) findings.push({ file, line, match, kind: 'repository path' })
    }
    for (const [match] of content.matchAll(testFilePattern)) {
      // A TypeScript test is ours whatever its name (no kit ships one); another only if we have it.
      const ours = repository.hasName(match) || /\.(?:test|spec)\.tsx?$/.test(match)
      if (ours && !world.hasName(match)) findings.push({ file, line, match, kind: 'test file' })
    }
    for (const [match] of content.matchAll(lintPattern)) {
      findings.push({ file, line, match, kind: 'lint directive' })
    }
  })
  return findings
}

const textExtensions = new Set([
  '.html',
  '.htm',
  '.json',
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.txt',
  '.xml',
  '.svg',
  '.md',
  '.data',
  '.webmanifest',
])

/** A zip entry is read as text unless it has a NUL byte (images, fonts, class files). */
const isBinary = (bytes: Buffer) => bytes.subarray(0, 8192).includes(0)

/** Each page's text, as a PDF viewer extracts it. */
export async function pdfPages(buffer: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(buffer))
  const { text } = await extractText(pdf, { mergePages: false })
  return text
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => statSync(path.join(dir, name)).isFile())
    .sort()
}

/** An archive's world: its tree from under its one root folder. */
function archiveWorld(names: string[]): Tree {
  return treeOf(names.map((name) => name.split('/').slice(1).join('/')))
}

/** Scans a client build (see the module comment); the findings, in file order. */
export async function scanClientBuild(clientDir: string, repository: Repository) {
  const files = filesUnder(clientDir)
  const archives = new Map<string, Array<{ name: string; bytes: Buffer }>>()
  for (const file of files.filter((name) => name.endsWith('.zip'))) {
    archives.set(file, await zipFiles(readFileSync(path.join(clientDir, file))))
  }
  const siteWorld = union(
    treeOf(files),
    ...[...archives.values()].map((entries) => archiveWorld(entries.map((entry) => entry.name))),
  )
  const findings: Finding[] = []
  for (const file of files) {
    const extension = path.extname(file).toLowerCase()
    const full = path.join(clientDir, file)
    if (extension === '.map') continue
    if (textExtensions.has(extension)) {
      findings.push(...findInText(readFileSync(full, 'utf8'), file, repository, siteWorld))
    } else if (extension === '.pdf') {
      const pages = await pdfPages(readFileSync(full))
      pages.forEach((text, index) => {
        findings.push(...findInText(text, `${file} (page ${index + 1})`, repository, siteWorld))
      })
    } else if (extension === '.zip') {
      const entries = archives.get(file)!
      const world = archiveWorld(entries.map((entry) => entry.name))
      for (const entry of entries) {
        if (isBinary(entry.bytes)) continue
        const name = `${file}!${entry.name}`
        findings.push(...findInText(entry.bytes.toString('utf8'), name, repository, world))
      }
    }
  }
  return findings
}

/** One line a finding: file, line, and what it names. */
export function formatFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}: ${finding.kind} "${finding.match}"`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const clientDir = process.argv[2] ?? 'build/client'
  const repository = repositoryAt(process.argv[3] ?? path.resolve(import.meta.dirname, '../..'))
  const findings = await scanClientBuild(clientDir, repository)
  if (findings.length > 0) {
    console.error(
      `${findings.length} published names of this repository's inside (a reader has the site, not the repository):`,
    )
    for (const finding of findings) console.error(`  ${formatFinding(finding)}`)
    process.exit(1)
  }
  console.log('No repository paths, test files or lint directives in the published files')
}
