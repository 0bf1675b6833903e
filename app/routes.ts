import { type RouteConfig, index, route } from '@react-router/dev/routes'
import { pages } from './content/pages.ts'
import { searchIndexPath } from './guides/search-options.ts'

/** Route modules that serve several pages (one per integration guide): each route needs its own id. */
const sharedModuleIds = new Set(
  pages.map((page) => page.file).filter((file, index, files) => files.indexOf(file) !== index),
)

export default [
  ...pages.map((page) =>
    page.path === '/'
      ? index(page.file)
      : route(
          page.path.slice(1),
          page.file,
          sharedModuleIds.has(page.file) ? { id: page.path } : {},
        ),
  ),
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  route(searchIndexPath.slice(1), 'routes/guide-search-index.ts'),
  // Any other path goes home, on the server (302) and in the app.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
