import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const probe = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url))

function withProbe(script: string) {
  return spawn(process.execPath, ['--expose-gc', '--import', probe, '-e', script], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
}

describe('memory-probe.mjs', () => {
  it('answers the memory after a full collection when asked over IPC', async () => {
    const child = withProbe('setTimeout(() => {}, 10_000)')
    try {
      const answer = new Promise<unknown>((resolve) => child.once('message', resolve))
      child.send('soak:memory')
      const { soakMemory } = (await answer) as { soakMemory: NodeJS.MemoryUsage }
      expect(soakMemory.heapUsed).toBeGreaterThan(0)
      expect(soakMemory.rss).toBeGreaterThanOrEqual(soakMemory.heapUsed)
    } finally {
      child.kill()
    }
  })

  it('never keeps the process running by itself', async () => {
    const child = withProbe('setTimeout(() => {}, 100)')
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code).toBe(0)
  })
})
