import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtFiles, preferredEncoding } from './static-files.ts'

let baseUrl = ''
let close: () => void = () => {}
const logged: string[] = []

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'client-'))
  writeFileSync(path.join(clientDir, 'index.html'), '<h1>home</h1>')
  mkdirSync(path.join(clientDir, 'about'))
  writeFileSync(path.join(clientDir, 'about', 'index.html'), '<h1>about</h1>')
  mkdirSync(path.join(clientDir, 'assets'))
  writeFileSync(path.join(clientDir, 'assets', 'app-3f2a.js'), 'console.log(1)')
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>')

  writeFileSync(path.join(clientDir, 'notes.unknown'), 'not indexed')
  writeFileSync(path.join(clientDir, 'about', 'index.html.gz'), 'stale sibling')

  // As server/app.ts composes them: indexed files before Express, the rest from disk in Express.
  const files = builtFiles(clientDir, { log: (line) => logged.push(line) })
  const app = express()
  app.use(files.onDisk)
  app.use((_req, res) => res.status(418).send('handler'))
  const server = createServer((req, res) => files.answer(req, res) || app(req, res)).listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})

afterAll(() => close())

describe('builtFiles', () => {
  it('serves a prerendered page at its exact path, without a trailing-slash redirect', async () => {
    const response = await fetch(`${baseUrl}/about`, { redirect: 'manual' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('<h1>about</h1>')
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })

  it('serves the home page at /', async () => {
    const response = await fetch(`${baseUrl}/`)
    expect(await response.text()).toBe('<h1>home</h1>')
  })

  it('caches hashed assets for a year as immutable', async () => {
    const response = await fetch(`${baseUrl}/assets/app-3f2a.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('serves other public files with a short cache', async () => {
    const response = await fetch(`${baseUrl}/favicon.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('skips a compressed sibling that does not hold its file, and says so', () => {
    expect(logged).toEqual([
      'Static files: about/index.html.gz does not match its file; not served',
    ])
  })

  it('ignores the query string', async () => {
    const response = await fetch(`${baseUrl}/about?utm_source=mail`)
    expect(await response.text()).toBe('<h1>about</h1>')
  })

  /** fetch() would add Cache-Control: no-cache to a conditional request (the fetch standard). */
  const statusOf = (url: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      request(`${baseUrl}${url}`, { headers }, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
        .on('error', reject)
        .end()
    })

  it('answers 304 without a body when the browser has the current copy', async () => {
    const first = await fetch(`${baseUrl}/about`)
    const etag = first.headers.get('etag')!
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await statusOf('/about', { 'If-None-Match': ifNoneMatch })
      expect(again, ifNoneMatch).toEqual({ status: 304, body: '' })
    }
    const stale: Record<string, string>[] = [
      { 'If-None-Match': '"other"' },
      { 'If-None-Match': etag, 'Cache-Control': 'no-cache' },
      { 'If-Modified-Since': new Date().toUTCString() },
    ]
    for (const headers of stale) {
      const again = await statusOf('/about', headers)
      expect(again, JSON.stringify(headers)).toEqual({ status: 200, body: '<h1>about</h1>' })
    }
  })

  it('answers HEAD with the length and no body', async () => {
    const response = await fetch(`${baseUrl}/assets/app-3f2a.js`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe('14')
    expect(await response.text()).toBe('')
  })

  it('streams files it does not index from disk, but never a sibling or a page file', async () => {
    const unknown = await fetch(`${baseUrl}/notes.unknown`)
    expect(await unknown.text()).toBe('not indexed')
    for (const url of ['/about/index.html.gz', '/about/index.html']) {
      expect((await fetch(`${baseUrl}${url}`)).status, url).toBe(418)
    }
  })

  it('passes everything else, including /about/ and POSTs, to the next handler', async () => {
    for (const [url, method] of [
      ['/about/', 'GET'],
      ['/pricing', 'GET'],
      ['/about', 'POST'],
      ['/assets/missing.js', 'GET'],
    ] as const) {
      const response = await fetch(`${baseUrl}${url}`, { method, redirect: 'manual' })
      expect(response.status, `${method} ${url}`).toBe(418)
    }
  })
})

describe('preferredEncoding', () => {
  const both = { br: true, gzip: true }
  it.each([
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip, deflate', both, 'gzip'],
    ['br;q=0.8, gzip;q=0.9', both, 'gzip'],
    ['br;q=0.9, gzip;q=0.9', both, 'br'],
    ['x-gzip', both, 'gzip'],
    ['*;q=0.5', both, 'br'],
    ['*, br;q=0', both, 'gzip'],
    ['br', { gzip: true }, undefined],
    ['identity', both, undefined],
    ['br;q=0, gzip;q=0', both, undefined],
    ['', both, undefined],
    [undefined, both, undefined],
  ] as const)('%s with %o → %s', (accept, available, expected) => {
    expect(preferredEncoding(accept, available)).toBe(expected)
  })
})
