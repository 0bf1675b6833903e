import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'

/** A child process a measuring command started, with its output going to a log file. */
export interface Child {
  name: string
  process: ChildProcess
  logFile: string
  /** Settles when the process has exited. */
  exited: Promise<number | null>
}

export function startChild(
  name: string,
  command: string,
  args: string[],
  options: {
    cwd: string
    env?: NodeJS.ProcessEnv
    logFile: string
    /** Open a message channel to a Node.js child (`process.send`). */
    ipc?: boolean
  },
): Child {
  const log = createWriteStream(options.logFile)
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.pipe(log, { end: false })
  child.stderr!.pipe(log, { end: false })
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      log.write(`could not start ${command}: ${error.message}\n`)
      resolve(null)
    })
    child.on('exit', (code, signal) => {
      log.write(`\n[${name} exited with ${signal ?? code}]\n`)
      resolve(code)
    })
  })
  return { name, process: child, logFile: options.logFile, exited }
}

/**
 * Sends `signal`, waits for the exit, and kills the process if it is still there after
 * `graceMs`. Its exit code: null when it was killed or never started.
 */
export async function stopChild(
  child: Child,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 15_000,
): Promise<number | null> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return child.exited
  child.process.kill(signal)
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs)
  const code = await child.exited
  clearTimeout(timer)
  return code
}

/** Resolves once `url` answers 200, or throws when the process exits or `timeoutMs` passes. */
export async function waitForHttp(child: Child, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  let exited = false
  void child.exited.then(() => (exited = true))
  for (;;) {
    if (exited)
      throw new Error(`${child.name} stopped before it answered:\n${await tail(child.logFile)}`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${await tail(child.logFile)}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

export async function tail(file: string, lines = 20): Promise<string> {
  if (!existsSync(file)) return '(no log)'
  return (await readFile(file, 'utf8')).trimEnd().split('\n').slice(-lines).join('\n')
}

/** A port nothing listens on: the first free one of `range`, else one the system picks. */
export async function freePort(range?: [number, number], taken: number[] = []): Promise<number> {
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
      if (taken.includes(port)) continue
      if ((await tryPort(port)) !== undefined) return port
    }
    throw new Error(`No free port in ${range[0]}-${range[1]}`)
  }
  for (;;) {
    const port = await tryPort(0)
    if (port !== undefined && !taken.includes(port)) return port
  }
}
