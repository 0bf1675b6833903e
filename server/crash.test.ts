/**
 * Crash safety of the real server process: SIGKILL (no shutdown at all) while contact and career
 * submissions stream in and the mail goes out, then a restart on the same data. Every
 * submission answered with success must be stored once and its mail must arrive; the worker's
 * claims of the killed process are taken over after OUTBOX_CLAIM_TIMEOUT_MS.
 *
 * Mail is delivered at least once: a mail the killed process had handed to the mail server but
 * not yet marked delivered is sent again after the restart, with the same Message-ID, which is
 * how a mailbox knows it for the same message. The test allows that for the mails of the batch
 * in flight at the kill, and nothing else.
 *
 * Runs on PGlite in a data folder of its own, and on PostgreSQL when DATABASE_URL is set.
 */
import { describe, expect, it, vi } from 'vitest'
import { messageIdOf } from './mail/outbox.ts'
import { contactMessages, jobApplications, outbox } from './db/schema.ts'
import {
  bareId,
  byNumber,
  freePort,
  markOf,
  openStore,
  serverFixture,
  submissionStream,
  terminate,
  expectCleanExit,
  waitUntil,
} from '#tests/support/server-process.ts'

const metricsToken = 'crash-test-metrics-token'

/** Mails waiting or being sent, as the process's /metrics reads them from its database. */
async function pendingMails(url: string): Promise<number | undefined> {
  const response = await fetch(`${url}/metrics`, {
    headers: { Authorization: `Bearer ${metricsToken}` },
  })
  const text = await response.text()
  const line = /^site_outbox_pending_mails (\d+)$/m.exec(text)
  return line ? Number(line[1]) : undefined
}

/** The outbox worker's batch: at most this many mails can be sent and not yet marked. */
const BATCH = 20

describe('a server process killed with SIGKILL', () => {
  const { freshWorkDir, start, mailServerOn } = serverFixture()

  it('loses no answered submission, and the restart mails every stored one, repeating only the batch in flight', async () => {
    const workDir = await freshWorkDir()
    const smtpPort = await freePort()
    const mailServer = await mailServerOn(smtpPort)
    const env = { OUTBOX_CLAIM_TIMEOUT_MS: '2000' }
    const first = await start(workDir, smtpPort, env)
    const stream = submissionStream(first.url)
    expect(await waitUntil(() => stream.successes().length >= 40, 60_000)).toBe(true)
    await stream.halfway
    // Submissions keep arriving until the kill, but slowly enough for the outbox worker to get
    // mails out: at full speed the clients had the server answer 749 of them (and the restart
    // mail 741) before the tenth mail left.
    stream.pace(500)
    expect(await waitUntil(() => mailServer.received.length >= 10, 30_000)).toBe(true)
    first.child.kill('SIGKILL')
    const killed = await first.exited
    expect(killed.signal).toBe('SIGKILL')
    stream.resume()
    await stream.stop()
    const answered = stream.successes()
    const receivedBeforeRestart = mailServer.received.length

    const second = await start(workDir, smtpPort, { ...env, METRICS_TOKEN: metricsToken })
    // The claims of the killed process run out after 2 s; then the second one sends them. The
    // data is read after it stops (PGlite is one process's database), so the outbox is watched
    // through the process: once no mail waits or is being sent, no straggler or duplicate can
    // follow.
    const mailed = () => new Set(mailServer.received.map((mail) => markOf(mail.text)))
    await waitUntil(() => answered.every((s) => mailed().has(s.n)), 60_000)
    await vi.waitFor(async () => expect(await pendingMails(second.url)).toBe(0), {
      timeout: 60_000,
      interval: 100,
    })
    expectCleanExit(second, await terminate(second))
    const store = await openStore(workDir)
    try {
      const contacts = await store.db
        .select({ message: contactMessages.message })
        .from(contactMessages)
      const applications = await store.db
        .select({ message: jobApplications.message })
        .from(jobApplications)
      const stored = [...contacts, ...applications].map((row) => markOf(row.message))
      // Each answered submission is stored, each stored one once. A submission committed in
      // the instant before the kill may be stored though its answer never arrived: accepted
      // data, kept and mailed like the rest.
      expect(new Set(stored).size).toBe(stored.length)
      const storedSet = new Set(stored)
      expect(answered.filter((s) => !storedSet.has(s.n))).toEqual([])

      const rows = await store.db.select().from(outbox)
      expect(rows).toHaveLength(stored.length)
      expect(rows.filter((row) => row.status !== 'delivered')).toEqual([])
      const expectedIds = rows.map(messageIdOf)
      const receivedIds = mailServer.received.map((mail) => bareId(mail.messageId))
      expect([...new Set(receivedIds)].sort()).toEqual(expectedIds.sort())
      expect(
        [...new Set(mailServer.received.map((mail) => markOf(mail.text)))].sort(byNumber),
      ).toEqual(stored.sort(byNumber))
      const repeated = receivedIds.length - new Set(receivedIds).size
      console.log(
        `${stream.done.length} submissions, ${answered.length} answered with success, ` +
          `${stored.length} stored; ${receivedBeforeRestart} mails before the kill, ` +
          `${mailServer.received.length} in all, ${repeated} sent again after the restart`,
      )
      expect(repeated).toBeLessThanOrEqual(BATCH)
    } finally {
      await store.close()
    }
  }, 300_000)
})
