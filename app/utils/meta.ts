import type { MetaDescriptor } from 'react-router'
import { siteUrl } from '#app/config/public-config.ts'
import { brand } from '#core/brand/brand.ts'
import { type PagePath, pageFor } from '#app/content/pages.ts'

/** Title, description, canonical link and Open Graph tags of a page, from the page table. */
export function pageMeta(path: PagePath): MetaDescriptor[] {
  const page = pageFor(path)
  const url = siteUrl(page.path)
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: brand.name },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: siteUrl('/og-image.jpg') },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(page.indexed ? [] : [{ name: 'robots', content: 'noindex' }]),
  ]
}
