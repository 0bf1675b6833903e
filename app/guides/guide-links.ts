import { type Download, developerDocs } from '#app/content/downloads.ts'

/** `/downloads/docs/api.pdf` → `api`: a guide's PDF and its web page share the slug. */
export function guideSlug(pdf: Pick<Download, 'href'>): string {
  return pdf.href.replace(/^\/downloads\/docs\//, '').replace(/\.pdf$/, '')
}

/** Where the guide for this slug reads on the site (app/content/pages.ts lists each one). */
export function guidePath(slug: string): string {
  return `/developers/docs/${slug}`
}

/** Every guide, in the Developers page's order: its label, title, web page and PDF. */
export const guideLinks = developerDocs.map((pdf) => ({
  label: pdf.label,
  /** The guide's own title, as its source's front matter gives it (a test compares them). */
  title: `${pdf.label} Integration Guide`,
  path: guidePath(guideSlug(pdf)),
  pdf: pdf.href,
  pdfFileName: pdf.fileName,
}))
