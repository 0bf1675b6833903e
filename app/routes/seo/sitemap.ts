import { siteUrl } from '#app/config/public-config.ts'
import { pages } from '#app/content/pages.ts'

export function loader() {
  const urls = pages
    .filter((page) => page.indexed)
    .map((page) => `  <url><loc>${siteUrl(page.path)}</loc></url>`)
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } })
}
