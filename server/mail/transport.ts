import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'

/** Sends one message; throws when the message was not accepted. */
export interface MailTransport {
  send(message: Mail.Options): Promise<void>
  close(): void
  describe(): string
}

/** SMTP through nodemailer. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl)
  const transporter = nodemailer.createTransport({
    // Reuse connections: a queue of mail after an outage goes out in seconds, not minutes.
    pool: true,
    maxConnections: 3,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // A mail server on the same machine or network answers at once; don't hang on a dead one.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    async send(message) {
      await transporter.sendMail(message)
    },
    close: () => transporter.close(),
    describe: () => `SMTP ${url.host}`,
  }
}

/**
 * With no SMTP server configured, each message is written as an .eml file under the mail
 * folder: open it with any mail program to read exactly what would have been sent.
 */
export function fileTransport(mailDir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true })
  // The folder is made before the first mail and again only if it has gone: a mkdir before
  // every mail was 3 % of the server's CPU at 200 contact messages a second.
  let folderMade: Promise<unknown> | undefined
  const makeFolder = () =>
    (folderMade ??= mkdir(mailDir, { recursive: true }).catch((error: unknown) => {
      folderMade = undefined
      throw error
    }))
  return {
    async send(message) {
      const info = await builder.sendMail(message)
      const id = String(info.messageId).replace(/[^A-Za-z0-9.@-]/g, '')
      const file = path.join(mailDir, `${Date.now()}-${id}.eml`)
      await makeFolder()
      try {
        await writeFile(file, info.message as Buffer)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        folderMade = undefined
        await makeFolder()
        await writeFile(file, info.message as Buffer)
      }
    },
    close: () => builder.close(),
    describe: () => `files in ${path.resolve(mailDir)}`,
  }
}
