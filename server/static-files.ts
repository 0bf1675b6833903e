import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import express, { Router } from 'express'

const oneYear = 365 * 24 * 60 * 60

export const cacheControl = {
  /** Names under /assets carry their content hash. */
  hashed: `public, max-age=${oneYear}, immutable`,
  /** Prerendered pages keep their URL across releases. */
  page: 'public, max-age=0, must-revalidate',
  other: 'public, max-age=3600',
} as const

/** Files held in memory and answered without touching the disk; larger or other ones stream. */
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
}
const MAX_IN_MEMORY = 2 * 1024 * 1024

/** The precompressed siblings scripts/build/compress.ts writes, best first. */
const encodings = [
  { name: 'br', suffix: '.br', decompress: brotliDecompressSync },
  { name: 'gzip', suffix: '.gz', decompress: gunzipSync },
] as const
export type Encoding = (typeof encodings)[number]['name']

interface Body {
  content: Buffer
  etag: string
}

interface StaticEntry {
  contentType: string
  cacheControl: string
  identity: Body
  encoded: Partial<Record<Encoding, Body>>
}

export interface StaticFilesOptions {
  log?: (line: string) => void
}

export interface BuiltFiles {
  /**
   * Answers a GET or HEAD of an indexed file and returns true, or returns false and leaves the
   * response untouched. It needs nothing from Express: the server calls it before Express sees
   * the request, since a page answered here costs a fraction of a trip through the middleware.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean
  /** For Express, after `answer`: what is not indexed (large or unknown files) streams from disk. */
  onDisk: Router
}

/**
 * The built client, read into memory at start: hashed assets cached for a year as immutable,
 * prerendered pages at their exact path (`express.static` would redirect `/about` to `/about/`)
 * revalidated on every visit, other public files for an hour. Each file is answered with its
 * brotli or gzip sibling when the browser accepts one.
 */
export function builtFiles(clientDir: string, options: StaticFilesOptions = {}): BuiltFiles {
  const files = indexClient(clientDir, options)
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const entry = files.get(safeDecode(pathOf(req.url ?? '/')))
    if (!entry) return false
    send(req, res, entry)
    return true
  }

  const onDisk = Router()
  onDisk.use((req, _res, next) => {
    // Compressed siblings and page files are reached through their originals and clean URLs.
    if (/\.(br|gz)$|(^|\/)index\.html$/.test(req.path)) return next('router')
    next()
  })
  onDisk.use(express.static(clientDir, { index: false, redirect: false, maxAge: 60 * 60 * 1000 }))
  return { answer, onDisk }
}

function pathOf(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

function send(req: IncomingMessage, res: ServerResponse, entry: StaticEntry) {
  const encoding = preferredEncoding(req.headers['accept-encoding'], entry.encoded)
  const body = (encoding && entry.encoded[encoding]) || entry.identity
  res.setHeader('Content-Type', entry.contentType)
  res.setHeader('Cache-Control', entry.cacheControl)
  res.setHeader('ETag', body.etag)
  if (entry.encoded.br || entry.encoded.gzip) res.setHeader('Vary', 'Accept-Encoding')
  if (encoding) res.setHeader('Content-Encoding', encoding)
  if (isFresh(req, body.etag)) {
    res.statusCode = 304
    res.end()
    return
  }
  res.statusCode = 200
  res.setHeader('Content-Length', body.content.length)
  if (req.method === 'HEAD') res.end()
  else res.end(body.content)
}

/**
 * Whether the browser's copy is current (RFC 9110 13.1.2), as Express's `req.fresh` decides it
 * for a response with an ETag and no Last-Modified: `If-Modified-Since` alone never is.
 */
function isFresh(req: IncomingMessage, etag: string): boolean {
  const ifNoneMatch = req.headers['if-none-match']
  if (!ifNoneMatch) return false
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? '')) return false
  if (ifNoneMatch.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag))
}

/**
 * The encoding to answer with: the browser's highest q-value among those the file has, brotli
 * on a tie (it is smaller), none when the browser accepts neither.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: Partial<Record<Encoding, unknown>>,
): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...parameters] = part.trim().split(';')
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean)
    const weight = q === undefined ? 1 : Number(q)
    if (token) weights.set(token.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0)
  }
  const weightOf = (name: Encoding) =>
    weights.get(name) ??
    (name === 'gzip' ? weights.get('x-gzip') : undefined) ??
    weights.get('*') ??
    0
  let best: Encoding | undefined
  let bestWeight = 0
  for (const { name } of encodings) {
    const weight = weightOf(name)
    if (available[name] && weight > bestWeight) {
      best = name
      bestWeight = weight
    }
  }
  return best
}

function safeDecode(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath)
  } catch {
    return urlPath
  }
}

function decompressesTo(
  decompress: (encoded: Buffer) => Buffer,
  encoded: Buffer,
  content: Buffer,
): boolean {
  try {
    return decompress(encoded).equals(content)
  } catch {
    return false
  }
}

function etagOf(content: Buffer): string {
  return `"${createHash('sha1').update(content).digest('base64url')}"`
}

function indexClient(clientDir: string, options: StaticFilesOptions): Map<string, StaticEntry> {
  const files = new Map<string, StaticEntry>()
  if (!existsSync(clientDir)) return files
  const log = options.log ?? ((line: string) => console.warn(line))

  const load = (file: string, cache: string): StaticEntry | undefined => {
    const contentType = contentTypes[path.extname(file).toLowerCase()]
    if (!contentType || statSync(file).size > MAX_IN_MEMORY) return undefined
    const content = readFileSync(file)
    const entry: StaticEntry = {
      contentType,
      cacheControl: cache,
      identity: { content, etag: etagOf(content) },
      encoded: {},
    }
    for (const encoding of encodings) {
      const sibling = file + encoding.suffix
      if (!existsSync(sibling)) continue
      const encoded = readFileSync(sibling)
      // A sibling left from another build would serve the wrong file; it is cheap to check.
      if (!decompressesTo(encoding.decompress, encoded, content)) {
        log(
          `Static files: ${path.relative(clientDir, sibling)} does not match its file; not served`,
        )
        continue
      }
      entry.encoded[encoding.name] = { content: encoded, etag: etagOf(encoded) }
    }
    return entry
  }

  const walk = (dir: string, urlPath: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) {
        // Downloads have their own names and headers (download-files.ts).
        if (!(urlPath === '/' && name === 'downloads')) walk(full, `${urlPath}${name}/`)
        continue
      }
      if (/\.(br|gz)$/.test(name)) continue
      if (name === 'index.html') {
        // A prerendered page, at its clean URL: /about for about/index.html.
        const entry = load(full, cacheControl.page)
        if (entry) files.set(urlPath === '/' ? '/' : urlPath.slice(0, -1), entry)
        continue
      }
      const cache = urlPath.startsWith('/assets/') ? cacheControl.hashed : cacheControl.other
      const entry = load(full, cache)
      if (entry) files.set(urlPath + name, entry)
    }
  }
  walk(clientDir, '/')
  return files
}
