/**
 * The real server process (server/index.ts) for the tests that start, stop and kill it:
 * a working folder of its own, a stream of contact and career submissions that mark their
 * messages, and the checks that every submission answered with success was committed once and
 * mailed once. Runs on PGlite in the working folder, or on PostgreSQL when DATABASE_URL is set.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ParsedMail } from 'mailparser'
import { afterAll, expect } from 'vitest'
import { CAREER_API_PATH, CONTACT_API_PATH } from '#core/forms/api.ts'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { brand } from '#core/brand/brand.ts'
import { messageIdOf } from '#server/mail/outbox.ts'
import { contactMessages, jobApplications, outbox } from '#server/db/schema.ts'
import { testDatabaseOptions } from './database.ts'
import { pdfBytes } from './documents.ts'
import { TestMailServer } from './smtp.ts'

export const repoRoot = path.resolve(import.meta.dirname, '../..')
/**
 * The PostgreSQL server of this test file, read when asked: each file works on a database of its
 * own (tests/setup/unit.ts), and a worker runs many files with this module loaded once.
 */
export const databaseUrl = (): string | undefined => testDatabaseOptions().databaseUrl
/** Well inside index.ts's own hard stop (10 s, exit code 1), on a busy two-core machine too. */
export const EXIT_DEADLINE_MS = 8_000
export const CLIENTS = 8

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  at: number
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  exited: Promise<Exit>
  output(): string
}

/**
 * The server runs in production mode from its TypeScript source, in a working folder whose
 * build/ holds an empty page bundle: the form APIs answer before the pages, so the test needs
 * no `npm run build`. The migrations (the gateway's and the site's) are read from the working
 * folder, as in production.
 */
export function makeWorkDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paystra-shutdown-'))
  mkdirSync(path.join(dir, 'build/server'), { recursive: true })
  mkdirSync(path.join(dir, 'build/client'), { recursive: true })
  writeFileSync(path.join(dir, 'build/server/index.js'), 'export const routes = {}\n')
  for (const migrations of ['server/db/migrations', 'gateway/db/migrations']) {
    mkdirSync(path.dirname(path.join(dir, migrations)), { recursive: true })
    symlinkSync(path.join(repoRoot, migrations), path.join(dir, migrations))
  }
  for (const shared of ['tsconfig.json', 'node_modules']) {
    symlinkSync(path.join(repoRoot, shared), path.join(dir, shared))
  }
  return dir
}

export async function startServer(
  workDir: string,
  port: number,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const started = await spawnServer(['--import', 'tsx', path.join(repoRoot, 'server/index.ts')], {
    cwd: workDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(workDir, 'data'),
      FORM_RATE_LIMIT: '0',
      ...env,
    },
  })
  return { url: `http://127.0.0.1:${port}`, ...started }
}

/**
 * Starts `node …args` and resolves once it says "Site ready on", with its output so far and
 * from then on; killed, and rejected with the output, when it exits first or is not ready in
 * 90 s.
 */
export async function spawnServer(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<Omit<ServerProcess, 'url'>> {
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  )
  let timer: NodeJS.Timeout | undefined
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => {
      if (output.includes('Site ready on')) resolve()
    })
    void exited.then(({ code, signal }) =>
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${output}`)),
    )
    timer = setTimeout(() => reject(new Error(`not ready in 90 s:\n${output}`)), 90_000)
  })
  try {
    await ready
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  } finally {
    clearTimeout(timer)
  }
  return { child, exited, output: () => output }
}

export type Outcome = 'success' | 'refused'

export interface Submission {
  n: number
  kind: 'contact' | 'career'
  startedAt: number
  endedAt: number
  outcome: Outcome
  /** The HTTP status, or the network error that refused the request. */
  detail: string
}

/** The mark each submission carries in its message, found again in the row and the mail. */
export const mark = (n: number) => `[shutdown-test ${n}]`
export const markPattern = /\[shutdown-test (\d+)\]/

export async function submit(url: string, n: number): Promise<Submission> {
  const kind = n % 3 === 2 ? 'career' : 'contact'
  const message = `${visitorMessage} ${mark(n)}`
  const startedAt = Date.now()
  const request =
    kind === 'contact'
      ? fetch(url + CONTACT_API_PATH, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(contactFields(message)),
          signal: AbortSignal.timeout(30_000),
        })
      : fetch(url + CAREER_API_PATH, {
          method: 'POST',
          body: careerForm(message),
          signal: AbortSignal.timeout(30_000),
        })
  try {
    const response = await request
    const body = (await response.json()) as { RESPONSE_STATUS?: string }
    const ok = response.status === 200 && body.RESPONSE_STATUS === 'SUCCESS'
    return {
      n,
      kind,
      startedAt,
      endedAt: Date.now(),
      outcome: ok ? 'success' : 'refused',
      detail: String(response.status),
    }
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return {
      n,
      kind,
      startedAt,
      endedAt: Date.now(),
      outcome: 'refused',
      detail: cause?.code ?? cause?.message ?? (error as Error).message,
    }
  }
}

export const visitorMessage = 'Please call me about UPI collections for our store.'
export const resumeBytes = pdfBytes('Arjun Nair')
export const resumeName = 'arjun-nair.pdf'

/** A contact message that passes every rule, as the page sends it. */
export function contactFields(message = visitorMessage): Record<string, string> {
  return {
    name: 'Meera Iyer',
    company: 'Iyer Textiles',
    phone: '9876543210',
    email: 'meera@example.com',
    subject: 'Online payments',
    message,
  }
}

export function careerFields(message: string): Record<string, string> {
  return {
    name: 'Arjun Nair',
    phone: '9123456780',
    email: 'arjun@example.com',
    subject: `New Job Application from ${brand.name}`,
    message,
  }
}

export function careerForm(message: string): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(careerFields(message))) form.append(key, value)
  form.append('file', new Blob([new Uint8Array(resumeBytes)]), resumeName)
  form.append('fileName', resumeName)
  return form
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Clients that submit one after another until told to stop, on kept-alive connections as
 * browsers and proxies use them, plus one visitor on a slow line whose resume upload is half
 * sent when `halfway` resolves and finishes only after `resume()`. After it, that visitor
 * goes on sending on the same connection.
 */
export function submissionStream(url: string) {
  const done: Submission[] = []
  let next = 0
  let stopping = false
  let paceMs = 0
  const record = (submission: Submission) => {
    done.push(submission)
    return submission.outcome
  }
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (!stopping) {
      // A closed port refuses at once; don't spin on it.
      if (record(await submit(url, next++)) === 'refused') await pause(50)
      else if (paceMs > 0) await pause(paceMs)
    }
  })

  let reachedHalfway!: () => void
  const halfway = new Promise<void>((resolve) => (reachedHalfway = resolve))
  let resume!: () => void
  const resumed = new Promise<void>((resolve) => (resume = resolve))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const slowVisitor = (async () => {
    let slowUpload: Submission | undefined
    while (!stopping) {
      const n = next++
      const upload = !slowUpload
      const submission = await submitOverHttp(agent, url, n, async (request, body) => {
        if (!upload) return void request.end(body)
        const cut = Math.floor(body.length / 2)
        request.write(body.subarray(0, cut))
        reachedHalfway()
        await resumed
        for (let at = cut; at < body.length; at += 64) {
          await pause(100)
          request.write(body.subarray(at, at + 64))
        }
        request.end()
      })
      if (upload) slowUpload = submission
      if (record(submission) === 'refused') await pause(50)
    }
    agent.destroy()
    return slowUpload
  })()

  return {
    done,
    successes: () => done.filter((s) => s.outcome === 'success'),
    halfway,
    resume,
    /**
     * From now on each client waits `ms` after each answered submission: the stream goes on, at
     * a rate that leaves the server time for its other work (its outbox worker) instead of
     * filling it with submissions the test then has to check one by one.
     */
    pace(ms: number) {
      paceMs = ms
    },
    /** Stops the clients; resolves to the slow upload's submission. */
    async stop() {
      stopping = true
      await Promise.all(clients)
      return slowVisitor
    },
  }
}

/**
 * A career submission over node:http, whose body `send` writes as it likes, on `agent`'s one
 * kept-alive connection.
 */
export async function submitOverHttp(
  agent: http.Agent,
  url: string,
  n: number,
  send: (request: http.ClientRequest, body: Buffer) => Promise<void>,
): Promise<Submission> {
  const boundary = `----shutdown-test-${n}`
  const parts = Object.entries(careerFields(`${visitorMessage} ${mark(n)}`)).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  const body = Buffer.concat([
    Buffer.from(
      parts.join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${resumeName}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    resumeBytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const startedAt = Date.now()
  const ended = (outcome: Outcome, detail: string): Submission => ({
    n,
    kind: 'career',
    startedAt,
    endedAt: Date.now(),
    outcome,
    detail,
  })
  return new Promise<Submission>((resolve) => {
    const request = http.request(url + CAREER_API_PATH, {
      method: 'POST',
      agent,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    })
    request.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => {
        const ok = response.statusCode === 200 && text.includes('"RESPONSE_STATUS":"SUCCESS"')
        resolve(ended(ok ? 'success' : 'refused', String(response.statusCode)))
      })
    })
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(ended('refused', error.code ?? error.message)),
    )
    send(request, body).catch((error: Error) => request.destroy(error))
  })
}

/** Waits for `condition`; false when it did not hold within `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) return false
    await pause(25)
  }
  return true
}

/** Sends SIGTERM; answers how the process ended and how long after the signal. */
export async function terminate(server: ServerProcess): Promise<{ exit: Exit; tookMs: number }> {
  const sentAt = Date.now()
  server.child.kill('SIGTERM')
  let timer: NodeJS.Timeout | undefined
  const exit = await Promise.race([
    server.exited,
    new Promise<Exit>((resolve) => {
      timer = setTimeout(() => resolve({ code: null, signal: null, at: NaN }), 20_000)
    }),
  ])
  clearTimeout(timer)
  return { exit, tookMs: exit.at - sentAt }
}

/** A clean exit, before the deadline; the server's last lines explain a failure. */
export function expectCleanExit(
  server: ServerProcess,
  { exit, tookMs }: { exit: Exit; tookMs: number },
) {
  const tail = server.output().slice(-3000)
  expect.soft({ code: exit.code, signal: exit.signal }, tail).toEqual({ code: 0, signal: null })
  expect.soft(tookMs, tail).toBeLessThan(EXIT_DEADLINE_MS)
}

/** The working folder's PGlite, or the test file's PostgreSQL database when there is one. */
export function openStore(workDir: string): Promise<DataStore> {
  return openDatabase({ pgliteDir: path.join(workDir, 'data/pglite'), ...testDatabaseOptions() })
}

export const byNumber = (a: number | undefined, b: number | undefined) => (a ?? -1) - (b ?? -1)

/** Strips the angle brackets, which mailparser keeps. */
export const bareId = (id: string | undefined) => (id ?? '').replace(/^<|>$/g, '')

export function markOf(text: string | undefined): number | undefined {
  const found = markPattern.exec(text ?? '')
  return found ? Number(found[1]) : undefined
}

/**
 * Checks the stored data after the last server stopped: every mark in `answered` was committed
 * once and nothing else was; every outbox row was delivered, and each reached the mail server
 * exactly once, known by its Message-ID.
 */
export async function expectEachMailedOnce(
  workDir: string,
  answered: Submission[],
  received: ParsedMail[],
): Promise<void> {
  const store = await openStore(workDir)
  try {
    const rows = await store.db.select().from(outbox)
    const contacts = await store.db
      .select({ message: contactMessages.message })
      .from(contactMessages)
    const applications = await store.db
      .select({ message: jobApplications.message })
      .from(jobApplications)
    const committed = [...contacts, ...applications].map((row) => markOf(row.message))
    const marks = answered.map((s) => s.n).sort(byNumber)
    expect(committed.sort(byNumber)).toEqual(marks)
    expect(rows).toHaveLength(marks.length)

    expect(rows.filter((row) => row.status !== 'delivered')).toEqual([])
    const expectedIds = rows.map(messageIdOf)
    const receivedIds = received.map((mail) => bareId(mail.messageId))
    expect(receivedIds.sort()).toEqual(expectedIds.sort())
    expect(received.map((mail) => markOf(mail.text)).sort(byNumber)).toEqual(marks)
    const withResume = received.filter((mail) => mail.attachments.length === 1)
    expect(withResume).toHaveLength(answered.filter((s) => s.kind === 'career').length)
  } finally {
    await store.close()
  }
}

/** Retries come fast and never run out, so the queue is busy the whole time the mail is down. */
export const smtpEnv = (smtpPort: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  OUTBOX_BASE_DELAY_MS: '100',
  OUTBOX_MAX_DELAY_MS: '200',
  OUTBOX_MAX_ATTEMPTS: '100000',
})

/**
 * Working folders, server processes and mail servers for one test file, all removed or
 * killed after its tests. On PostgreSQL each working folder starts with empty tables.
 */
export function serverFixture() {
  const workDirs: string[] = []
  const servers: ServerProcess[] = []
  const mailServers: TestMailServer[] = []

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL')
    for (const mailServer of mailServers) await mailServer.stop()
    for (const dir of workDirs) rmSync(dir, { recursive: true, force: true })
  })

  return {
    async freshWorkDir(): Promise<string> {
      const dir = makeWorkDir()
      workDirs.push(dir)
      if (databaseUrl()) {
        const store = await openStore(dir)
        await store.db.delete(outbox)
        await store.db.delete(contactMessages)
        await store.db.delete(jobApplications)
        await store.close()
      }
      return dir
    },
    /** A server on a free port, mailing through `smtpPort` with fast, endless retries. */
    async start(workDir: string, smtpPort: number, env: Record<string, string> = {}) {
      const server = await startServer(workDir, await freePort(), { ...smtpEnv(smtpPort), ...env })
      servers.push(server)
      return server
    },
    /** A server with only the environment given (no mail server). */
    async startPlain(workDir: string, env: Record<string, string> = {}) {
      const server = await startServer(workDir, await freePort(), env)
      servers.push(server)
      return server
    },
    async mailServerOn(port: number) {
      const mailServer = new TestMailServer()
      mailServers.push(mailServer)
      mailServer.port = port
      await mailServer.start()
      return mailServer
    },
  }
}
