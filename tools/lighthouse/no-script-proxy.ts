/**
 * The same site with every script removed, for measuring a static page against itself without
 * JavaScript: a proxy in front of our server that strips <script> elements and modulepreload
 * links from each HTML answer and passes everything else through as it came. Only the
 * measuring harness runs it; the production server knows nothing of it.
 */
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  gzipSync,
  inflateSync,
  deflateSync,
} from 'node:zlib'

export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*\brel\s*=\s*["']?modulepreload\b[^>]*>/gi, '')
}

const codecs: Record<string, { decode(body: Buffer): Buffer; encode(body: Buffer): Buffer }> = {
  br: { decode: brotliDecompressSync, encode: brotliCompressSync },
  gzip: { decode: gunzipSync, encode: gzipSync },
  deflate: { decode: inflateSync, encode: deflateSync },
  identity: { decode: (body) => body, encode: (body) => body },
}

/** An HTML body without its scripts, in the content encoding it came in. */
export function rewriteHtml(body: Buffer, encoding = 'identity'): Buffer {
  const codec = codecs[encoding]
  if (!codec) throw new Error(`Cannot read an HTML answer in ${encoding} encoding`)
  return codec.encode(Buffer.from(withoutScripts(codec.decode(body).toString('utf8'))))
}

export interface NoScriptProxy {
  origin: string
  close(): Promise<void>
}

/** Listens on `port` of localhost and forwards every request to `upstream` (an origin). */
export function startNoScriptProxy(upstream: string, port: number): Promise<NoScriptProxy> {
  const target = new URL(upstream)
  const server = createServer((incoming, outgoing) => {
    const forward = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        const headers = { ...answer.headers }
        if (!String(headers['content-type']).startsWith('text/html')) {
          outgoing.writeHead(answer.statusCode ?? 502, headers)
          answer.pipe(outgoing)
          return
        }
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          const body = rewriteHtml(Buffer.concat(chunks), headers['content-encoding'])
          delete headers.etag
          delete headers['transfer-encoding']
          headers['content-length'] = String(body.length)
          outgoing.writeHead(answer.statusCode ?? 502, headers)
          outgoing.end(body)
        })
      },
    )
    forward.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' })
      outgoing.end(`no-script proxy: ${error.message}`)
    })
    incoming.pipe(forward)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo
      resolve({
        origin: `http://localhost:${bound}`,
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}
