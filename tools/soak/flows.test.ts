import { describe, expect, it } from 'vitest'
import { pageAssets, soakPaths } from './flows.ts'

describe('soakPaths', () => {
  it('is every route of the page table', () => {
    expect(soakPaths).toContain('/')
    expect(soakPaths).toContain('/career-form')
    expect(soakPaths).toContain('/checkout-demo')
    expect(new Set(soakPaths).size).toBe(soakPaths.length)
  })
})

describe('pageAssets', () => {
  it('lists the scripts, stylesheets and module preloads of the same origin, once each', () => {
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" href="/assets/root-A1.css">
      <link rel="modulepreload" href="/assets/entry.client-B2.js"/>
      <link rel="icon" href="/favicon.svg">
      <link rel="preconnect" href="https://maps.example.com">
      <script type="module" src="/assets/entry.client-B2.js"></script>
      <script src="https://cdn.example.com/tracker.js"></script>
      <script>window.__inline = 1</script>
    </head><body></body></html>`
    expect(pageAssets(html, 'http://127.0.0.1:4250/about')).toEqual([
      'http://127.0.0.1:4250/assets/root-A1.css',
      'http://127.0.0.1:4250/assets/entry.client-B2.js',
    ])
  })
})
