import { type RouteConfig, index, route } from '@react-router/dev/routes'
import { pages } from './content/pages'

export default [
  ...pages.map((page) =>
    page.path === '/' ? index(page.file) : route(page.path.slice(1), page.file),
  ),
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  // Any other path goes home, on the server (302) and in the app.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
