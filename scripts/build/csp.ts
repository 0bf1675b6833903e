/**
 * Lists the SHA-256 hashes of every prerendered page's inline scripts in build/csp-hashes.json,
 * which the server turns into each page's Content Security Policy (docs/decisions/011). Fails
 * when a page holds inline code no hash can allow (event-handler attributes, inline styles).
 * Runs after `react-router build`:
 *   node --import tsx scripts/build/csp.ts [clientDir]
 */
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { buildCspManifest, cspManifestPath } from '#server/prerendered-csp.ts'

export function writeCspManifest(clientDir = 'build/client'): { file: string; pages: number } {
  const { manifest, problems } = buildCspManifest(clientDir)
  if (problems.length > 0) {
    throw new Error(
      `The Content Security Policy would block inline code on prerendered pages:\n  ${problems.join('\n  ')}`,
    )
  }
  const file = cspManifestPath(clientDir)
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`)
  return { file, pages: Object.keys(manifest.pages).length }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { file, pages } = writeCspManifest(process.argv[2])
    console.log(`Script hashes of ${pages} prerendered pages written to ${file}`)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
