/**
 * Issue 22, finding 9: a client that trickles its headers or its body is cut after
 * HEADERS_TIMEOUT_MS or REQUEST_TIMEOUT_MS (with Node's 408), not after minutes; a request sent
 * within the time is answered. The server runs with small limits so the test takes seconds; what
 * is asserted is the 408 and the closed connection, and that it did not come early.
 */
import { connect, type Socket } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_API_PATH } from '#core/forms/api.ts'
import { contactFields } from '#tests/support/server-process.ts'
import { type RealServer, realServer } from './real-server.ts'

const HEADERS_TIMEOUT_MS = 1_000
const REQUEST_TIMEOUT_MS = 2_500

const start = realServer({
  HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
  REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  FORM_RATE_LIMIT: '0',
})
let server: RealServer

beforeAll(async () => {
  server = await start()
})

interface Ending {
  /** How long after the first byte the server closed the connection. */
  closedAfterMs: number
  /** 1 for the first connection of the file the server closed, 2 for the next… */
  closedAs: number
  answer: string
}

let closings = 0

/**
 * Opens a connection, writes `first`, then `drip()` every `everyMs` until the server closes the
 * connection or `drip` answers undefined (all sent). Resolves when the server ends the
 * connection; a server that never does leaves the test to its timeout (30 s, vitest.config.ts),
 * which Node's own limits without ours, 60 s for headers and 300 s for a request, overrun.
 */
function trickle(first: string, everyMs: number, drip: () => string | undefined): Promise<Ending> {
  return new Promise<Ending>((resolve) => {
    const socket: Socket = connect(server.port, '127.0.0.1')
    let answer = ''
    let startedAt = 0
    let timer: NodeJS.Timeout | undefined
    socket.on('connect', () => {
      startedAt = Date.now()
      socket.write(first)
      timer = setInterval(() => {
        const next = drip()
        if (next === undefined) return clearInterval(timer)
        if (!socket.destroyed) socket.write(next)
      }, everyMs)
    })
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ closedAfterMs: Date.now() - startedAt, closedAs: ++closings, answer })
    })
  })
}

/** Headers a line at a time, never finished. */
function slowHeaders(): Promise<Ending> {
  let n = 0
  return trickle(
    'GET / HTTP/1.1\r\nHost: localhost\r\n',
    200,
    () => `X-Slow-${n++}: still coming\r\n`,
  )
}

/** A body of 100,000 bytes sent a byte at a time; `sent` hears of each byte after the first. */
function slowBody(sent: (bytes: number) => void = () => {}): Promise<Ending> {
  let bytes = 0
  return trickle(
    `POST ${CONTACT_API_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
    100,
    () => {
      sent(++bytes)
      return ' '
    },
  )
}

describe('slow clients', () => {
  it('headers sent a line at a time are cut after HEADERS_TIMEOUT_MS, before a slow body', async () => {
    // A slow body, under way for five of its bytes (half a second, two of the server's checks)
    // when the headers start, is cut by the longer REQUEST_TIMEOUT_MS: the headers' cut comes
    // first only while their own, shorter limit applies.
    let underWay = () => {}
    const fiveBytesSent = new Promise<void>((resolve) => (underWay = resolve))
    const body = slowBody((bytes) => bytes === 5 && underWay())
    await fiveBytesSent
    const [headersEnding, bodyEnding] = await Promise.all([slowHeaders(), body])
    expect(headersEnding.answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(bodyEnding.answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(headersEnding.closedAs).toBeLessThan(bodyEnding.closedAs)
    // Not before its time (less a timer's granularity): the headers were still coming.
    expect(headersEnding.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100)
  })

  it('a body sent a byte at a time is cut after REQUEST_TIMEOUT_MS', async () => {
    const ending = await slowBody()
    expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(ending.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100)
  })

  it('a request whose body arrives slowly but within the time is answered', async () => {
    const body = JSON.stringify(contactFields())
    // The body in pieces of 20 bytes over a quarter of the request time, which leaves a busy
    // machine's late timers room before the limit.
    const pieces = body.match(/[\s\S]{1,20}/g)!
    const every = Math.floor(REQUEST_TIMEOUT_MS / 4 / pieces.length)
    const ending = await trickle(
      `POST ${CONTACT_API_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      every,
      () => pieces.shift(),
    )
    expect(ending.answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(ending.answer).toContain('"RESPONSE_STATUS":"SUCCESS"')
  })
})
