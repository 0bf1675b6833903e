import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { startChild, stopChild, waitForHttp } from '#tools/measure/processes.ts'
import { type MemorySample, parseProcStatus } from './memory.ts'

const probeArgs = [
  '--expose-gc',
  '--import',
  fileURLToPath(new URL('./memory-probe.mjs', import.meta.url)),
]

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
  const child = startChild('The server', process.execPath, [...probeArgs, 'build/server.js'], {
    cwd: options.root,
    env,
    logFile: options.logFile,
    ipc: true,
  })
  const url = `http://127.0.0.1:${options.port}`
  try {
    await waitForHttp(child, `${url}/`, 180_000)
  } catch (error) {
    child.process.kill('SIGKILL')
    throw error
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
        child.process.off('message', listener)
        resolve(usage)
      }
      child.process.on('message', listener)
      child.process.send('soak:memory')
    })

  return {
    url,
    pid: child.process.pid!,
    logFile: options.logFile,
    exited: child.exited,
    async memory(at) {
      const usage = await heap()
      const { rss } = parseProcStatus(await readFile(`/proc/${child.process.pid}/status`, 'utf8'))
      return { at, rss, heapUsed: usage?.heapUsed, external: usage?.external }
    },
    async stop(graceMs = 15_000) {
      const started = Date.now()
      const code = await stopChild(child, 'SIGTERM', graceMs)
      return { code, ms: Date.now() - started }
    },
  }
}
