import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'
import { publicConfigDefines } from './app/config/public-config.build.ts'

/** What the production client bundle imports instead of React (ADR 010). */
const preactForReact: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}

/**
 * The production client bundle runs on preact/compat: React DOM alone is 60 KB gzip of the
 * 100 KB a first visit may load. The server keeps rendering with React, and the development
 * server keeps React with fast refresh and React's hydration warnings.
 */
function preactInClientBuild(): Plugin {
  return {
    name: 'paystra:preact-in-client-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr) return null
      const replacement = preactForReact[source]
      if (replacement) return this.resolve(replacement, importer, { skipSelf: true })
      if (source === '#app/client/hydrate-document.ts') {
        return this.resolve('#app/client/hydrate-document.preact.ts', importer, { skipSelf: true })
      }
      return null
    },
  }
}

export default defineConfig({
  plugins: [preactInClientBuild(), reactRouter()],
  define: publicConfigDefines(process.env),
  build: { cssMinify: true },
  // The enhancement modules (app/enhance/) are imported with `?worker&url`: each is bundled on
  // its own, as an ES module, and loaded by a plain <script type="module">.
  worker: { format: 'es' },
  // Separate caches let several development servers run side by side.
  cacheDir: process.env.VITE_CACHE_DIR ?? 'node_modules/.vite',
  server: { port: Number(process.env.PORT ?? 3000) },
})
