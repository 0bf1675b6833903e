import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { guideLinks } from '#app/guides/guide-links.ts'
import { isStaticPath, pages, prerenderedPaths, scrollOffsets } from './pages.ts'

describe('page table', () => {
  it("holds every route of docs/product.md#routes-and-screens once, and the demos' result page", () => {
    expect(pages.map((page) => page.path).sort()).toEqual(
      [
        '/',
        '/about',
        '/services',
        '/developers',
        // Issue 14: the developer tools.
        '/developers/tools/signature',
        '/pricing',
        '/contact',
        '/policy',
        '/faq',
        '/career',
        '/career-form',
        '/demo-pamphlet',
        '/pg-hosted-demo',
        '/merchant-hosted-demo',
        '/merchant-hosted-checkout',
        '/checkout-demo',
        '/rbi-kehta-hai',
        '/demo/response',
        // The integration guides and the API reference on the web (issue 14).
        ...guideLinks.map((guide) => guide.path),
        '/developers/docs/api-reference',
      ].sort(),
    )
  })

  it('points every page at a route module that exists', () => {
    for (const page of pages) {
      expect(existsSync(path.join('app', page.file)), page.file).toBe(true)
    }
  })

  it('gives every page its own title and a description search engines can show', () => {
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length)
    for (const page of pages) {
      expect(page.description.length, page.path).toBeGreaterThan(40)
      expect(page.description.length, page.path).toBeLessThanOrEqual(160)
    }
  })

  it('prerenders the marketing pages and renders forms and demos per request', () => {
    const prerendered = prerenderedPaths()
    expect(prerendered).toContain('/')
    expect(prerendered).toContain('/pricing')
    expect(prerendered).not.toContain('/contact')
    expect(prerendered).not.toContain('/pg-hosted-demo')
  })

  it('serves every marketing page static and hydrates only the forms and demos (ADR 019)', () => {
    for (const page of pages) {
      expect(isStaticPath(page.path), page.path).toBe(page.kind === 'marketing')
    }
  })

  it('opens merchant-hosted-checkout 180 px down and everything else at the top', () => {
    expect(scrollOffsets).toEqual({ '/merchant-hosted-checkout': 180 })
  })
})
