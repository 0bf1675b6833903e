import { siteUrl } from '#app/config/public-config.ts'
import { pages } from '#app/content/pages.ts'

export function loader() {
  const hidden = pages.filter((page) => !page.indexed).map((page) => `Disallow: ${page.path}`)
  const body = [
    'User-agent: *',
    'Allow: /',
    ...hidden,
    '',
    `Sitemap: ${siteUrl('/sitemap.xml')}`,
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
