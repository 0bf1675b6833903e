import { rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { builtFactsFile, writeBuiltFacts } from '#server/built-facts.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/**
 * Bundles the Express entry into `<outdir>/server.js`; npm packages stay external. The entry is
 * server/start.ts, which sets production mode before it imports the server: splitting keeps
 * that import a chunk of its own (`<outdir>/server-chunks/`, emptied first so old chunks do not
 * pile up), loaded only after NODE_ENV is set, where one file would load every package first.
 */
export async function bundleServer(outdir = path.join(repoRoot, 'build')): Promise<void> {
  rmSync(path.join(outdir, 'server-chunks'), { recursive: true, force: true })
  await build({
    entryPoints: { server: path.join(repoRoot, 'server/start.ts') },
    outdir,
    chunkNames: 'server-chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await bundleServer()
  // What the pages were built to say about the sandbox; the server compares it at start.
  writeBuiltFacts(path.join(repoRoot, 'build', builtFactsFile), process.env)
  console.log('Server bundled to build/server.js')
}
