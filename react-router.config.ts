import type { Config } from '@react-router/dev/config'
import { prerenderedPaths } from './app/content/pages.ts'
import { searchIndexPath } from './app/guides/search-options.ts'

export default {
  ssr: true,
  // Marketing pages are plain HTML at build time; demo and form routes render per request.
  prerender: () => [...prerenderedPaths(), '/robots.txt', '/sitemap.xml', searchIndexPath],
} satisfies Config
