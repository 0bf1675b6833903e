/**
 * WEB_CONCURRENCY: the real server process as a primary with worker processes on one port.
 * With PostgreSQL (CI's data tests) two workers serve the site, a killed worker is replaced
 * while the other goes on serving, and SIGTERM stops them all; without it, more than one
 * worker is refused at start.
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import {
  databaseUrl,
  expectCleanExit,
  freePort,
  makeWorkDir,
  serverFixture,
  startServer,
  submit,
  terminate,
  waitUntil,
} from '#tests/support/server-process.ts'

/** The worker processes of a primary. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

describe('WEB_CONCURRENCY', () => {
  const { freshWorkDir, startPlain } = serverFixture()

  it('refuses more than one worker on embedded PGlite, with the reason', async () => {
    const env = { ...process.env, DATABASE_URL: '', WEB_CONCURRENCY: '2' }
    await expect(startServer(makeWorkDir(), await freePort(), env)).rejects.toThrow(
      'Invalid WEB_CONCURRENCY: 2 processes need DATABASE_URL (embedded PGlite serves one process)',
    )
  })

  it.runIf(databaseUrl())(
    'serves from two workers, replaces one killed, and stops them all on SIGTERM',
    async () => {
      const server = await startPlain(await freshWorkDir(), { WEB_CONCURRENCY: '2' })
      expect(server.output()).toContain('(2 workers)')
      const workers = childrenOf(server.child.pid!)
      expect(workers).toHaveLength(2)

      // A request the primary had already handed to the killed worker is lost with it (its
      // client sees the connection reset, never a success); from the moment the primary knows,
      // the other worker takes everything while a replacement starts.
      process.kill(workers[0]!, 'SIGKILL')
      expect(
        await waitUntil(
          () => server.output().includes('exited (SIGKILL); starting another'),
          10_000,
        ),
      ).toBe(true)
      const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => submit(server.url, n)))
      expect(answers.map((s) => s.outcome)).toEqual(Array(6).fill('success'))
      expect(
        await waitUntil(() => {
          const now = childrenOf(server.child.pid!)
          return now.length === 2 && !now.includes(workers[0]!)
        }, 30_000),
      ).toBe(true)
      // SIGTERM reaches every worker: the replacement must be listening to stop cleanly.
      expect(
        await waitUntil(
          () => server.output().includes(`listening in place of ${workers[0]}`),
          30_000,
        ),
      ).toBe(true)

      const ended = await terminate(server)
      expectCleanExit(server, ended)
      expect(childrenOf(server.child.pid!)).toEqual([])
    },
    120_000,
  )

  it.runIf(databaseUrl())(
    'answers /metrics with the sum over both workers, whichever of them gets the scrape',
    async () => {
      const token = 'metrics-token-for-the-cluster-test'
      const server = await startPlain(await freshWorkDir(), {
        WEB_CONCURRENCY: '2',
        METRICS_TOKEN: token,
      })
      // Round-robin spreads these over both workers: each one counts only its share.
      const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => submit(server.url, n)))
      expect(answers.map((s) => s.outcome)).toEqual(Array(10).fill('success'))
      const scrapes = []
      for (let index = 0; index < 4; index++) {
        const response = await fetch(`${server.url}/metrics`, {
          headers: { Authorization: `Bearer ${token}` },
        })
        expect(response.status).toBe(200)
        scrapes.push(await response.text())
      }
      for (const text of scrapes) {
        const accepted = [
          ...text.matchAll(/^site_form_submissions_total\{[^}]*outcome="accepted"[^}]*\} (\d+)/gm),
        ].reduce((sum, match) => sum + Number(match[1]), 0)
        expect(accepted).toBe(10)
      }
      expectCleanExit(server, await terminate(server))
    },
    120_000,
  )
})
