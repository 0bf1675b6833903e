/**
 * Builds every kit and plugin archive the site links to into build/client/downloads/, its
 * READMEs and env examples stating the site it is built for (SITE_URL and the rest of the
 * configuration, the same environment the server reads):
 *   SITE_URL=https://… node --import tsx scripts/build/downloads.ts [outDir]
 */
import { copyFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { commandLineDownload } from '#app/content/downloads.ts'
import { siteFacts } from '#app/guides/source/site-facts.ts'
import type { Facts } from './downloads/archive-facts.ts'
import { archivePlans } from './downloads/archive-plan.ts'
import { writeArchive } from './downloads/zip-archive.ts'

export const defaultClientDir = 'build/client'

/** Writes each archive at its link's path under clientDir; returns the files written. */
export async function buildDownloads(
  clientDir = defaultClientDir,
  facts: Facts = siteFacts(process.env),
): Promise<string[]> {
  const written: string[] = []
  for (const plan of archivePlans()) {
    const file = path.resolve(clientDir, plan.download.href.replace(/^\//, ''))
    await writeArchive(plan, file, facts)
    written.push(file)
  }
  const cli = path.resolve(clientDir, commandLineDownload.href.replace(/^\//, ''))
  mkdirSync(path.dirname(cli), { recursive: true })
  copyFileSync('kits/nodejs/core/paystra.mjs', cli)
  written.push(cli)
  return written
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const facts = siteFacts(process.env)
  const written = await buildDownloads(process.argv[2], facts)
  console.log(`Built ${written.length} downloads for ${facts.SANDBOX_URL}`)
}
