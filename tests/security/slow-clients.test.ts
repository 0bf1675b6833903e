/**
 * Issue 22, finding 9: a client that trickles its headers or its body is cut after
 * HEADERS_TIMEOUT_MS or REQUEST_TIMEOUT_MS (with Node's 408), not after minutes; a request sent
 * within the time is answered. The server runs with small limits so the test takes seconds.
 */
import { connect, type Socket } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_API_PATH } from '#core/forms/api.ts'
import { contactFields } from '#tests/support/server-process.ts'
import { type RealServer, realServer } from './real-server.ts'

const HEADERS_TIMEOUT_MS = 1_000
const REQUEST_TIMEOUT_MS = 2_500
/** Node looks for overdue requests once a second at most (server/index.ts), plus a busy machine. */
const SLACK_MS = 2_500
/** Without the limits Node waited 60 s and 300 s: a connection still open by then was never cut. */
const GIVE_UP_MS = REQUEST_TIMEOUT_MS + 3 * SLACK_MS

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
  /** How long after the first byte the server closed the connection; undefined if it did not. */
  closedAfterMs?: number
  answer: string
}

/**
 * Opens a connection, writes `first`, then `drip()` every `everyMs` until the server closes the
 * connection, `drip` answers undefined (all sent) or GIVE_UP_MS pass. Resolves when the
 * connection ends, however it ends.
 */
function trickle(first: string, everyMs: number, drip: () => string | undefined): Promise<Ending> {
  return new Promise((resolve) => {
    const socket: Socket = connect(server.port, '127.0.0.1')
    let answer = ''
    let startedAt = 0
    let timer: NodeJS.Timeout | undefined
    const giveUp = setTimeout(() => {
      clearInterval(timer)
      socket.destroy()
      resolve({ answer })
    }, GIVE_UP_MS)
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
      clearTimeout(giveUp)
      resolve({ closedAfterMs: Date.now() - startedAt, answer })
    })
  })
}

describe('slow clients', () => {
  it('headers sent a line at a time are cut after HEADERS_TIMEOUT_MS', async () => {
    let n = 0
    const ending = await trickle(
      'GET / HTTP/1.1\r\nHost: localhost\r\n',
      200,
      () => `X-Slow-${n++}: still coming\r\n`,
    )
    expect(ending.closedAfterMs, 'the connection was still open').toBeDefined()
    expect(ending.closedAfterMs!).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100)
    expect(ending.closedAfterMs!).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS)
    expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('a body sent a byte at a time is cut after REQUEST_TIMEOUT_MS', async () => {
    const ending = await trickle(
      `POST ${CONTACT_API_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
      100,
      () => ' ',
    )
    expect(ending.closedAfterMs, 'the connection was still open').toBeDefined()
    expect(ending.closedAfterMs!).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100)
    expect(ending.closedAfterMs!).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS)
    expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('a request whose body arrives slowly but within the time is answered', async () => {
    const body = JSON.stringify(contactFields())
    // About half the request time: the body in ten pieces.
    const pieces = body.match(/[\s\S]{1,20}/g)!
    const every = Math.floor(REQUEST_TIMEOUT_MS / 2 / pieces.length)
    const ending = await trickle(
      `POST ${CONTACT_API_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      every,
      () => pieces.shift(),
    )
    expect(ending.answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(ending.answer).toContain('"RESPONSE_STATUS":"SUCCESS"')
  })
})
