/**
 * Builds every kit and plugin archive the site links to into build/client/downloads/.
 *   node --import tsx scripts/build/downloads.ts [outDir]
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { archivePlans } from './downloads/archive-plan.ts'
import { writeArchive } from './downloads/zip-archive.ts'

export const defaultClientDir = 'build/client'

/** Writes each archive at its link's path under clientDir; returns the files written. */
export async function buildDownloads(clientDir = defaultClientDir): Promise<string[]> {
  const written: string[] = []
  for (const plan of archivePlans()) {
    const file = path.resolve(clientDir, plan.download.href.replace(/^\//, ''))
    await writeArchive(plan, file)
    written.push(file)
  }
  return written
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const written = await buildDownloads(process.argv[2])
  console.log(`Built ${written.length} download archives`)
}
