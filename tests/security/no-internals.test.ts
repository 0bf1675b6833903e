/**
 * Issue 22, finding 2: the server runs in production mode unless told otherwise, and no answer,
 * to any malformed request, shows a stack trace, a file path of the machine, node_modules or
 * Express's or React Router's own error pages and messages.
 */
import { connect } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  CHECKOUT_VERIFY_PATH,
  MERCHANT_HOSTED_REQUEST_PATH,
  PAYMENT_REQUEST_PATH,
  RESPONSE_PATH,
} from '#app/content/demo-api.ts'
import { CAREER_API_PATH, CONTACT_API_PATH } from '#core/forms/api.ts'
import { WEBHOOK_PATH } from '#server/demo/webhook.ts'
import { repoRoot } from '#tests/support/server-process.ts'
import { type RealServer, realServer } from './real-server.ts'

const start = realServer()
let server: RealServer

beforeAll(async () => {
  server = await start()
})

interface RawAnswer {
  status: number
  head: string
  body: string
  /**
   * The server reset the connection while the request was still being written. A server that
   * refuses a large body at once closes with the body unread, and the reset that follows may
   * reach the client before it has read the answer: TCP drops what was not yet read.
   */
  reset: boolean
}

/**
 * Sends `request` as bytes, exactly as written (fetch would mend a bad escape or refuse a
 * method), and reads the answer until the server closes the connection (every request here
 * says `Connection: close`, and Node closes after refusing a malformed one).
 */
function raw(request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1')
    const chunks: Buffer[] = []
    let reset = false
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // A server may close while a large body is still being written: the answer is what counts.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
      reset = true
    })
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1')
      const split = text.indexOf('\r\n\r\n')
      const head = split === -1 ? text : text.slice(0, split)
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: split === -1 ? '' : text.slice(split + 4),
        reset,
      })
    })
    socket.setTimeout(20_000, () =>
      socket.destroy(new Error(`no answer to ${String(request).slice(0, 80)}`)),
    )
    // Written, not ended: Node's server drops a request whose client has half-closed.
    socket.write(request)
  })
}

function request(
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Buffer {
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body
  const headers = {
    Host: `127.0.0.1:${server.port}`,
    Connection: 'close',
    ...(body ? { 'Content-Length': String(body.length) } : {}),
    ...options.headers,
  }
  const head =
    `${method} ${target} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n'
  return Buffer.concat([Buffer.from(head, 'latin1'), body ?? Buffer.alloc(0)])
}

/** Words and shapes that only internals have. */
const internals: [string, RegExp][] = [
  ['a stack frame', /\bat .*[(/\\].*:\d+:\d+|\n\s+at /],
  ['a file path of this machine', new RegExp(repoRoot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
  ['a temporary folder', /\/tmp\/|paystra-shutdown-/],
  ['node_modules', /node_modules/],
  ['an error class', /\b(TypeError|URIError|SyntaxError|RangeError|ReferenceError)\b/],
  ["Express's error page", /<pre>|Cannot (GET|POST|PUT|DELETE|PATCH|TRACE|OPTIONS) \//],
  [
    "React Router's messages",
    /did not provide an `action`|routes\/[a-z-]+|ErrorResponse|Unexpected Server Error|React Router/,
  ],
  ['a source file', /\.(tsx?|mjs|cjs)\b(?!\w)/],
]

const onlyInRefusals = new Set(['an error class', 'a source file'])

function expectNoInternals(what: string, answer: RawAnswer, { mayClose = false } = {}) {
  // Node closes a CONNECT that no one listens for without a word, which is all it deserves.
  if (!mayClose && !answer.reset) {
    expect(answer.status, `${what}: an answer`).toBeGreaterThanOrEqual(200)
  }
  const text = `${answer.head}\n${answer.body}`
  for (const [name, pattern] of internals) {
    // Served files may name these (checkout.js throws a TypeError of its own when misused, the
    // sandbox's stylesheet says which module made it): only refusals are read for them.
    if (onlyInRefusals.has(name) && answer.status < 400) continue
    expect(text, `${what} shows ${name}`).not.toMatch(pattern)
  }
}

const jsonApis = [
  CONTACT_API_PATH,
  CAREER_API_PATH,
  PAYMENT_REQUEST_PATH,
  MERCHANT_HOSTED_REQUEST_PATH,
  CHECKOUT_VERIFY_PATH,
  WEBHOOK_PATH,
  ...[
    'transact',
    'qr',
    'payout',
    'payout/status',
    'webhook/events',
    'webhook/resend',
    'settlements',
    'settlement',
    'recon',
    'settlement/run',
  ].map((name) => `/sandbox/pgws/${name}`),
]
const formEndpoints = [
  RESPONSE_PATH,
  '/sandbox/paymentrequest',
  '/sandbox/merchantPaymentInit',
  '/sandbox/pay/00000000-0000-4000-8000-000000000000/language',
]
const places = [
  '/',
  '/rendered',
  '/no-such-page',
  '/sandbox/',
  '/sandbox/checkout.js',
  '/demo/x',
  '/api/x',
]

describe('production by default', () => {
  it('started with NODE_ENV unset, as `npm run serve` is, the server runs in production mode', () => {
    expect(server.output()).toContain('"msg":"Mode: production"')
  })
})

describe('no internals in any answer', () => {
  it('methods no page or API answers, on the site, the sandbox and the APIs', async () => {
    for (const method of [
      'TRACE',
      'TRACK',
      'PUT',
      'DELETE',
      'PATCH',
      'OPTIONS',
      'CONNECT',
      'FOO',
      'PROPFIND',
    ]) {
      for (const place of [...places, ...jsonApis]) {
        const target = method === 'CONNECT' ? `127.0.0.1:${server.port}` : place
        expectNoInternals(`${method} ${place}`, await raw(request(method, target)), {
          mayClose: method === 'CONNECT',
        })
      }
    }
  })

  it('a POST to a page without an action is our own 405, with Allow', async () => {
    for (const place of ['/', '/rendered', '/no-such-page']) {
      const answer = await raw(
        request('POST', place, {
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'a=1',
        }),
      )
      expect(answer.status, place).toBe(405)
      expect(answer.head, place).toMatch(/\r\nAllow: GET, HEAD\r\n/i)
      expectNoInternals(`POST ${place}`, answer)
    }
  })

  it('bad percent-escapes and odd characters in the path and the query', async () => {
    const targets = [
      '/%',
      '/%E0%A4%A',
      '/%ZZ',
      '/%00',
      '/%C0%AF',
      '/..%2f..%2fetc%2fpasswd',
      '/rendered?q=%E0%A4%A',
      '/rendered?%',
      '/?a=%ZZ&b=%',
      '//double//slash',
      '/assets/%E0%A4',
      '/downloads/%E0%A4',
      '/developers/docs/%E0%A4',
      '/sandbox/%E0%A4%A',
      '/sandbox/pay/%E0%A4',
      '/sandbox/pay/x?y=%E0%A4',
      '/sandbox/qr/%E0%A4.png',
      '/sandbox/checkout.js?%E0',
      '/sandbox/assets/gateway.css?v=%',
      `${RESPONSE_PATH}?order=%E0%A4`,
      `${RESPONSE_PATH}?payment=%ZZ`,
      '/demo/%E0%A4',
      '/api/%E0%A4',
      '/healthz?%',
      '/readyz/%E0',
      '/metrics?%',
    ]
    for (const target of targets) {
      for (const accept of ['text/html', 'application/json']) {
        expectNoInternals(
          `GET ${target} (${accept})`,
          await raw(request('GET', target, { headers: { Accept: accept } })),
        )
      }
    }
    for (const target of [...jsonApis, ...formEndpoints].map((path) => `${path}%E0%A4%A?x=%`)) {
      expectNoInternals(
        `POST ${target}`,
        await raw(
          request('POST', target, { headers: { 'Content-Type': 'application/json' }, body: '{}' }),
        ),
      )
    }
  })

  it('bad JSON, bad types and the wrong Content-Type to every API', async () => {
    const bodies: [string, string][] = [
      ['application/json', '{bad'],
      ['application/json', '"__proto__"'],
      ['application/json', '{"__proto__":{"x":1},"constructor":{"prototype":{}}}'],
      ['application/json', '[1,2,3]'],
      ['application/json', 'null'],
      ['application/json', '{"a":"\\ud800"}'],
      ['application/json', '{"a":1,"a":2}'],
      ['application/json; charset=utf-7', '{}'],
      ['application/json; charset=nope', '{}'],
      ['application/json', '\u0000\u0001\u0002'],
      ['text/plain', '{}'],
      ['text/xml', '<a/>'],
      ['application/x-www-form-urlencoded', 'a=%E0%A4&b'],
      ['multipart/form-data', 'no boundary'],
      ['', '{}'],
      ['a/b/c; ;;', '{}'],
    ]
    for (const path of [...jsonApis, ...formEndpoints]) {
      for (const [type, body] of bodies) {
        const headers: Record<string, string> = type ? { 'Content-Type': type } : {}
        for (const accept of ['text/html', 'application/json']) {
          expectNoInternals(
            `POST ${path} as ${type || 'no type'}: ${body}`,
            await raw(request('POST', path, { headers: { ...headers, Accept: accept }, body })),
          )
        }
      }
      expectNoInternals(
        `POST ${path} with a gzip body that is not gzip`,
        await raw(
          request('POST', path, {
            headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
            body: '{}',
          }),
        ),
      )
      expectNoInternals(
        `POST ${path} with an unknown encoding`,
        await raw(
          request('POST', path, {
            headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'x-nope' },
            body: '{}',
          }),
        ),
      )
    }
  })

  it('bad multipart to the job application form', async () => {
    const boundary = 'xyz'
    const bodies = [
      'garbage',
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nA`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${boundary}--\r\n`,
      `--${boundary}\r\n\r\n\r\n--${boundary}--\r\n`,
      `--${boundary}--\r\n`,
    ]
    for (const body of bodies) {
      for (const type of [
        `multipart/form-data; boundary=${boundary}`,
        'multipart/form-data; boundary=',
        'multipart/mixed; boundary=xyz',
      ]) {
        expectNoInternals(
          `${type}: ${body.slice(0, 40)}`,
          await raw(request('POST', CAREER_API_PATH, { headers: { 'Content-Type': type }, body })),
        )
      }
    }
  })

  it('oversized headers, bodies and declared lengths', async () => {
    expectNoInternals(
      'a 20 KB header',
      await raw(request('GET', '/', { headers: { 'X-Big': 'a'.repeat(20_000) } })),
    )
    expectNoInternals('a 20 KB path', await raw(request('GET', `/${'a'.repeat(20_000)}`)))
    expectNoInternals('a 6 KB path', await raw(request('GET', `/sandbox/pay/${'a'.repeat(6_000)}`)))
    const big = Buffer.alloc(2_000_000, 'a')
    for (const path of [...jsonApis, ...formEndpoints]) {
      expectNoInternals(
        `a 2 MB body to ${path}`,
        await raw(
          request('POST', path, { headers: { 'Content-Type': 'application/json' }, body: big }),
        ),
      )
    }
    expectNoInternals(
      'a length the body does not have',
      await raw(
        Buffer.from(
          `POST ${CONTACT_API_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999999999999999\r\nConnection: close\r\n\r\n{}`,
        ),
      ),
    )
    expectNoInternals(
      'a broken chunked body',
      await raw(
        Buffer.from(
          `POST ${CONTACT_API_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        ),
      ),
    )
  })

  it('malformed request lines and headers', async () => {
    const requests = [
      'GET\r\n\r\n',
      'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nX-A: \u0000\r\n\r\n',
      'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET http://evil.example/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nAccept: */*;q=bad\r\nAccept-Language: ,,;;\r\nAccept-Encoding: br;q=x\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nRange: bytes=99999999-1\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nIf-None-Match: "\u00ff\r\nIf-Modified-Since: yesterday\r\nConnection: close\r\n\r\n',
      'GET /sandbox/checkout.js HTTP/1.1\r\nHost: x\r\nCookie: a=%E0%A4\r\nConnection: close\r\n\r\n',
    ]
    for (const text of requests) {
      expectNoInternals(JSON.stringify(text.slice(0, 60)), await raw(Buffer.from(text, 'latin1')))
    }
  })
})
