import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { publicConfigDefines } from './app/config/public-config.build.ts'
import { palettePlugin } from './app/styles/palette-plugin.ts'

export default defineConfig({
  plugins: [palettePlugin(), reactRouter()],
  define: publicConfigDefines(process.env),
  build: { cssMinify: true },
  // The enhancement modules (app/enhance/) are imported with `?worker&url`: each is bundled on
  // its own, as an ES module, and loaded by a plain <script type="module">.
  worker: { format: 'es' },
  // Separate caches let several development servers run side by side.
  cacheDir: process.env.VITE_CACHE_DIR ?? 'node_modules/.vite',
  server: { port: Number(process.env.PORT ?? 3000) },
})
