import { describe, expect, it } from 'vitest'
import { DEFERRED_MODULE_TYPE, deferHydration } from './deferred-hydration.ts'

// The tags as React Router's <Scripts> writes them, through React's server renderer.
const page = (bootstrap: string) =>
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-D9.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/contact-Uv.js" nonce="abc"/><link rel="stylesheet" href="/assets/root.css"/></head>' +
  '<body><form method="post"></form><script type="module" src="/assets/header.js" fetchPriority="low"></script>' +
  '<script nonce="abc">window.__reactRouterContext = {};</script>' +
  bootstrap +
  '</body></html>'
const bootstrap =
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client-D9.js");</script>'

describe('deferHydration', () => {
  it('drops the module preloads and leaves the bootstrap inert, nonce and code unchanged', () => {
    const html = deferHydration(page(bootstrap))
    expect(html).not.toContain('modulepreload')
    expect(html).toContain(
      `<script nonce="abc" type="${DEFERRED_MODULE_TYPE}">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client-D9.js");</script>`,
    )
    // Everything else is as it was: the stylesheet, the form, the other scripts.
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>')
    expect(html).toContain('<script type="module" src="/assets/header.js" fetchPriority="low">')
    expect(html).toContain('<script nonce="abc">window.__reactRouterContext = {};</script>')
  })

  it('refuses a page whose bootstrap it cannot find, rather than one that never hydrates', () => {
    expect(() => deferHydration(page(''))).toThrow(
      'expected one React Router bootstrap module in the page, found 0',
    )
    expect(() => deferHydration(page(bootstrap + bootstrap))).toThrow('found 2')
  })
})
