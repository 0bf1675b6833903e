/**
 * Graceful shutdown of the real server process (server/index.ts): SIGTERM while contact and
 * career submissions stream in, with the mail server down, then a restart on the same data with
 * the mail server up. Every submission answered with success must be committed and mailed
 * exactly once; the process must exit 0 well before its own 10-second hard stop.
 *
 * Runs on PGlite in a data folder of its own, and on PostgreSQL when DATABASE_URL is set
 * (`npm run test:data` in CI).
 */
import { createServer, type Socket } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import {
  expectCleanExit,
  expectEachMailedOnce,
  freePort,
  markOf,
  serverFixture,
  submissionStream,
  submit,
  terminate,
  waitUntil,
} from '#tests/support/server-process.ts'

/**
 * Resolves once the server process has taken SIGTERM: /readyz answers 503 while it drains, and
 * without a drain it takes no new connection at all.
 */
async function sigtermTaken(url: string) {
  await vi.waitFor(
    async () => {
      const status = await fetch(`${url}/readyz`).then(
        (answer) => answer.status,
        () => 'no connection',
      )
      expect([503, 'no connection']).toContain(status)
    },
    { timeout: 10_000, interval: 20 },
  )
}

describe('graceful shutdown of the server process', () => {
  const { freshWorkDir, start, startPlain, mailServerOn } = serverFixture()

  it('SIGTERM while submissions arrive and the mail server is down: every success is committed, the process exits 0, and the restart mails each once', async () => {
    const workDir = await freshWorkDir()
    // Nothing listens on the mail port yet: every delivery is refused and the queue grows.
    const smtpPort = await freePort()
    const first = await start(workDir, smtpPort)
    const stream = submissionStream(first.url)
    expect(await waitUntil(() => stream.successes().length >= 24, 60_000)).toBe(true)
    await stream.halfway
    const sigtermAt = Date.now()
    const exiting = terminate(first)
    // The slow upload goes on once the server has taken SIGTERM, on its connection of before.
    await sigtermTaken(first.url)
    stream.resume()
    const ended = await exiting
    const slowUpload = await stream.stop()
    const submissions = stream.done
    const successes = stream.successes()
    const inFlight = submissions.filter((s) => s.startedAt < sigtermAt && s.endedAt > sigtermAt)
    const refusals = submissions.filter((s) => s.outcome === 'refused')
    console.log(
      `${submissions.length} submissions, ${successes.length} answered with success ` +
        `(${inFlight.filter((s) => s.outcome === 'success').length} of the ${inFlight.length} in flight at SIGTERM), ` +
        `${refusals.length} refused (${[...new Set(refusals.map((s) => s.detail))].join(', ')}); ` +
        `exit ${ended.exit.code ?? ended.exit.signal} ${ended.tookMs} ms after SIGTERM`,
    )
    expectCleanExit(first, ended)
    // The upload that was half sent at SIGTERM was finished, stored and answered.
    expect(slowUpload).toMatchObject({ outcome: 'success' })
    expect(slowUpload!.endedAt).toBeGreaterThan(sigtermAt)
    // A refusal is a connection the closed server did not take: never an error status from a
    // submission it had started on.
    expect(refusals.filter((s) => /^\d+$/.test(s.detail))).toEqual([])
    expect(first.output()).toMatch(/outbox: mail \d+ attempt \d+ failed/)

    const mailServer = await mailServerOn(smtpPort)
    const second = await start(workDir, smtpPort)
    const delivered = () => new Set(mailServer.received.map((mail) => markOf(mail.text)))
    // Whatever is missing after this shows in the checks of the stored rows below.
    await waitUntil(() => successes.every((s) => delivered().has(s.n)), 60_000)
    expectCleanExit(second, await terminate(second))
    await expectEachMailedOnce(workDir, successes, mailServer.received)
  }, 300_000)

  it('from SIGTERM on /readyz answers 503 while the server still serves for SHUTDOWN_DRAIN_MS, then it exits 0', async () => {
    const workDir = await freshWorkDir()
    const server = await startPlain(workDir, { SHUTDOWN_DRAIN_MS: '1500' })
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    const sentAt = Date.now()
    server.child.kill('SIGTERM')
    const ready = await vi.waitFor(
      async () => {
        const answer = await fetch(`${server.url}/readyz`)
        expect(answer.status).toBe(503)
        return answer
      },
      { timeout: 10_000, interval: 20 },
    )
    expect(await ready.json()).toEqual({ status: 'not ready', reason: 'shutting down' })
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    // Still serving during the drain: a submission is taken and committed.
    expect((await submit(server.url, 900)).outcome).toBe('success')
    const exit = await server.exited
    expect({ code: exit.code, signal: exit.signal }, server.output().slice(-2000)).toEqual({
      code: 0,
      signal: null,
    })
    expect(exit.at - sentAt).toBeGreaterThanOrEqual(1500)
  }, 120_000)

  it('SIGTERM while a mail server that never answers holds a delivery: the process exits 0, and the restart mails it once', async () => {
    const workDir = await freshWorkDir()
    // A mail host that takes the connection and says nothing, like one that hangs; the
    // transport would wait 10 s for its greeting, as long as the server's hard stop.
    const smtpPort = await freePort()
    const held = new Set<Socket>()
    const silent = createServer((socket) => {
      held.add(socket)
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => silent.listen(smtpPort, '127.0.0.1', resolve))

    const first = await start(workDir, smtpPort)
    const answered = [await submit(first.url, 0), await submit(first.url, 1)]
    expect(answered.map((s) => s.outcome)).toEqual(['success', 'success'])
    // The worker's delivery is held from here on: SIGTERM comes in the middle of it.
    expect(await waitUntil(() => held.size > 0, 30_000)).toBe(true)
    expectCleanExit(first, await terminate(first))
    for (const socket of held) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))

    const mailServer = await mailServerOn(smtpPort)
    const second = await start(workDir, smtpPort)
    // Well under the 5 minutes a delivery's claim lasts: the stopped worker handed it back.
    await waitUntil(() => mailServer.received.length >= answered.length, 30_000)
    expectCleanExit(second, await terminate(second))
    await expectEachMailedOnce(workDir, answered, mailServer.received)
  }, 300_000)
})
