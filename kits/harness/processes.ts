import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import type { Command } from './types.ts'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export function onPath(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v "$0"`, program]).status === 0
}

/** Runs a command to its end; throws with its output when it fails. */
export function runToEnd(
  command: Command,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 180_000,
) {
  const result = spawnSync(command.command, command.args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: timeoutMs,
  })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
  if (result.status !== 0) {
    throw new Error(
      `${command.command} ${command.args.join(' ')} (in ${cwd}) exited ${result.status ?? result.signal}:\n${output.slice(-4000)}${result.error ? `\n${result.error.message}` : ''}`,
    )
  }
  return output
}

export interface RunningApp {
  url: string
  output(): string
  stop(): Promise<void>
}

/** Starts a kit's web app and waits until `GET /` answers 200. */
export async function startApp(
  command: Command,
  cwd: string,
  env: NodeJS.ProcessEnv,
  port: number,
  timeoutMs = 30_000,
): Promise<RunningApp> {
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(command.command, command.args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let exited: number | null | undefined
  child.on('exit', (code) => (exited = code))

  const stop = async () => {
    if (exited !== undefined || child.pid === undefined) return
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      return
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        /* already gone */
      }
    }, 3000)
    await ended
    clearTimeout(timer)
  }

  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited !== undefined) {
      throw new Error(
        `${command.command} ${command.args.join(' ')} exited ${exited} before answering:\n${output.slice(-4000)}`,
      )
    }
    try {
      const response = await fetch(url + '/', { signal: AbortSignal.timeout(2000) })
      await response.arrayBuffer()
      if (response.status === 200) break
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(
        `${command.command} ${command.args.join(' ')} did not answer GET / within ${timeoutMs} ms:\n${output.slice(-4000)}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  return { url, output: () => output, stop }
}
