import { build } from 'esbuild'

/** Bundles the Express entry into build/server.js; npm packages stay external. */
await build({
  entryPoints: ['server/index.ts'],
  outfile: 'build/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
console.log('Server bundled to build/server.js')
