import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server on loopback that keeps what it receives. It can be stopped and started
 * again on the same port to play a mail-server outage.
 */
export class TestMailServer {
  readonly received: ParsedMail[] = []
  private server: SMTPServer | undefined
  port = 0

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push(mail)
            callback()
          })
          .catch(callback)
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (server.server.address() as AddressInfo).port
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  /** Waits until at least `count` messages have arrived. */
  async waitFor(count: number, timeoutMs = 20_000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs
    while (this.received.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} mails, got ${this.received.length}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return this.received
  }
}
