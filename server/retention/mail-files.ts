/**
 * Without SMTP_URL the server "sends" mail by writing it to DATA_DIR/mail/<time>-<id>.eml
 * (server/mail/transport.ts): whole messages, resumes attached. They are copies of mail like the
 * outbox rows, so they are kept for the same period and erased on the same requests.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'

/** The .eml files in `dir`, none when it does not exist. */
async function mailFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.eml'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/** Deletes the mail files written before `cutoff` (their name starts with the time); answers how many. */
export async function pruneMailFiles(dir: string, cutoff: Date): Promise<number> {
  let deleted = 0
  for (const name of await mailFiles(dir)) {
    const file = path.join(dir, name)
    const stamp = Number(/^(\d+)-/.exec(name)?.[1])
    const writtenAt = Number.isFinite(stamp)
      ? stamp
      : await stat(file).then(
          (info) => info.mtimeMs,
          () => Infinity,
        )
    if (writtenAt < cutoff.getTime()) {
      await rm(file, { force: true })
      deleted++
    }
  }
  return deleted
}

/**
 * Deletes the mail files whose headers (From, To, Reply-To, Cc…) name `address` (lower-case);
 * answers their names.
 */
export async function eraseMailFiles(dir: string, address: string): Promise<string[]> {
  const pattern = new RegExp(
    `(^|[\\s<,:"])${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[\\s>,"])`,
    'im',
  )
  const erased: string[] = []
  for (const name of await mailFiles(dir)) {
    const file = path.join(dir, name)
    let content: string
    try {
      content = await readFile(file, 'latin1')
    } catch {
      continue // gone meanwhile
    }
    const end = content.search(/\r?\n\r?\n/)
    const headers = (end === -1 ? content : content.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ')
    if (pattern.test(headers)) {
      await rm(file, { force: true })
      erased.push(name)
    }
  }
  return erased
}
