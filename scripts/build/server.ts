import { build } from 'esbuild'

/**
 * Bundles the Express entry into build/server.js; npm packages stay external. The entry is
 * server/start.ts, which sets production mode before it imports the server: splitting keeps
 * that import a chunk of its own (build/server-chunks/), loaded only after NODE_ENV is set,
 * where one file would load every package first.
 */
await build({
  entryPoints: { server: 'server/start.ts' },
  outdir: 'build',
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
console.log('Server bundled to build/server.js')
