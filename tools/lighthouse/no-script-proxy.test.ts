import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type NoScriptProxy,
  rewriteHtml,
  startNoScriptProxy,
  withoutScripts,
} from './no-script-proxy.ts'

const page = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/chunk.js"/><script>window.__context = {"a":"</p>"}</script></head><body><p>Scripts are described here.</p><script type="module" src="/assets/header.js"></script><SCRIPT type="application/ld+json">{}</SCRIPT ></body></html>`
const bare = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><p>Scripts are described here.</p></body></html>`

describe('withoutScripts', () => {
  it('removes every script element and modulepreload link, and nothing else', () => {
    expect(withoutScripts(page)).toBe(bare)
  })
})

describe('rewriteHtml', () => {
  it('answers in the content encoding the page came in', () => {
    expect(rewriteHtml(Buffer.from(page)).toString()).toBe(bare)
    expect(rewriteHtml(gzipSync(page), 'gzip')).toEqual(gzipSync(bare))
    expect(rewriteHtml(brotliCompressSync(page), 'br')).toEqual(brotliCompressSync(bare))
  })

  it('refuses an encoding it cannot read', () => {
    expect(() => rewriteHtml(Buffer.from(page), 'zstd')).toThrow(/zstd/)
  })
})

describe('startNoScriptProxy', () => {
  const script = 'export const header = 1\n'
  let upstream: Server
  let proxy: NoScriptProxy

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      if (request.url === '/assets/header.js') {
        response.writeHead(200, { 'content-type': 'text/javascript', etag: '"js"' })
        response.end(script)
        return
      }
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        etag: '"page"',
        'x-seen-path': request.url,
      })
      response.end(gzipSync(page))
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    const { port } = upstream.address() as AddressInfo
    proxy = await startNoScriptProxy(`http://127.0.0.1:${port}`, 0)
  })

  afterAll(async () => {
    await proxy.close()
    await new Promise((resolve) => upstream.close(resolve))
  })

  it('serves the page without its scripts, the rest of the answer as it was', async () => {
    const response = await fetch(`${proxy.origin}/about?x=1`)
    expect(await response.text()).toBe(bare)
    expect(response.headers.get('x-seen-path')).toBe('/about?x=1')
    expect(response.headers.get('etag')).toBeNull()
  })

  it('passes other files through untouched', async () => {
    const response = await fetch(`${proxy.origin}/assets/header.js`)
    expect(await response.text()).toBe(script)
    expect(response.headers.get('etag')).toBe('"js"')
  })
})
