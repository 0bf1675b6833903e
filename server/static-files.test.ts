import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preferredEncoding, staticFiles } from './static-files.ts'

let baseUrl = ''
let close: () => void = () => {}

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'client-'))
  writeFileSync(path.join(clientDir, 'index.html'), '<h1>home</h1>')
  mkdirSync(path.join(clientDir, 'about'))
  writeFileSync(path.join(clientDir, 'about', 'index.html'), '<h1>about</h1>')
  mkdirSync(path.join(clientDir, 'assets'))
  writeFileSync(path.join(clientDir, 'assets', 'app-3f2a.js'), 'console.log(1)')
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>')

  const app = express()
  app.use(staticFiles(clientDir))
  app.use((_req, res) => res.status(418).send('handler'))
  const server = app.listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})

afterAll(() => close())

describe('staticFiles', () => {
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
