import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createGateway, demoMerchant, type Gateway } from '#gateway/index.ts'
import { startSandboxServer } from '#gateway/server.ts'
import { pageBuild } from '#tests/support/page-build.ts'
import { compressClient } from '#scripts/build/compress.ts'
import { createApp, type RequestListener } from '#server/app.ts'

/**
 * The site's server as the browser meets it: createApp over a client folder made by the real
 * build step (scripts/build/compress.ts), a page rendered through the
 * real entry (app/entry.server.tsx), and the sandbox gateway mounted at /sandbox.
 */

/** A prerendered page as the build writes it (ADR 019): its modules from the site, nothing inline. */
const pageHtml = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title>` +
  `<link rel="stylesheet" href="/assets/root-9c1d.css"/></head><body><main><h1>${title}</h1>` +
  `<p>${'Accept UPI, cards, net banking and wallets with T+1 settlement. '.repeat(40)}</p></main>` +
  `<script type="module" src="/assets/entry.client-3f2a.js"></script></body></html>`
const scriptSource = `console.log(${JSON.stringify('Paystra '.repeat(400))})`

let root = ''
let clientDir = ''
let baseUrl = ''
let server: Server
let pglite: PGlite
let gateway: Gateway

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  raw: string[]
  body: Buffer
}

/** A raw request: fetch would decompress the body and hide what went over the wire. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          raw: response.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      )
    })
    request.on('error', reject)
    request.end()
  })
}

function headerCount(answer: Answer, name: string): number {
  return answer.raw.filter(
    (_, index) => index % 2 === 0 && answer.raw[index]!.toLowerCase() === name,
  ).length
}

function scriptSources(policy: string | undefined): string[] {
  const directive = policy?.split(';').find((part) => part.trim().startsWith('script-src '))
  return directive?.trim().split(/\s+/).slice(1) ?? []
}

function listen(app: RequestListener, host = '127.0.0.1'): Promise<Server> {
  return new Promise((resolve) => {
    const listening = createServer(app).listen(0, host, () => resolve(listening))
  })
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'site-'))
  clientDir = path.join(root, 'client')
  mkdirSync(path.join(clientDir, 'about'), { recursive: true })
  mkdirSync(path.join(clientDir, 'assets'))
  writeFileSync(path.join(clientDir, 'index.html'), pageHtml('Home'))
  writeFileSync(path.join(clientDir, 'about', 'index.html'), pageHtml('About us'))
  writeFileSync(path.join(clientDir, 'assets', 'entry.client-3f2a.js'), scriptSource)
  writeFileSync(path.join(clientDir, 'assets', 'root-9c1d.css'), 'body{margin:0}'.repeat(100))
  writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\nAllow: /\n')
  writeFileSync(path.join(clientDir, 'og-image.png'), Buffer.alloc(2048, 7))
  compressClient(clientDir)

  pglite = new PGlite()
  gateway = await createGateway({
    db: drizzle(pglite),
    merchants: [demoMerchant({ siteUrl: 'http://localhost:3000' })],
  })
  const app = createApp({
    mode: 'production',
    build: pageBuild(),
    clientDir,
    routers: [express.Router().use('/sandbox', gateway.router)],
  })
  server = await listen(app)
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await gateway.close()
  await pglite.close()
})

describe('Content Security Policy', () => {
  it('a prerendered page allows scripts from the site only: no hash, no nonce', async () => {
    const answer = await get(`${baseUrl}/about`)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-security-policy']).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "frame-src 'self' https://www.openstreetmap.org",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ].join('; '),
    )
    expect(headerCount(answer, 'content-security-policy')).toBe(1)
  })

  it('a page rendered per request carries a fresh nonce on every script, and nothing inline else', async () => {
    const nonces: string[] = []
    for (let i = 0; i < 2; i++) {
      const answer = await get(`${baseUrl}/rendered`)
      expect(answer.status).toBe(200)
      const html = answer.body.toString('utf8')
      expect(html).toContain('Rendered per request')
      const sources = scriptSources(answer.headers['content-security-policy'] as string)
      const nonceSources = sources.filter((source) => source.startsWith("'nonce-"))
      expect(nonceSources).toHaveLength(1)
      expect(sources).not.toContain("'unsafe-inline'")
      expect(sources.some((source) => source.startsWith("'sha256-"))).toBe(false)
      const nonce = nonceSources[0]!.slice("'nonce-".length, -1)
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/)
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
      expect(scripts.length).toBeGreaterThanOrEqual(2)
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
      nonces.push(nonce)
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })

  it('static files carry the policy without any inline script allowed', async () => {
    for (const url of ['/assets/entry.client-3f2a.js', '/robots.txt', '/og-image.png']) {
      const answer = await get(`${baseUrl}${url}`)
      const sources = scriptSources(answer.headers['content-security-policy'] as string)
      expect(sources, url).toEqual(["'self'"])
    }
  })

  it('the gateway at /sandbox keeps its own policy, once, and may be framed by merchants', async () => {
    for (const url of ['/sandbox/checkout.js', '/sandbox/no-such-page']) {
      const answer = await get(`${baseUrl}${url}`)
      expect(headerCount(answer, 'content-security-policy'), url).toBe(1)
      const policy = answer.headers['content-security-policy'] as string
      expect(policy, url).toContain("default-src 'none'")
      expect(policy, url).not.toContain('nonce-')
      expect(policy, url).not.toContain("frame-ancestors 'none'")
      expect(answer.headers['x-frame-options'], url).toBeUndefined()
    }
  })
})

describe('other security headers', () => {
  it('site pages may not be framed and sniffing is off', async () => {
    for (const url of ['/', '/rendered']) {
      const answer = await get(`${baseUrl}${url}`)
      expect(answer.headers['x-frame-options'], url).toBe('DENY')
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff')
      expect(answer.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
    }
  })

  it('HSTS only when the request came over HTTPS (a proxy on loopback says so)', async () => {
    const plain = await get(`${baseUrl}/rendered`)
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    for (const url of ['/rendered', '/about', '/assets/entry.client-3f2a.js']) {
      const secure = await get(`${baseUrl}${url}`, { 'X-Forwarded-Proto': 'https' })
      expect(secure.headers['strict-transport-security'], url).toBe(
        'max-age=63072000; includeSubDomains',
      )
    }
  })

  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address
  it.skipIf(!lanAddress)(
    'a client not on loopback cannot claim HTTPS with X-Forwarded-Proto',
    async () => {
      const app = createApp({ mode: 'production', build: pageBuild(), clientDir })
      const lan = await listen(app, lanAddress)
      try {
        const { port } = lan.address() as AddressInfo
        for (const url of ['/rendered', '/about', '/assets/entry.client-3f2a.js']) {
          const answer = await get(`http://${lanAddress}:${port}${url}`, {
            'X-Forwarded-Proto': 'https',
          })
          expect(answer.status, url).toBe(200)
          expect(answer.headers['strict-transport-security'], url).toBeUndefined()
        }
      } finally {
        await new Promise((resolve) => lan.close(resolve))
      }
    },
  )

  it('no X-Powered-By from the site, its files, its gateway, or the gateway on its own', async () => {
    for (const [url, method] of [
      ['/', 'GET'],
      ['/rendered', 'GET'],
      ['/assets/entry.client-3f2a.js', 'HEAD'],
      ['/no-such-page', 'GET'],
      ['/sandbox/checkout.js', 'GET'],
      ['/sandbox/paymentrequest', 'POST'],
    ] as const) {
      const answer = await get(`${baseUrl}${url}`, {}, method)
      expect(answer.headers['x-powered-by'], `${method} ${url}`).toBeUndefined()
    }
    const sandbox = await startSandboxServer({
      merchants: [demoMerchant({ siteUrl: 'http://localhost:3000' })],
    })
    try {
      for (const url of ['/checkout.js', '/no-such-page']) {
        const answer = await get(`${sandbox.url}${url}`)
        expect(answer.headers['x-powered-by'], url).toBeUndefined()
      }
    } finally {
      await sandbox.close()
    }
  })
})

describe('errors', () => {
  /** What must never reach a client: a stack frame, a file path of this machine, an error's class. */
  function expectNoInternals(body: string) {
    expect(body).not.toMatch(/\bat .+:\d+:\d+/)
    expect(body).not.toContain(process.cwd())
    expect(body).not.toMatch(/node_modules|TypeError|URIError/)
  }

  it('a method no page answers is refused with 405 and Allow, not a stack trace', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE', 'POST']) {
      const answer = await get(`${baseUrl}/about-us`, {}, method)
      expect(answer.status, method).toBe(405)
      expect(answer.headers.allow, method).toBe('GET, HEAD')
      expectNoInternals(answer.body.toString())
    }
  })

  it('an address that cannot be decoded gets our own 400 page, or JSON when JSON is asked for', async () => {
    const page = await get(`${baseUrl}/%E0%A4%A`)
    expect(page.status).toBe(400)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body.toString()).toContain('This address could not be read.')
    expectNoInternals(page.body.toString())
    const json = await get(`${baseUrl}/%E0%A4%A`, { Accept: 'application/json' })
    expect(json.status).toBe(400)
    expect(JSON.parse(json.body.toString())).toEqual({
      status: 400,
      message: 'This address could not be read. Check it and try again.',
    })
  })
})

describe('precompressed static files', () => {
  const file = (name: string) => readFileSync(path.join(clientDir, name))

  it('answers brotli, gzip or the file itself by Accept-Encoding, with length and type', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', sibling: '.br' },
      { accept: 'br;q=0.5, gzip', encoding: 'gzip', sibling: '.gz' },
      { accept: 'gzip', encoding: 'gzip', sibling: '.gz' },
      { accept: '*', encoding: 'br', sibling: '.br' },
      { accept: 'br;q=0, gzip;q=0', encoding: undefined, sibling: '' },
      { accept: '', encoding: undefined, sibling: '' },
    ]
    for (const { accept, encoding, sibling } of cases) {
      const answer = await get(`${baseUrl}/assets/entry.client-3f2a.js`, {
        'Accept-Encoding': accept,
      })
      expect(answer.headers['content-encoding'], accept).toBe(encoding)
      expect(answer.body.equals(file(`assets/entry.client-3f2a.js${sibling}`)), accept).toBe(true)
      expect(Number(answer.headers['content-length']), accept).toBe(answer.body.length)
      expect(answer.headers['content-type'], accept).toBe('text/javascript; charset=utf-8')
      expect(answer.headers.vary, accept).toBe('Accept-Encoding')
      expect(answer.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable')
    }
  })

  it('the compressed bodies are the file', async () => {
    const br = await get(`${baseUrl}/about`, { 'Accept-Encoding': 'br' })
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(br.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect(brotliDecompressSync(br.body).equals(file('about/index.html'))).toBe(true)
    const gzip = await get(`${baseUrl}/assets/root-9c1d.css`, { 'Accept-Encoding': 'gzip' })
    expect(gzip.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(gunzipSync(gzip.body).equals(file('assets/root-9c1d.css'))).toBe(true)
  })

  it('each encoding has its own ETag and revalidates to 304', async () => {
    const br = await get(`${baseUrl}/about`, { 'Accept-Encoding': 'br' })
    const gzip = await get(`${baseUrl}/about`, { 'Accept-Encoding': 'gzip' })
    expect(br.headers.etag).toBeTruthy()
    expect(br.headers.etag).not.toBe(gzip.headers.etag)
    const again = await get(`${baseUrl}/about`, {
      'Accept-Encoding': 'br',
      'If-None-Match': br.headers.etag!,
    })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers['content-security-policy']).toBe(br.headers['content-security-policy'])
  })

  it('HEAD sends the headers of GET and no body', async () => {
    const answer = await get(`${baseUrl}/`, { 'Accept-Encoding': 'gzip' }, 'HEAD')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(Number(answer.headers['content-length'])).toBe(file('index.html.gz').length)
    expect(answer.body.length).toBe(0)
  })

  it('files that do not compress are sent as they are, without Vary', async () => {
    const answer = await get(`${baseUrl}/og-image.png`, { 'Accept-Encoding': 'gzip, br' })
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.headers['content-type']).toBe('image/png')
    expect(answer.headers.vary).toBeUndefined()
    expect(answer.headers['cache-control']).toBe('public, max-age=3600')
  })

  it('the compressed siblings are not pages of their own', async () => {
    for (const url of ['/assets/entry.client-3f2a.js.br', '/about/index.html']) {
      const answer = await get(`${baseUrl}${url}`)
      expect(answer.body.toString('utf8'), url).toContain('Nothing here')
    }
  })

  it('pages rendered per request are still compressed on the fly', async () => {
    const answer = await get(`${baseUrl}/rendered`, { 'Accept-Encoding': 'gzip' })
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(answer.body).toString('utf8')).toContain('Rendered per request')
  })
})

describe('a build whose parts do not match', () => {
  function copyOfClient(): string {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'stale-')), 'client')
    mkdirSync(path.join(dir, 'about'), { recursive: true })
    writeFileSync(path.join(dir, 'index.html'), pageHtml('Home'))
    writeFileSync(path.join(dir, 'about', 'index.html'), pageHtml('About us'))
    return dir
  }

  it('a compressed sibling left from another build is not served', async () => {
    const dir = copyOfClient()
    compressClient(dir)
    writeFileSync(
      path.join(dir, 'about', 'index.html.br'),
      readFileSync(path.join(dir, 'index.html.br')),
    )
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const app = createApp({ mode: 'production', build: pageBuild(), clientDir: dir })
    expect(warn).toHaveBeenCalledWith(
      'Static files: about/index.html.br does not match its file; not served',
    )
    const stale = await listen(app)
    try {
      const { port } = stale.address() as AddressInfo
      const answer = await get(`http://127.0.0.1:${port}/about`, { 'Accept-Encoding': 'br, gzip' })
      expect(answer.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(answer.body).toString('utf8')).toContain('<h1>About us</h1>')
    } finally {
      await new Promise((resolve) => stale.close(resolve))
    }
  })
})
