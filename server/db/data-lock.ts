import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * PGlite serves one process and does not lock its folder, so two servers on one data folder
 * would corrupt it. The server writes its pid into DATA_DIR/server.lock and refuses to start
 * while another live process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockFile = path.join(dataDir, 'server.lock')
  const holder = readHolder(lockFile)
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
    throw new DataDirLockedError(
      `Another server (process ${holder}) is using ${path.resolve(dataDir)}. Stop it, or start this one with another DATA_DIR.`,
    )
  }
  writeFileSync(lockFile, String(process.pid))
  return () => {
    if (readHolder(lockFile) === process.pid) rmSync(lockFile, { force: true })
  }
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

function readHolder(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10)
    return Number.isInteger(pid) ? pid : undefined
  } catch {
    return undefined
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
