import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { faviconSvg } from '#core/brand/favicon-svg.ts'
import { paletteCss } from '#core/brand/palette-css.ts'

/** `import 'virtual:palette.css'` (app/root.tsx): the colour custom properties, made from brand.ts. */
export const paletteModuleId = 'virtual:palette.css'
// A path with no file behind it: `.css` sends it through Vite's CSS pipeline, and a path (not a
// `\0` id) lets React Router's development server inline it with the other styles of a page.
const resolvedId = fileURLToPath(new URL('./palette.css', import.meta.url))
const devServerUrl = '/app/styles/palette.css'

/**
 * The files made from the brand's palette (core/brand/brand.ts): the colour custom properties
 * and /favicon.svg, which the client build writes beside the public files and the development
 * server answers. Both are made when the server or build starts: after editing brand.ts,
 * restart `npm run dev`.
 */
export function palettePlugin(): Plugin {
  return {
    name: 'brand-palette',
    resolveId(id) {
      // The development server asks again by its URL when it inlines a page's styles.
      return id === paletteModuleId || id === devServerUrl ? resolvedId : undefined
    },
    load(id) {
      return id === resolvedId ? paletteCss() : undefined
    },
    configureServer(server) {
      server.middlewares.use('/favicon.svg', (_req, res) => {
        res.setHeader('Content-Type', 'image/svg+xml')
        res.end(faviconSvg())
      })
    },
    generateBundle() {
      if (this.environment.name !== 'client') return
      this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: faviconSvg() })
    },
  }
}
