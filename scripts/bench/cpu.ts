import { readdir, readFile } from 'node:fs/promises'
import { cpuSecondsFromStat } from './stats.ts'

/** CPU seconds used so far by a process and every process below it (nginx's workers). */
export async function treeCpuSeconds(pid: number): Promise<number> {
  const stats = new Map<number, { ppid: number; cpu: number }>()
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
  let total = 0
  const queue = [pid]
  while (queue.length > 0) {
    const current = queue.shift()!
    total += stats.get(current)?.cpu ?? 0
    for (const [child, { ppid }] of stats) if (ppid === current) queue.push(child)
  }
  return total
}
