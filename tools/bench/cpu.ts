import { readdir, readFile } from 'node:fs/promises'
import { cpuSecondsFromStat } from './stats.ts'

type ProcessTable = Map<number, { ppid: number; cpu: number }>

async function readProcesses(): Promise<ProcessTable> {
  const stats: ProcessTable = new Map()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      stats.set(Number(entry), { ppid, cpu: cpuSecondsFromStat(stat) })
    } catch {
      // the process ended while we looked
    }
  }
  return stats
}

/** `pid` and every process below it, parents before their children. */
function tree(stats: ProcessTable, pid: number): number[] {
  const found: number[] = []
  const queue = stats.has(pid) ? [pid] : []
  while (queue.length > 0) {
    const current = queue.shift()!
    found.push(current)
    for (const [child, { ppid }] of stats) if (ppid === current) queue.push(child)
  }
  return found
}

/**
 * CPU seconds used so far by a process and every process below it (nginx's workers, the
 * workers node:cluster forks under WEB_CONCURRENCY).
 */
export async function treeCpuSeconds(pid: number): Promise<number> {
  const stats = await readProcesses()
  return tree(stats, pid).reduce((total, current) => total + stats.get(current)!.cpu, 0)
}

/** The ids of a process and every process below it: what treeCpuSeconds counts. */
export async function treeProcesses(pid: number): Promise<number[]> {
  return tree(await readProcesses(), pid)
}
