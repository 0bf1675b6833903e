/**
 * A merchant's webhook endpoint for the browser tests: a real HTTP server on loopback that
 * answers 200 and keeps each delivery as it arrived. Free of any test runner, so Playwright's
 * specs use it as they are (webhook-receiver.ts is Vitest's, with its expectations).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Delivery {
  /** X-Paystra-Signature as sent. */
  signature: string
  /** X-Paystra-Event-Id as sent. */
  eventId: string
  /** The body's bytes as UTF-8 text, unparsed. */
  body: string
}

export interface WebhookEndpoint {
  url: string
  received: Delivery[]
  close(): Promise<void>
}

export async function startWebhookEndpoint(): Promise<WebhookEndpoint> {
  const received: Delivery[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({
        signature: String(req.headers['x-paystra-signature']),
        eventId: String(req.headers['x-paystra-event-id']),
        body: Buffer.concat(chunks).toString('utf8'),
      })
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
