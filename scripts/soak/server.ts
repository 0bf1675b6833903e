import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type MemorySample, parseProcStatus } from './memory.ts'

const probe = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url))

/** The production server the soak started, with its output in a log file. */
export interface SoakServer {
  url: string
  pid: number
  logFile: string
  /** Its memory now: RSS from /proc, the heap after a full collection from the probe. */
  memory(at: number): Promise<MemorySample>
  /** SIGTERM, then the exit code (null: killed after `graceMs`). */
  stop(graceMs?: number): Promise<{ code: number | null; ms: number }>
  exited: Promise<number | null>
}

export async function startServer(options: {
  root: string
  port: number
  dataDir: string
  logFile: string
}): Promise<SoakServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    FORM_RATE_LIMIT: '0',
  }
  // Its own data folder only: no real database or mail server takes the soak's traffic.
  delete env.DATABASE_URL
  delete env.SMTP_URL
  const log = createWriteStream(options.logFile)
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--import', probe, 'build/server.js'],
    { cwd: options.root, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  )
  child.stdout!.pipe(log, { end: false })
  child.stderr!.pipe(log, { end: false })
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null))
    child.on('exit', (code) => resolve(code))
  })
  let gone = false
  void exited.then(() => (gone = true))

  const url = `http://127.0.0.1:${options.port}`
  const deadline = Date.now() + 180_000
  for (;;) {
    if (gone)
      throw new Error(`The server stopped before it answered:\n${await tail(options.logFile)}`)
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(5000) })
      await response.arrayBuffer()
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The server did not answer within 3 minutes:\n${await tail(options.logFile)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }

  const heap = () =>
    new Promise<NodeJS.MemoryUsage | undefined>((resolve) => {
      const timer = setTimeout(() => done(undefined), 5000)
      const listener = (message: unknown) => {
        const usage = (message as { soakMemory?: NodeJS.MemoryUsage }).soakMemory
        if (usage) done(usage)
      }
      const done = (usage: NodeJS.MemoryUsage | undefined) => {
        clearTimeout(timer)
        child.off('message', listener)
        resolve(usage)
      }
      child.on('message', listener)
      child.send('soak:memory')
    })

  return {
    url,
    pid: child.pid!,
    logFile: options.logFile,
    exited,
    async memory(at) {
      const usage = await heap()
      const { rss } = parseProcStatus(await readFile(`/proc/${child.pid}/status`, 'utf8'))
      return { at, rss, heapUsed: usage?.heapUsed, external: usage?.external }
    },
    async stop(graceMs = 15_000) {
      const started = Date.now()
      if (gone) return { code: await exited, ms: 0 }
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      const code = await exited
      clearTimeout(timer)
      log.end()
      return { code, ms: Date.now() - started }
    },
  }
}

export async function tail(file: string, lines = 20): Promise<string> {
  if (!existsSync(file)) return '(no log)'
  return (await readFile(file, 'utf8')).trimEnd().split('\n').slice(-lines).join('\n')
}

/** A port nothing listens on: the first free one of `range`, else one the system picks. */
export async function freePort(range?: [number, number]): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(undefined))
      server.listen(port, '127.0.0.1', () => {
        const address = server.address()
        server.close(() =>
          resolve(typeof address === 'object' && address ? address.port : undefined),
        )
      })
    })
  if (range) {
    for (let port = range[0]; port <= range[1]; port++) {
      const free = await tryPort(port)
      if (free !== undefined) return free
    }
    throw new Error(`No free port in ${range[0]}-${range[1]}`)
  }
  return (await tryPort(0))!
}

/** The mail the outbox wrote to DATA_DIR/mail: one .eml file a message. */
export async function mailFiles(dataDir: string): Promise<number> {
  const { readdir } = await import('node:fs/promises')
  const dir = path.join(dataDir, 'mail')
  if (!existsSync(dir)) return 0
  return (await readdir(dir)).filter((name) => name.endsWith('.eml')).length
}
