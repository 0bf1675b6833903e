/**
 * Writes an archive plan as a zip: one top folder, entries in sorted order with a fixed date,
 * so the same sources always give the same bytes (cacheable, diffable). Every README and env
 * example in it has its `{{NAME}}` facts filled from the site's configuration (archive-facts.ts).
 */
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import yazl from 'yazl'
import {
  type ArchiveEntry,
  type ArchivePlan,
  excludedExtensions,
  excludedNames,
  repositoryRoot,
} from './archive-plan.ts'
import { type Facts, fillArchiveFacts, holdsFacts } from './archive-facts.ts'

const fixedDate = new Date('2026-01-01T00:00:00Z')

export interface ArchiveFile {
  /** Path inside the archive, with the root folder. */
  name: string
  source: string
  executable: boolean
  rewrite?: (text: string) => string
}

function shipped(name: string): boolean {
  return (
    !excludedNames.has(name) && !excludedExtensions.some((extension) => name.endsWith(extension))
  )
}

/** Every file of the plan, sources resolved and folders walked; later entries win. */
export function archiveFiles(plan: ArchivePlan): ArchiveFile[] {
  const files = new Map<string, ArchiveFile>()
  const add = (source: string, name: string, rewrite: ArchiveEntry['rewrite']) => {
    const stat = statSync(source)
    if (stat.isDirectory()) {
      if (rewrite) throw new Error(`${name}: only a file can be rewritten`)
      for (const child of readdirSync(source).filter(shipped))
        add(path.join(source, child), `${name}/${child}`, undefined)
    } else {
      files.set(name, { name, source, executable: (stat.mode & 0o111) !== 0, rewrite })
    }
  }
  for (const entry of plan.entries) {
    if (!existsSync(entry.from)) {
      throw new Error(
        `${plan.download.href}: ${path.relative(repositoryRoot, entry.from)} does not exist`,
      )
    }
    add(entry.from, path.posix.normalize(`${plan.root}/${entry.to}`), entry.rewrite)
  }
  return [...files.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/**
 * What the archive holds for this file: its bytes, or its text rewritten; a README or env
 * example with its facts filled (an unknown `{{NAME}}` throws). Without facts (`null`), the
 * text as the repository has it.
 */
export function archivedContent(file: ArchiveFile, facts: Facts | null): Buffer {
  const bytes = readFileSync(file.source)
  if (!file.rewrite && !(facts && holdsFacts(file.name))) return bytes
  let text = bytes.toString('utf8')
  if (file.rewrite) text = file.rewrite(text)
  if (facts && holdsFacts(file.name)) text = fillArchiveFacts(text, facts, file.name)
  return Buffer.from(text)
}

/**
 * Writes the plan's files into `dir` (as `dir/<root>/…`), the layout the zip unpacks to, with
 * the facts filled as in the zip; returns the archive's root folder (`dir/<root>`). The README
 * sample runner and the kit tests run a kit from there exactly as a reader who unzipped it.
 */
export function materializeArchive(plan: ArchivePlan, dir: string, facts: Facts): string {
  return writeFolder(plan, dir, facts)
}

/** As materializeArchive, with READMEs and env examples as the repository has them. */
export function stageArchive(plan: ArchivePlan, dir: string): string {
  return writeFolder(plan, dir, null)
}

function writeFolder(plan: ArchivePlan, dir: string, facts: Facts | null): string {
  for (const file of archiveFiles(plan)) {
    const target = path.join(dir, file.name)
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, archivedContent(file, facts), { mode: file.executable ? 0o755 : 0o644 })
  }
  return path.join(dir, plan.root)
}

export async function writeArchive(
  plan: ArchivePlan,
  file: string,
  facts: Facts,
): Promise<ArchiveFile[]> {
  const files = archiveFiles(plan)
  const zip = new yazl.ZipFile()
  for (const entry of files) {
    zip.addBuffer(archivedContent(entry, facts), entry.name, {
      mtime: fixedDate,
      mode: entry.executable ? 0o100755 : 0o100644,
    })
  }
  zip.end()
  await mkdir(path.dirname(file), { recursive: true })
  await pipeline(zip.outputStream, createWriteStream(file))
  return files
}
