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
import { describe, expect, it } from 'vitest'
import {
  expectCleanExit,
  expectEachMailedOnce,
  freePort,
  markOf,
  pause,
  serverFixture,
  submissionStream,
  submit,
  terminate,
  waitUntil,
} from '#tests/support/server-process.ts'

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
    // The slow upload goes on after SIGTERM, on its connection of before.
    await pause(200)
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
    await pause(300)
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(503)
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
    expect(await waitUntil(() => held.size > 0, 30_000)).toBe(true)
    await pause(300)
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
