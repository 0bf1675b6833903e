import { readdir } from 'node:fs/promises'
import path from 'node:path'

/** How many .eml files the outbox's file transport has written to DATA_DIR/mail so far. */
export async function countMailFiles(dataDir: string): Promise<number> {
  try {
    return (await readdir(path.join(dataDir, 'mail'))).filter((name) => name.endsWith('.eml'))
      .length
  } catch {
    return 0
  }
}

/**
 * Waits until the outbox worker has written at least `expected` mails and then nothing new for
 * two seconds (a request cut off at the end of a run may still have queued one), or until it
 * has written nothing for 30 seconds. The count written.
 */
export async function waitForMail(dataDir: string, expected: number): Promise<number> {
  let mailed = await countMailFiles(dataDir)
  let changedAt = Date.now()
  for (;;) {
    const quiet = Date.now() - changedAt
    if ((mailed >= expected && quiet >= 2000) || quiet >= 30_000) return mailed
    await new Promise((resolve) => setTimeout(resolve, 250))
    const now = await countMailFiles(dataDir)
    if (now !== mailed) [mailed, changedAt] = [now, Date.now()]
  }
}
