/**
 * Shared by the bad-input tests: hostile strings, a raw HTTP client that can send what fetch
 * refuses to (a body shorter than its Content-Length, a connection dropped mid-upload), and
 * helpers that count what a server stored.
 */
import { readdir } from 'node:fs/promises'
import net from 'node:net'

/** Markup and script in the shapes that have got past filters: each must never run anywhere. */
export const xssPayloads = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '</textarea><script>alert(1)</script>',
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">x</a>',
  '{{constructor.constructor("alert(1)")()}}',
  '<iframe srcdoc="<script>alert(1)</script>">',
] as const

/** Whether `html` carries any payload as live markup (its escaped form is fine). */
export function reflectsMarkup(html: string): boolean {
  return /<script>alert|<img src=x|<svg\/onload|<iframe srcdoc|href="javascript:/i.test(html)
}

export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Sends a request byte for byte. With `stopAfter`, the connection is closed after that many
 * body bytes (the client went away); the answer, if any came, is returned.
 */
export function rawRequest(
  baseUrl: string,
  options: {
    method?: string
    path: string
    headers: Record<string, string>
    body: Buffer | string
    stopAfter?: number
    /** Wait this long for an answer before giving up (a server still waiting for the body). */
    timeoutMs?: number
  },
): Promise<RawAnswer | 'no answer'> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname)
    const chunks: Buffer[] = []
    const timer = setTimeout(() => socket.destroy(), options.timeoutMs ?? 3000)
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString('utf8')
      const match = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(text)
      if (!match) return resolve('no answer')
      const headers: Record<string, string> = {}
      for (const line of match[2]!.split('\r\n')) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({ status: Number(match[1]), headers, body: match[3]! })
    })
    socket.on('connect', () => {
      const body = Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body)
      const head = [
        `${options.method ?? 'POST'} ${options.path} HTTP/1.1`,
        `Host: ${url.host}`,
        'Connection: close',
        ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
        '',
        '',
      ].join('\r\n')
      socket.write(head)
      if (options.stopAfter === undefined) {
        socket.write(body)
        return
      }
      socket.write(body.subarray(0, options.stopAfter), () => {
        // Give the server a moment to read what came, then vanish like a closed laptop.
        setTimeout(() => socket.destroy(), 100)
      })
    })
    socket.on('timeout', () => reject(new Error('socket timeout')))
  })
}

/** A multipart body built by hand, so it can be malformed on purpose. */
export function multipartBody(
  parts: Array<{ name: string; value: string | Buffer; fileName?: string; type?: string }>,
  boundary = 'bad-input-boundary',
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = part.fileName
      ? `form-data; name="${part.name}"; filename="${part.fileName}"`
      : `form-data; name="${part.name}"`
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
          part.type ? `Content-Type: ${part.type}\r\n` : ''
        }\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    body: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/** Files in a folder (0 when it does not exist yet). */
export async function countFiles(dir: string): Promise<number> {
  try {
    return (await readdir(dir)).length
  } catch {
    return 0
  }
}
